/**
 * A study's views decoded and analysed while the rest of its upload is still arriving (issue 19).
 * Each view is prepared the moment its file is on disk, so by the time the fourth view arrives
 * the first ones are done: on this 2-core machine the upload of a full-field study takes 0.4-0.9 s
 * from the loopback, and over a patient's slow connection most of the processing happens while
 * she is still uploading instead of after.
 *
 * It is only ever a head start: the worker that runs the task takes what was started for it
 * (process-task.ts, prepareViews), and a view whose head start failed in any way is prepared again
 * from the stored file, so that a wrong or broken file gets the message it always got. What is
 * never taken (the upload was refused, another worker process took the task) is dropped.
 *
 * One study at a time, and only on idle threads: a head start must never slow down a study that
 * is already being processed, nor hold memory for many uploads at once. And a refused upload is
 * not counted as a submission, so its views were decoded for nothing: a user whose uploads were
 * refused twice within ten minutes (a connection that keeps breaking, or someone making the
 * threads work for free) gets no head start until then; her studies are processed as usual.
 */
import { readFile } from 'node:fs/promises';
import type { ViewKey } from '../../core/contract';
import type { Pipeline } from './process-task';
import type { UploadWatcher } from '../submissions/intake.service';

export type PreparedOutput = Awaited<ReturnType<Pipeline['prepare']>>;
export type HeadStartViews = Partial<Record<ViewKey, Promise<PreparedOutput>>>;

/**
 * How long a head start waits to be taken. The task is queued as soon as its upload is answered
 * and an idle worker in this process takes it within milliseconds; one that has not taken it by
 * then is busy elsewhere or not this process's, and the memory is given back.
 */
export const HEAD_START_KEEP_MS = 60_000;

/** Refused uploads of one user within REFUSALS_WINDOW_MS after which she gets no head start. */
export const REFUSALS_ALLOWED = 2;
export const REFUSALS_WINDOW_MS = 10 * 60_000;

export interface HeadStart {
  /**
   * A user who may submit has begun sending a study under `taskId` (before its bytes are read):
   * whether its views will get a head start is decided now, while the threads are idle.
   */
  uploadStarting(taskId: string, ownerId: string): void;
  /** The file of `key` is complete at `path`: start preparing it. */
  viewReceived(taskId: string, key: ViewKey, path: string): void;
  /** The upload was refused, failed or was a replay: forget what was started for it. */
  drop(taskId: string): void;
  /** What was started for `taskId`, handed over once (to the worker that processes it). */
  take(taskId: string): HeadStartViews | undefined;
}

export interface HeadStartOptions {
  /** Whether the pipeline has nothing to do right now (no study or view in progress). */
  idle(): boolean;
  keepMs?: number;
  /** How a received file is read (tests replace it). */
  read?: (path: string) => Promise<Uint8Array>;
  now?: () => number;
}

export function createHeadStart(
  pipeline: Pick<Pipeline, 'prepare'>,
  { idle, keepMs = HEAD_START_KEEP_MS, read = readFile, now = Date.now }: HeadStartOptions,
): HeadStart {
  // At most one study: the one whose upload began while the threads were idle.
  let held: { taskId: string; ownerId: string; views: HeadStartViews; timer: NodeJS.Timeout } | null = null;
  // When each user's recent uploads were refused (only users with a refusal in the window).
  const refusals = new Map<string, number[]>();
  const recentRefusals = (ownerId: string) => {
    const since = now() - REFUSALS_WINDOW_MS;
    for (const [owner, times] of refusals) {
      const recent = times.filter((t) => t > since);
      if (recent.length) refusals.set(owner, recent);
      else refusals.delete(owner);
    }
    return refusals.get(ownerId)?.length ?? 0;
  };

  const forget = (taskId: string) => {
    if (held?.taskId !== taskId) return undefined;
    const { views, timer } = held;
    clearTimeout(timer);
    held = null;
    return views;
  };

  return {
    uploadStarting(taskId, ownerId) {
      if (held || !idle() || recentRefusals(ownerId) >= REFUSALS_ALLOWED) return;
      const timer = setTimeout(() => forget(taskId), keepMs);
      timer.unref();
      held = { taskId, ownerId, views: {}, timer };
    },
    viewReceived(taskId, key, path) {
      if (held?.taskId !== taskId || held.views[key]) return;
      const prepared = read(path).then((bytes) => pipeline.prepare(bytes, key));
      // Nobody may ever take it (the upload refused after this view): a failure is not an
      // unhandled rejection. The worker that takes it sees the failure and prepares the view again.
      prepared.catch(() => undefined);
      held.views[key] = prepared;
    },
    drop(taskId) {
      const ownerId = held?.taskId === taskId ? held.ownerId : null;
      if (!forget(taskId) || !ownerId) return;
      refusals.set(ownerId, [...(refusals.get(ownerId) ?? []), now()]);
    },
    take: (taskId) => forget(taskId),
  };
}

/**
 * What the intake tells an in-process worker of a study on its way: its threads stop warming up
 * once an upload begins (pipeline-thread.ts, expectWork), and with a head start its views are
 * begun as they arrive.
 */
export function watchUploads(pipeline: { expectWork(): void }, headStart: HeadStart | null): UploadWatcher {
  return {
    uploadStarting(taskId, ownerId) {
      pipeline.expectWork();
      headStart?.uploadStarting(taskId, ownerId);
    },
    viewReceived: (taskId, key, path) => headStart?.viewReceived(taskId, key, path),
    uploadEnded(taskId, accepted) {
      if (!accepted) headStart?.drop(taskId);
    },
  };
}
