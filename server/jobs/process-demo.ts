import { EMPTY_RISK_FACTORS, VIEW_KEYS, readDemoProfile } from '../../core/contract';
import type { Db } from '../db/client';
import { demoUsersRepository, type DemoUsersRepository } from '../db/repositories/demo-users.repository';
import { ImageStoreUnavailableError, type ImageStore } from '../storage/image-store';
import { PermanentJobError, SERVER_FAULT_MESSAGE, derivedImages, prepareViews, type Pipeline } from './process-task';
import type { JobMeta, TaskJob } from './queue';

/** A demo profile's files are stored under this owner (DATA_DIR/files/demo/<demo user id>/ locally), beside the users'. */
export const DEMO_FILES_OWNER = 'demo';

/**
 * Demo studies ride the task queue: their job id is the demo user id with this prefix, so the one
 * worker (in-process or separate) runs both and a demo job can never be read as a task id.
 */
const DEMO_JOB_PREFIX = 'demo:';
export const demoJobId = (demoUserId: string) => `${DEMO_JOB_PREFIX}${demoUserId}`;
export const isDemoJob = (job: TaskJob) => job.taskId.startsWith(DEMO_JOB_PREFIX);

export interface DemoProcessDeps {
  demoUsers: DemoUsersRepository;
  files: ImageStore;
  pipeline: Pipeline;
  log(msg: string): void;
}

/**
 * Runs one demo study through the same pipeline as a task (decode, display PNGs, score), with the
 * profile's stated age instead of a birthdate (decisions.md). Ends with an explicit status; a
 * fault on our side is retried by the queue, and fails the study on the last attempt.
 */
export async function processDemoStudy(deps: DemoProcessDeps, demoUserId: string, meta: JobMeta): Promise<'completed' | 'failed' | 'skipped' | 'waiting'> {
  const { demoUsers, files, pipeline } = deps;
  const row = await demoUsers.find(demoUserId);
  if (!row || row.status === null || row.status === 'completed' || row.status === 'failed') return 'skipped';
  if (!(await demoUsers.start(row.id))) return 'skipped';

  const fail = async (message: string) => {
    await demoUsers.finish(row.id, 'failed', { error: message });
    deps.log(`demo study ${row.id} failed: ${message}`);
    return 'failed' as const;
  };

  try {
    const { views, displays } = await prepareViews(deps, DEMO_FILES_OWNER, row.id);
    // Read the profile again: its age may have changed while the images were decoded.
    const current = await demoUsers.find(row.id);
    if (!current) return 'skipped';
    const age = readDemoProfile(current.data)?.age ?? null;
    const { result, overlays } = await pipeline.score(views, {
      age,
      ageSource: age === null ? 'unknown' : 'demo_profile',
      riskFactors: EMPTY_RISK_FACTORS,
    });
    const keepImages = await files.keepDerived(DEMO_FILES_OWNER, row.id, derivedImages(displays, overlays));
    if (!(await demoUsers.finish(row.id, 'completed', result, keepImages))) {
      // Deleted while running: take away what this run wrote.
      await files.removeTask(DEMO_FILES_OWNER, row.id);
      return 'skipped';
    }
    return 'completed';
  } catch (err) {
    if (err instanceof PermanentJobError) return fail(err.message);
    if (err instanceof ImageStoreUnavailableError && meta.retryCount >= meta.retryLimit) {
      // As a task does (process-task.ts): it waits, queued, for the image store.
      await demoUsers.backToQueue(row.id);
      deps.log(`demo study ${row.id} waits for the image store: ${err.message}`);
      return 'waiting';
    }
    deps.log(`demo study ${row.id} attempt ${meta.retryCount + 1} failed: ${(err as Error).stack ?? err}`);
    if (meta.retryCount >= meta.retryLimit) return fail(SERVER_FAULT_MESSAGE);
    throw err;
  }
}

/** What the worker needs for demo jobs: re-queueing studies a stopped process left, and running one. */
export function demoJobs(opts: { db: Db; files: ImageStore; pipeline: Pipeline; log(msg: string): void }) {
  const deps: DemoProcessDeps = { demoUsers: demoUsersRepository(opts.db), files: opts.files, pipeline: opts.pipeline, log: opts.log };
  return {
    handles: isDemoJob,
    async requeueUnfinished(staleSeconds: number, enqueue: (jobId: string) => Promise<void>): Promise<number> {
      const ids = await deps.demoUsers.unfinished(staleSeconds);
      for (const id of ids) await enqueue(demoJobId(id));
      return ids.length;
    },
    run: (job: TaskJob, meta: JobMeta) => processDemoStudy(deps, job.taskId.slice(DEMO_JOB_PREFIX.length), meta),
  };
}
