import type { Db } from '../client';

/**
 * What the job queue reads from pg-boss's own schema and the wake it sends: pg-boss runs its
 * own SQL through the driver; these are the only statements of ours about its jobs.
 */
export function jobQueueRepository(db: Db) {
  return {
    /** Wakes every process LISTENing on `channel` (PostgreSQL only; PGlite has no other process). */
    async notify(channel: string): Promise<void> {
      if (db.kind === 'postgres') await db.query(`SELECT pg_notify($1, '')`, [channel]);
    },
    /** Ids of the queue's jobs some worker holds. */
    async activeJobIds(queue: string): Promise<string[]> {
      const rows = await db.query<{ id: string }>(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`, [queue]);
      return rows.map((r) => r.id);
    },
    /** Singleton keys (task ids) of the queue's jobs waiting, retrying or running. */
    async liveKeys(queue: string): Promise<Set<string>> {
      const rows = await db.query<{ key: string }>(
        `SELECT singleton_key AS key FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active') AND singleton_key IS NOT NULL`,
        [queue],
      );
      return new Set(rows.map((r) => r.key));
    },
  };
}
export type JobQueueRepository = ReturnType<typeof jobQueueRepository>;
