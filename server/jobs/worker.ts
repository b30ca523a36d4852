import type { Config } from '../config';
import type { Db } from '../db/client';
import { tasksRepository, submissionsRepository } from '../db/repositories/tasks.repository';
import { usersRepository } from '../db/repositories/users.repository';
import { createImageStore } from '../storage/create';
import { demoUsersRepository } from '../db/repositories/demo-users.repository';
import { processTask, type Pipeline } from './process-task';
import type { JobQueue } from './queue';
import type { HeadStart } from './head-start';

/**
 * The worker: takes task jobs from the queue and runs them. The same code runs inside the server
 * (RUN_WORKER, the default) or alone (`npm run worker`, which needs PostgreSQL to share the queue).
 */
export async function startWorker(opts: {
  config: Config;
  db: Db;
  queue: JobQueue;
  pipeline: Pipeline;
  /** A running task older than this is taken for abandoned by a dead worker. */
  staleRunningSeconds: number;
  log?: (msg: string) => void;
  /** A user's count or status changed (the server's user cache drops its copy). */
  userChanged?: (userId: string) => void;
  /** Views of uploads to this process begun while they arrived (head-start.ts). */
  headStart?: Pick<HeadStart, 'take'>;
}) {
  const log = opts.log ?? ((msg: string) => console.log(msg));
  const tasks = tasksRepository(opts.db);
  const deps = {
    tasks,
    submissions: submissionsRepository(opts.db),
    users: usersRepository(opts.db),
    demoUsers: demoUsersRepository(opts.db),
    files: createImageStore(opts.config, opts.db),
    pipeline: opts.pipeline,
    log,
    userChanged: opts.userChanged,
    headStart: opts.headStart,
  };
  // Tasks left behind by a process that stopped (killed mid-job, or between the database commit
  // and the queue) are queued again. On PGlite this process is the only worker, so every running
  // task is abandoned; on PostgreSQL another worker may still be at it, so only stale ones.
  const staleSeconds = opts.db.kind === 'pglite' ? 0 : opts.staleRunningSeconds;
  if (opts.db.kind === 'pglite') {
    const released = await opts.queue.releaseOrphans();
    if (released) log(`worker: handed back ${released} job(s) of a process that stopped`);
  }
  const requeue = async (stale: number) => {
    const pending = await tasks.unfinishedIds(stale);
    // A task whose job is still in the queue (a released orphan goes to retry) gets no second job:
    // two jobs for one task would both run it.
    const live = await opts.queue.liveTaskIds();
    const orphans = pending.filter((id) => !live.has(id));
    for (const id of orphans) await opts.queue.enqueue(id);
    if (orphans.length) log(`worker: re-queued ${orphans.length} unfinished task(s)`);
  };
  await requeue(staleSeconds);
  // And again now and then: a task left queued without a job (one that waits for the image store,
  // process-task.ts) is handed out again, by whichever worker looks first.
  if (opts.db.kind === 'postgres' || opts.config.storage.kind === 'orthanc') {
    const sweep = setInterval(() => {
      requeue(opts.staleRunningSeconds).catch((err) => log(`worker: unfinished studies could not be looked for: ${(err as Error).message}`));
    }, Math.max(5, opts.config.jobs.maintenanceIntervalSeconds) * 1000);
    sweep.unref();
  }

  await opts.queue.work(async (job, meta) => {
    const t0 = Date.now();
    // Which process holds which study, for an operator reading the logs of several workers.
    log(`task ${job.taskId}: taken (attempt ${meta.retryCount + 1})`);
    const outcome = await processTask(deps, job, meta);
    log(`task ${job.taskId}: ${outcome} in ${Date.now() - t0} ms`);
  });
}
