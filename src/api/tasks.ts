import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPath, PATHS, Message, ResultVersions, submissionFormData, TaskImage, TaskPublic, TasksPublic, type OverlayLayer, type TaskStatus, type ViewKey } from '../../core/contract';
import { ADMIN_PAGE_SIZE, TIMING } from '../../core/decisions';
import { request } from './client';
import { queryKeys } from './queries';

/** The task calls of spec section 7, each response parsed with the contract's schema. */
export const listTasks = (skip: number, limit: number) => request(apiPath(PATHS.tasks), TasksPublic, { query: { skip, limit } });
export const readTask = (id: string) => request(apiPath(PATHS.task, { task_id: id }), TaskPublic);
export const readLastTask = () => request(apiPath(PATHS.lastTask), TaskPublic);

/** One view of a task: the display image or one of its overlay layers. */
export const readTaskImage = (id: string, view: ViewKey, layer: OverlayLayer = 'image') =>
  request(apiPath(PATHS.taskImage, { task_id: id, view_position: view }), TaskImage, { query: { layer } });

export const readLastTaskImage = (view: ViewKey, layer: OverlayLayer = 'image') =>
  request(apiPath(PATHS.lastTaskImage, { view_position: view }), TaskImage, { query: { layer } });

/** POST /tasks/ (multipart): the four classified views and the single model option. */
export function createTask(files: Record<ViewKey, Blob>, options: { idempotencyKey?: string; signal?: AbortSignal } = {}) {
  return request(apiPath(PATHS.tasks), TaskPublic, { method: 'POST', body: { multipart: submissionFormData(files) }, signal: options.signal });
}

/** A data URL for an <img>, from the base64 PNG the image endpoints send. */
export const pngDataUrl = (b64: string) => `data:image/png;base64,${b64}`;

/** A task the engine is done with: polling it again would change nothing. */
export const settled = (status: TaskStatus | null | undefined) => status === 'completed' || status === 'failed';

/** A page of the task manager (5 a page), refetched every 10 s (spec section 7). */
export const tasksPageQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.tasksPage(page),
    queryFn: () => listTasks((page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE),
    placeholderData: keepPreviousData,
    refetchInterval: TIMING.taskRefetchMs,
  });

/** How many of her studies the history lists (GET /tasks/ answers her own, newest first). */
export const HISTORY_LIMIT = 100;

/**
 * Her studies, newest first (issue 18, item 1): polled while one of them is still processed. Kept
 * in the persisted cache like every answer, so the list opens offline too.
 */
export const taskHistoryQuery = () =>
  queryOptions({
    queryKey: queryKeys.taskHistory,
    queryFn: () => listTasks(0, HISTORY_LIMIT),
    staleTime: TIMING.lastTaskStaleMs,
    refetchInterval: (q) => (q.state.data?.data.some((t) => !settled(t.status)) ? TIMING.taskRefetchMs : false),
  });

export const taskQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.task(id),
    queryFn: () => readTask(id),
    refetchInterval: (q) => (settled(q.state.data?.status) ? false : TIMING.taskRefetchMs),
  });

/** The requesting user's last task: polled every 10 s until it settles, stale after 60 s. */
export const lastTaskQuery = () =>
  queryOptions({
    queryKey: queryKeys.lastTask,
    queryFn: readLastTask,
    staleTime: TIMING.lastTaskStaleMs,
    refetchInterval: (q) => (settled(q.state.data?.status) ? false : TIMING.taskRefetchMs),
  });

/**
 * One image layer of a task (or of the last task when id is null); images never change. Plain
 * options rather than queryOptions(), whose wider queryFn type the image screens cannot call.
 */
export const taskImageQuery = (id: string | null, view: ViewKey, layer: OverlayLayer) => ({
  queryKey: id ? queryKeys.taskImage(id, view, layer) : queryKeys.lastTaskImage(view, layer),
  queryFn: () => (id ? readTaskImage(id, view, layer) : readLastTaskImage(view, layer)),
  staleTime: Infinity,
  retry: false,
});

/** DELETE /tasks/{id}: "Delete this study" (its files, results and images). */
export const deleteTask = (id: string) => request(apiPath(PATHS.task, { task_id: id }), Message, { method: 'DELETE' });

/** GET /tasks/{id}/versions: the results a change of her answers replaced, oldest first. */
export const readTaskVersions = (id: string) => request(apiPath(PATHS.taskVersions, { task_id: id }), ResultVersions);

export const taskVersionsQuery = (id: string) => queryOptions({ queryKey: queryKeys.taskVersions(id), queryFn: () => readTaskVersions(id) });
