/**
 * PostgreSQL ends a connection the pool holds idle (a restart, an administrator, a network cut):
 * the process goes on and the next query gets a new connection. Unheard, that 'error' would stop
 * the whole server. (PGlite runs in the process: nothing to lose.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/client';
import { dbLabel, freshDatabase, TEST_POSTGRES_ADMIN_URL } from '../support/test-db';

describe(`database connections on ${dbLabel()}`, async () => {
  const database = await freshDatabase();
  afterAll(() => database.drop());

  it('answers after its connections were ended by the server', async () => {
    expect(await database.db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    if (database.db.kind !== 'postgres') return;
    const name = new URL(database.url!).pathname.slice(1);
    const admin = await openPostgres(TEST_POSTGRES_ADMIN_URL);
    try {
      const ended = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1', [name]);
      expect(ended.length, 'the idle connection was there to end').toBeGreaterThan(0);
    } finally {
      await admin.close();
    }
    // The pool hears the loss while the connection is idle, then opens a new one.
    await new Promise((r) => setTimeout(r, 300));
    expect(await database.db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
