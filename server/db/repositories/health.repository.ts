import type { Db } from '../client';
import { TASK_QUEUE } from '../../jobs/queue';

/** What the health check asks the database: that it answers, and how deep the job queue is. */
export function healthRepository(db: Db) {
  return {
    kind: db.kind,
    async ping(): Promise<void> {
      await db.query('SELECT 1');
    },
    /** Jobs of the task queue by state (pg-boss keeps them in its own schema). */
    async queueDepth(): Promise<{ waiting: number; running: number }> {
      const rows = await db.query<{ state: string; n: number | string }>(
        `SELECT state, count(*) AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active') GROUP BY state`,
        [TASK_QUEUE],
      );
      const count = (states: string[]) => rows.filter((r) => states.includes(r.state)).reduce((s, r) => s + Number(r.n), 0);
      return { waiting: count(['created', 'retry']), running: count(['active']) };
    },
  };
}
export type HealthRepository = ReturnType<typeof healthRepository>;
