import type { Config } from '../config';
import type { Db } from '../db/client';
import { tasksRepository, submissionsRepository } from '../db/repositories/tasks.repository';
import { usersRepository } from '../db/repositories/users.repository';
import { fileStore } from '../storage/files';
import { processTask, type Pipeline } from './process-task';
import { demoJobs } from './process-demo';
import type { JobQueue } from './queue';

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
}) {
  const log = opts.log ?? ((msg: string) => console.log(msg));
  const tasks = tasksRepository(opts.db);
  const deps = {
    tasks,
    submissions: submissionsRepository(opts.db),
    users: usersRepository(opts.db),
    files: fileStore(opts.config.dataDir),
    pipeline: opts.pipeline,
    log,
    userChanged: opts.userChanged,
  };
  // Tasks left behind by a process that stopped (killed mid-job, or between the database commit
  // and the queue) are queued again. On PGlite this process is the only worker, so every running
  // task is abandoned; on PostgreSQL another worker may still be at it, so only stale ones.
  const staleSeconds = opts.db.kind === 'pglite' ? 0 : opts.staleRunningSeconds;
  if (opts.db.kind === 'pglite') {
    const released = await opts.queue.releaseOrphans();
    if (released) log(`worker: handed back ${released} job(s) of a process that stopped`);
  }
  const pending = await tasks.unfinishedIds(staleSeconds);
  // A task whose job is still in the queue (a released orphan goes to retry) gets no second job:
  // two jobs for one task would both run it.
  const live = await opts.queue.liveTaskIds();
  const orphans = pending.filter((id) => !live.has(id));
  for (const id of orphans) await opts.queue.enqueue(id);
  if (orphans.length) log(`worker: re-queued ${orphans.length} unfinished task(s)`);
  // Demo profiles' studies ride the same queue and pipeline (server/jobs/process-demo.ts).
  const demo = demoJobs({ db: opts.db, files: deps.files, pipeline: opts.pipeline, log });
  const demoPending = await demo.requeueUnfinished(staleSeconds, (id) => opts.queue.enqueue(id));
  if (demoPending) log(`worker: re-queued ${demoPending} unfinished demo stud(ies)`);

  await opts.queue.work(async (job, meta) => {
    const t0 = Date.now();
    const outcome = demo.handles(job) ? await demo.run(job, meta) : await processTask(deps, job, meta);
    log(`task ${job.taskId}: ${outcome} in ${Date.now() - t0} ms`);
  });
}
