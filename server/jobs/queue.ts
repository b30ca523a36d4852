import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import type { Listener } from '../db/listen';
import { jobQueueRepository } from '../db/repositories/job-queue.repository';

/**
 * Waking idle workers when a task is queued, instead of at their next poll (JOB_POLL_SECONDS).
 * Within one process the queue wakes its own workers directly; across processes on PostgreSQL the
 * enqueuing process sends NOTIFY on this channel and every worker process LISTENs on it. Polling
 * stays as the fallback: a lost notification costs at most one polling interval.
 */
export const TASK_QUEUED_CHANNEL = 'sd_task_queued';

export const TASK_QUEUE = 'process-task';

export interface TaskJob {
  taskId: string;
}

export interface JobMeta {
  id: string;
  retryCount: number;
  retryLimit: number;
}

export interface JobQueue {
  enqueue(taskId: string): Promise<void>;
  /** Runs `handler` for each job; a throw retries with backoff until the retry limit. */
  work(handler: (job: TaskJob, meta: JobMeta) => Promise<void>): Promise<void>;
  /**
   * Hands back the jobs a dead process held (they go to retry at once instead of waiting to
   * expire). Only for a queue no other process works on: the embedded database's.
   */
  releaseOrphans(): Promise<number>;
  /** Task ids that already have a job waiting, retrying or running. */
  liveTaskIds(): Promise<Set<string>>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job whose worker died is handed out again after this long. */
  expireInSeconds: number;
  pollingIntervalSeconds: number;
  maintenanceIntervalSeconds: number;
  concurrency: number;
}

export const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
  pollingIntervalSeconds: 1,
  maintenanceIntervalSeconds: 30,
  concurrency: 1,
};

/**
 * pg-boss's database hook for PGlite: parameterised SQL goes to `query`, parameter-less SQL
 * (which may hold several statements) to `exec`, answering with the last result set.
 */
function pgliteAdapter(db: Db) {
  const pg = db.raw as {
    query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
    exec(sql: string): Promise<Array<{ rows: unknown[] }>>;
  };
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return pg.query(text, values);
      const results = await pg.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

const DEADLOCK = '40P01';

/**
 * Creates the task queue unless it exists. Several processes starting at once on a new database
 * (`npm run cluster`: two workers, two APIs) each run pg-boss's create_queue, whose insert and
 * partition DDL can deadlock with each other; PostgreSQL then aborts one of them. The survivor has
 * created the queue, so the aborted one tries again and finds it.
 */
async function ensureTaskQueue(boss: PgBoss, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(TASK_QUEUE)) return;
      await boss.createQueue(TASK_QUEUE, options);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
    }
  }
}

/** The job queue on the same database as everything else: PGlite embedded, or PostgreSQL. */
export async function createJobQueue(db: Db, databaseUrl: string | null, options: Partial<QueueOptions> = {}): Promise<JobQueue> {
  const o = { ...DEFAULT_QUEUE_OPTIONS, ...options };
  const boss =
    db.kind === 'pglite'
      ? new PgBoss({ db: pgliteAdapter(db), maintenanceIntervalSeconds: o.maintenanceIntervalSeconds, supervise: true, schedule: false } as never)
      : new PgBoss({ connectionString: databaseUrl!, max: 4, maintenanceIntervalSeconds: o.maintenanceIntervalSeconds, schedule: false });
  boss.on('error', (err: Error) => console.error('job queue error:', err.message));
  await boss.start();
  await ensureTaskQueue(boss, {
    name: TASK_QUEUE,
    retryLimit: o.retryLimit,
    retryDelay: o.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: o.expireInSeconds,
    // At most one waiting and one active job per task: re-queueing a task that waits is a no-op.
    policy: 'stately',
  });
  const jobs = jobQueueRepository(db);
  let stopped = false;
  const workerIds: string[] = [];
  let listener: Listener | null = null;
  const wakeLocal = () => {
    for (const id of workerIds) boss.notifyWorker(id);
  };
  return {
    async enqueue(taskId) {
      await boss.send(TASK_QUEUE, { taskId } satisfies TaskJob, { singletonKey: taskId });
      // A worker waiting for its next poll takes the task now: ours directly, other processes'
      // through NOTIFY (TASK_QUEUED_CHANNEL). The job is stored either way: a lost wake costs one poll.
      wakeLocal();
      await jobs.notify(TASK_QUEUED_CHANNEL).catch(() => undefined);
    },
    async releaseOrphans() {
      const ids = await jobs.activeJobIds(TASK_QUEUE);
      if (ids.length) await boss.fail(TASK_QUEUE, ids);
      return ids.length;
    },
    liveTaskIds: () => jobs.liveKeys(TASK_QUEUE),
    async work(handler) {
      if (db.kind === 'postgres' && !listener) listener = await db.listen(TASK_QUEUED_CHANNEL, wakeLocal);
      for (let i = 0; i < o.concurrency; i++) {
        const id = await boss.work<TaskJob>(
          TASK_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: o.pollingIntervalSeconds, includeMetadata: true },
          async (jobs) => {
            for (const job of jobs) {
              const j = job as unknown as { id: string; data: TaskJob; retryCount?: number; retryLimit?: number; retry_count?: number; retry_limit?: number };
              await handler(j.data, {
                id: j.id,
                retryCount: j.retryCount ?? j.retry_count ?? 0,
                retryLimit: j.retryLimit ?? j.retry_limit ?? o.retryLimit,
              });
            }
          },
        );
        workerIds.push(id);
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await listener?.close();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
    },
  };
}
