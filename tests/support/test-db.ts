import { randomBytes } from 'node:crypto';
import { openPglite, openPostgres, type Db } from '../../server/db/client';

export const TEST_POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, empty database for one test file: an in-memory PGlite, or (TEST_DB=postgres) a new
 * PostgreSQL database that `drop` removes. Refuses to touch a database it did not create.
 */
export async function freshDatabase(): Promise<{ db: Db; url: string | null; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const db = await openPglite(null);
    return { db, url: null, drop: () => db.close() };
  }
  const name = `sd_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(TEST_POSTGRES_ADMIN_URL);
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = TEST_POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const db = await openPostgres(url);
  return {
    db,
    url,
    async drop() {
      // Closed already (a test that closed its own connection) is fine: the drop must still run.
      await db.close().catch(() => undefined);
      const again = await openPostgres(TEST_POSTGRES_ADMIN_URL);
      await again.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.close();
    },
  };
}

export const dbLabel = () => (process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite');
