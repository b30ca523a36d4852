/**
 * Run first by `npm test`: the API tests also run on PostgreSQL (TEST_POSTGRES_URL, by default
 * postgres://postgres@127.0.0.1:5432/postgres). Without one, say so in one line and stop, instead
 * of failing halfway with ECONNREFUSED and never reaching the browser tests.
 */
import pg from 'pg';
import { TEST_POSTGRES_ADMIN_URL } from '../tests/support/test-db';

const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.end();
} catch (err) {
  const where = TEST_POSTGRES_ADMIN_URL.replace(/\/\/[^@/]*@/, '//');
  console.error(
    `npm test needs PostgreSQL at ${where} (${(err as Error).message || (err as { code?: string }).code}): ` +
      'apt-get install postgresql and allow user postgres without a password (trust) on 127.0.0.1, or set TEST_POSTGRES_URL.',
  );
  process.exit(1);
}
