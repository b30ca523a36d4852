import type { OverlayKind, ScoredResult, ViewKey, RiskFactors } from '../../core/contract';
import { VIEW_KEYS, VIEW_LABELS } from '../../core/contract';
import type { PreparedView } from '../analysis/image/study';
import type { OwnerNow, TasksRepository, SubmissionsRepository, TaskRow } from '../db/repositories/tasks.repository';
import type { UsersRepository } from '../db/repositories/users.repository';
import type { DemoUsersRepository } from '../db/repositories/demo-users.repository';
import { DEMO_OWNER_ID, filesOwnerOf } from '../db/repositories/demo-owner';
import { ImageStoreUnavailableError, type DerivedImages, type ImageStore } from '../storage/image-store';
import type { JobMeta, TaskJob } from './queue';
import { demoProfileSubject, scoringSubject, type ScoringSubject } from './scoring-age';
import type { HeadStart } from './head-start';
import { resultForNow } from './subject-now';

/** A failure the person can act on (their file), with a message written for them. No retry. */
export class PermanentJobError extends Error {}

export type OverlayPngs = Partial<Record<OverlayKind, Buffer>>;

export interface ScoringContext {
  age: number | null;
  ageSource: 'birthdate' | 'dicom_birthdate' | 'demo_profile' | 'unknown';
  riskFactors: RiskFactors;
}

/** The steps of the pipeline that do real work; the job runner only moves data between them. */
export interface Pipeline {
  /**
   * Decodes one file, renders its windowed display PNG (about 1024 px high) and analyses the view
   * on its own (the part of the analysis that needs no other view), so that each view is analysed
   * as soon as it is decoded; throws PermanentJobError when the pixels cannot be read. The
   * pipeline may take `bytes`' memory (a threaded one moves it to its thread), so the caller must
   * not use them afterwards.
   */
  prepare(bytes: Uint8Array, key: ViewKey): Promise<{ view: PreparedView; png: Buffer }>;
  /** The study step: the findings that need several views, the overlays and the scores. */
  score(views: Record<ViewKey, PreparedView>, ctx: ScoringContext): Promise<{ result: ScoredResult; overlays: Record<ViewKey, OverlayPngs> }>;
}

export interface ProcessDeps {
  tasks: TasksRepository;
  submissions: SubmissionsRepository;
  users: Pick<UsersRepository, 'findById'>;
  demoUsers: Pick<DemoUsersRepository, 'findByTask'>;
  files: ImageStore;
  pipeline: Pipeline;
  log(msg: string): void;
  userChanged?(userId: string): void;
  /** Views this process began preparing while their upload arrived (head-start.ts). */
  headStart?: Pick<HeadStart, 'take'>;
}

export const SERVER_FAULT_MESSAGE =
  'We could not process your images because of a problem on our side. Your submission was not counted; please try again later.';

/** Whole years between a YYYY-MM-DD birthdate and a YYYYMMDD (or YYYY-MM-DD) study date. */
export function ageAt(birthdate: string | null, studyDate: string | null, today = new Date()): number | null {
  if (!birthdate) return null;
  const at = studyDate && /^\d{8}$/.test(studyDate) ? `${studyDate.slice(0, 4)}-${studyDate.slice(4, 6)}-${studyDate.slice(6, 8)}` : studyDate && /^\d{4}-\d{2}-\d{2}$/.test(studyDate) ? studyDate : today.toISOString().slice(0, 10);
  const [by, bm, bd] = birthdate.split('-').map(Number);
  const [sy, sm, sd] = at.split('-').map(Number);
  let age = sy - by;
  if (sm < bm || (sm === bm && sd < bd)) age -= 1;
  return age >= 0 && age < 130 ? age : null;
}

/**
 * Decodes and analyses the four views side by side (a threaded pipeline spreads them over its
 * threads), with their display images (kept with the result, `derivedImages`). When several fail,
 * the first in view order is the one reported, so the same files always give the same message.
 * A view this process began preparing during the upload (`headStart`) is taken as it is; one whose
 * head start failed, for whatever reason, is prepared again from the stored file, as if it had none.
 */
export async function prepareViews(
  deps: Pick<ProcessDeps, 'files' | 'pipeline' | 'headStart'>,
  ownerId: string,
  taskId: string,
): Promise<{ views: Record<ViewKey, PreparedView>; displays: Record<ViewKey, Uint8Array>; headStarted: number }> {
  const { files, pipeline } = deps;
  const started = deps.headStart?.take(taskId) ?? {};
  const fromStore = async (key: ViewKey) => {
    const bytes = await files.read(ownerId, taskId, `${key}.dcm`);
    if (!bytes) throw new PermanentJobError(`The ${VIEW_LABELS[key]} file is missing from storage.`);
    return pipeline.prepare(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), key);
  };
  const settled = await Promise.allSettled(VIEW_KEYS.map((key) => started[key]?.catch(() => fromStore(key)) ?? fromStore(key)));
  const views = {} as Record<ViewKey, PreparedView>;
  const displays = {} as Record<ViewKey, Uint8Array>;
  for (const [i, key] of VIEW_KEYS.entries()) {
    const r = settled[i];
    if (r.status === 'rejected') throw r.reason;
    views[key] = r.value.view;
    displays[key] = r.value.png;
  }
  return { views, displays, headStarted: Object.keys(started).length };
}

/** A run's pictures by file name: each view's display image (`<view>.png`) and overlays (`<view>.<layer>.png`). */
export function derivedImages(displays: Record<ViewKey, Uint8Array>, overlays: Partial<Record<ViewKey, Partial<Record<string, Uint8Array | null>>>>): DerivedImages {
  return VIEW_KEYS.flatMap((key) => [
    { name: `${key}.png`, data: displays[key] },
    ...Object.entries(overlays[key] ?? {}).flatMap(([layer, png]) => (png ? [{ name: `${key}.${layer}.png`, data: png }] : [])),
  ]);
}

/** A task id as the queue carries it; a job an older version queued under another scheme is skipped (the start-up sweep queues its task again). */
const TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose age and answers score the task, read when scoring (they may change while it runs: `settle` below); null when the owner is gone. */
async function subjectOf(deps: Pick<ProcessDeps, 'users' | 'demoUsers'>, task: TaskRow): Promise<ScoringSubject | null> {
  if (task.owner_id === DEMO_OWNER_ID) {
    const profile = await deps.demoUsers.findByTask(task.id);
    return profile ? demoProfileSubject(profile.data) : null;
  }
  const owner = await deps.users.findById(task.owner_id);
  return owner ? scoringSubject(owner, task) : null;
}

/**
 * Runs one task (a person's, or a demo profile's: decisions.md scores it at the profile's stated age): decode the four views, keep display images, score, store the result. Ends with an
 * explicit status. A throw (a fault on our side) lets the queue retry with backoff; on the last
 * attempt the task fails with a plain message and the submission is given back, once.
 */
export async function processTask(deps: ProcessDeps, job: TaskJob, meta: JobMeta): Promise<'completed' | 'failed' | 'skipped' | 'waiting'> {
  const { tasks, submissions, files, pipeline } = deps;
  if (!TASK_ID.test(job.taskId)) return 'skipped';
  const task = await tasks.find(job.taskId);
  if (!task || task.status === 'completed' || task.status === 'failed') return 'skipped';
  const attempt = await tasks.start(task.id);
  if (attempt === null) return 'skipped';
  const refresh = async () => {
    await submissions.refreshStatus(task.owner_id);
    deps.userChanged?.(task.owner_id);
  };
  await refresh();

  // The queue handed this task out again while this run still went on (its job expired): the
  // later attempt stores the outcome, and this one leaves its images, which are that one's too.
  const superseded = () => {
    deps.log(`task ${task.id} attempt ${attempt} ended after a later attempt began: its outcome is dropped`);
    return 'skipped' as const;
  };
  const fail = async (message: string) => {
    // Gives the submission back and updates the owner's status in the same transaction.
    const outcome = await tasks.finish(task.id, attempt, 'failed', { error: message });
    if (outcome === 'superseded') return superseded();
    deps.userChanged?.(task.owner_id);
    deps.log(`task ${task.id} failed: ${message}`);
    return 'failed' as const;
  };

  try {
    // Where a study's time goes, in the log: operators and bench/pipeline.bench.ts read it.
    const started = performance.now();
    const filesOwner = filesOwnerOf(task.owner_id);
    const { views, displays, headStarted } = await prepareViews(deps, filesOwner, task.id);
    const prepared = performance.now();
    const subject = await subjectOf(deps, task);
    if (!subject) return 'skipped';
    const { result, overlays } = await pipeline.score(views, subject);
    const scored = performance.now();
    const keepImages = await files.keepDerived(filesOwner, task.id, derivedImages(displays, overlays));
    // Her answers (a demo profile's age) may have changed since `subject` was read: the result is
    // settled against them as they are when it is stored (subject-now.ts).
    const settle = (stored: ScoredResult, owner: OwnerNow) => resultForNow(stored, subject, owner, task, new Date().toISOString());
    const finished = await tasks.finish(task.id, attempt, 'completed', result, keepImages, settle);
    if (finished === 'superseded' && (await tasks.find(task.id))) return superseded();
    if (finished === null || finished === 'superseded') {
      // Deleted while running: take away what this run wrote.
      await files.removeTask(filesOwner, task.id);
      return 'skipped';
    }
    deps.userChanged?.(task.owner_id);
    const ms = (from: number, to: number) => Math.round(to - from);
    const done = performance.now();
    deps.log(`task ${task.id} completed in ${ms(started, done)} ms: views decoded and analysed ${ms(started, prepared)} ms (${headStarted} of 4 begun during the upload), study scored ${ms(prepared, scored)} ms, stored ${ms(scored, done)} ms`);
    return 'completed';
  } catch (err) {
    if (err instanceof PermanentJobError) return fail(err.message);
    if (err instanceof ImageStoreUnavailableError && meta.retryCount >= meta.retryLimit) {
      // Nothing is wrong with the study and nothing of it is lost: it waits, queued, for the image
      // store to answer again, and the worker's sweep (worker.ts) hands it out again meanwhile.
      await tasks.backToQueue(task.id);
      deps.log(`task ${task.id} waits for the image store: ${err.message}`);
      return 'waiting';
    }
    deps.log(`task ${task.id} attempt ${meta.retryCount + 1} failed: ${(err as Error).stack ?? err}`);
    if (meta.retryCount >= meta.retryLimit) return fail(SERVER_FAULT_MESSAGE);
    throw err;
  }
}
