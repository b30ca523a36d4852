import type { Config } from './config';
import { openDatabase, type Db } from './db/client';
import { migrate } from './db/migrate';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { startWorker } from './jobs/worker';
import type { Pipeline } from './jobs/process-task';
import type { HeadStart } from './jobs/head-start';

/** Opens the database (migrated) and the job queue: what the server and the worker both need. */
export async function openRuntime(config: Config, log: (msg: string) => void = console.log): Promise<{ db: Db; queue: JobQueue }> {
  const db = await openDatabase(config);
  const applied = await migrate(db);
  if (applied.length) log(`database migrated: ${applied.join(', ')}`);
  const queue = await createJobQueue(db, config.databaseUrl, { ...config.jobs, concurrency: config.workerConcurrency });
  return { db, queue };
}

export async function runWorker(
  config: Config,
  db: Db,
  queue: JobQueue,
  pipeline: Pipeline,
  log: (msg: string) => void = console.log,
  userChanged?: (userId: string) => void,
  headStart?: Pick<HeadStart, 'take'>,
) {
  await startWorker({ config, db, queue, pipeline, staleRunningSeconds: config.jobs.expireInSeconds, log, userChanged, headStart });
}
