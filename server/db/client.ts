import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { listenPostgres, type Listener } from './listen';

/**
 * The one database interface the repositories use: parameterised SQL that runs unchanged on the
 * embedded PGlite and on PostgreSQL.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The raw driver, for libraries that bring their own SQL (the job queue). */
  readonly raw: unknown;
  /**
   * LISTENs on `channel` (NOTIFY from this or, on PostgreSQL, any process); `onPayload` gets each
   * payload, and null after a reconnection (notifications may have been lost meanwhile).
   */
  listen(channel: string, onPayload: (payload: string | null) => void): Promise<Listener>;
}

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, 'db'));
}

export async function openPglite(dir: string | null): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  // Postgres' default 128 MB of shared buffers is sized for a server of its own; the embedded
  // database holds little, and every megabyte of it stays resident in the WASM heap.
  const options = { postgresqlconf: ['shared_buffers = 32MB'] };
  const pg = dir ? new PGlite(dir, options) : new PGlite(options);
  await pg.waitReady;
  type Q = { query: typeof pg.query; exec: typeof pg.exec };
  const wrap = (q: Q, inTx: boolean): Db => ({
    kind: 'pglite',
    raw: pg,
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await q.query<T>(sql, params);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (inTx) return fn(wrap(q, true));
      return pg.transaction((tx) => fn(wrap(tx as unknown as Q, true)));
    },
    async close() {
      if (!inTx) await pg.close();
    },
    async listen(channel, onPayload) {
      const stop = await pg.listen(channel, (payload) => onPayload(payload));
      return { close: () => stop() };
    },
  });
  return wrap(pg, false);
}

export async function openPostgres(url: string): Promise<Db> {
  const pgModule = await import('pg');
  const pg = pgModule.default;
  // Dates stay text (YYYY-MM-DD) and timestamps are formatted by the repositories.
  pg.types.setTypeParser(1082, (v: string) => v);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, an administrator, a dropped network) is an
  // 'error' on the pool; unheard, it would stop the process. The pool opens a new one when needed.
  pool.on('error', (err) => console.error(`database: an idle connection was closed (${err.message}); it will be replaced`));
  type Client = { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };
  const wrap = (client: Client, inTx: boolean): Db => ({
    kind: 'postgres',
    raw: pool,
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await client.query(sql, params);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (inTx) return fn(wrap(client, true));
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const out = await fn(wrap(conn, true));
        await conn.query('COMMIT');
        return out;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        conn.release();
      }
    },
    async close() {
      if (!inTx) await pool.end();
    },
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload),
  });
  return wrap(pool, false);
}
