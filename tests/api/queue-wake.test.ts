/**
 * A queued task wakes an idle worker at once instead of waiting for its next poll: within the
 * process directly (the embedded database), and across processes on PostgreSQL by NOTIFY. The
 * workers here poll once a minute, so a task taken within seconds was taken because of the wake.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client';
import { createJobQueue, TASK_QUEUE, type JobQueue } from '../../server/jobs/queue';
import { dbLabel, freshDatabase } from '../support/test-db';

const SLOW_POLL = { pollingIntervalSeconds: 60, maintenanceIntervalSeconds: 300 };
const QUIET = SLOW_POLL;
const onPostgres = process.env.TEST_DB === 'postgres';

/** Resolves with the task ids the worker takes, in order; `next()` waits for the next one. */
function taken() {
  const seen: string[] = [];
  const waiting: Array<(id: string) => void> = [];
  return {
    handler: async (job: { taskId: string }) => {
      const w = waiting.shift();
      if (w) w(job.taskId);
      else seen.push(job.taskId);
    },
    next(withinMs: number): Promise<string> {
      const ready = seen.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no task taken within ${withinMs} ms: the worker waited for its next poll`)), withinMs);
        waiting.push((id) => {
          clearTimeout(t);
          resolve(id);
        });
      });
    },
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`waking idle workers (${dbLabel()})`, async () => {
  const database = await freshDatabase();
  const queues: JobQueue[] = [];
  const others: Db[] = [];
  afterAll(async () => {
    for (const q of queues) await q.stop();
    for (const d of others) await d.close();
    await database.drop();
  });

  it('takes a task queued in the same process at once, not at the next poll a minute later', async () => {
    const queue = await createJobQueue(database.db, database.url, SLOW_POLL);
    try {
      const t = taken();
      await queue.enqueue('warm-up');
      await queue.work(t.handler);
      expect(await t.next(10_000)).toBe('warm-up');
      // The worker is now idle until its next poll, a minute away.
      await pause(1000);
      await queue.enqueue('task-1');
      expect(await t.next(10_000)).toBe('task-1');
    } finally {
      // Its worker must not take the next test's task.
      await queue.stop();
    }
  });

  if (onPostgres) {
    it('takes a task queued by another process on PostgreSQL at once (LISTEN/NOTIFY)', async () => {
      // Another "process": its own connections and its own queue, which has no worker.
      const apiDb = await openPostgres(database.url!);
      others.push(apiDb);
      const api = await createJobQueue(apiDb, database.url, SLOW_POLL);
      queues.push(api);
      const workerDb = await openPostgres(database.url!);
      others.push(workerDb);
      const worker = await createJobQueue(workerDb, database.url, SLOW_POLL);
      queues.push(worker);
      const t = taken();
      await worker.work(t.handler);
      await pause(1000);
      await api.enqueue('from-the-api');
      expect(await t.next(10_000)).toBe('from-the-api');
    });
  }
});

// Several processes starting at once on a new PostgreSQL database (npm run cluster: two APIs and
// two workers) each create the task queue. pg-boss's queue creation can deadlock with itself there;
// every process must still start, with one queue between them. (One process per embedded database.)
if (onPostgres) {
  describe('starting several processes at once (PostgreSQL)', () => {
    it('every process starts, sharing one task queue, on each of several new databases', async () => {
      for (let round = 0; round < 4; round++) {
        const database = await freshDatabase();
        const dbs: Db[] = [];
        const queues: JobQueue[] = [];
        try {
          for (let i = 0; i < 4; i++) dbs.push(await openPostgres(database.url!));
          const started = await Promise.allSettled(dbs.map((db) => createJobQueue(db, database.url, QUIET)));
          for (const s of started) if (s.status === 'fulfilled') queues.push(s.value);
          const failures = started.flatMap((s) => (s.status === 'rejected' ? [String((s.reason as Error).message)] : []));
          expect(failures, `round ${round + 1}`).toEqual([]);
          const rows = await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.queue WHERE name = $1`, [TASK_QUEUE]);
          expect(rows[0].n).toBe(1);
        } finally {
          for (const q of queues) await q.stop();
          for (const db of dbs) await db.close();
          await database.drop();
        }
      }
    });
  });
}
