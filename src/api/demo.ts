import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  apiPath,
  appendViews,
  DemoImages,
  DemoTaskPublic,
  DemoTasks,
  DemoUserPublic,
  DemoUsersPublic,
  Message,
  PATHS,
  TaskImage,
  type DemoImagesEntry,
  type DemoTaskEntry,
  type DemoUserPublic as DemoUser,
  type DemoUserUpdate,
  type OverlayLayer,
  type ViewKey,
} from '../../core/contract';
import { AI_MODEL, ADMIN_PAGE_SIZE, TIMING } from '../../core/decisions';
import { request } from './client';
import { settled } from './tasks';

/** The demo calls of spec section 7, each response parsed with the contract's schema. */
export const listDemoUsers = (skip = 0, limit = 10) => request(apiPath(PATHS.demoUsers), DemoUsersPublic, { query: { skip, limit } });
export const readDemoTask = (demoUserId: string) => request(apiPath(PATHS.demoTask, { demo_user_id: demoUserId }), DemoTaskPublic);
export const readDemoTasks = () => request(apiPath(PATHS.demoTasks), DemoTasks);
export const readDemoImages = () => request(apiPath(PATHS.demoImages), DemoImages);
export const readDemoImage = (demoUserId: string, view: ViewKey, layer: OverlayLayer = 'image') =>
  request(apiPath(PATHS.demoTaskImage, { demo_user_id: demoUserId, view_position: view }), TaskImage, { query: { layer } });

export interface NewDemoUser {
  name: string;
  /** JSON text with age, description and screening_location. */
  data: string;
  /** All four views or none. */
  files?: Partial<Record<ViewKey, File | Blob>>;
}

export function createDemoUser(input: NewDemoUser) {
  const form = new FormData();
  form.set('name', input.name);
  form.set('data', input.data);
  form.set('ai_model', AI_MODEL);
  appendViews(form, input.files ?? {});
  return request(apiPath(PATHS.newDemoUser), DemoUserPublic, { method: 'POST', body: { multipart: form } });
}
export const updateDemoUser = (id: string, body: DemoUserUpdate) => request(apiPath(PATHS.demoUser, { demo_user_id: id }), DemoUserPublic, { method: 'PATCH', body: { json: body } });
export const deleteDemoUser = (id: string) => request(apiPath(PATHS.demoUser, { demo_user_id: id }), Message, { method: 'DELETE' });

/** The demo query keys (the spec names demo_users, demo_tasks and demo_images). */
export const demoKeys = {
  users: ['demo_users'] as const,
  usersPage: (page: number) => ['demo_users', { page }] as const,
  /** The list the demo screens choose from (spec: skip 0, limit 10). */
  usersAll: ['demo_users', 'all'] as const,
  tasks: ['demo_tasks'] as const,
  task: (id: string) => ['demo_tasks', id] as const,
  images: ['demo_images'] as const,
  image: (id: string, view: string, layer: string) => ['demo_images', id, view, layer] as const,
};

/**
 * Profiles for /start-demo and the results demo panel. An empty list is asked again every 10 s:
 * on a first start the server makes the built-in profiles after it answers, and a visitor who came
 * that early sees them appear instead of an empty page until the list goes stale a minute later.
 */
export const demoUsersQuery = () =>
  queryOptions({
    queryKey: demoKeys.usersAll,
    queryFn: () => listDemoUsers(0, 10),
    staleTime: 60_000,
    refetchInterval: (query) => (query.state.data?.data.length === 0 ? TIMING.taskRefetchMs : false),
  });

/** One page of the /demo-admin table (pages start at 1). */
export const demoUsersPageQuery = (page: number) =>
  queryOptions({
    queryKey: demoKeys.usersPage(page),
    queryFn: () => listDemoUsers((page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

/** Scores of every demo profile, keyed by demo user id. */
export const demoTasksQuery = () => queryOptions({ queryKey: demoKeys.tasks, queryFn: readDemoTasks, staleTime: 60_000 });

/**
 * A demo profile's study: while the engine is still scoring it (a profile just created or given
 * new images), polled like a user's own task until it settles, so the results page fills in by
 * itself instead of saying "processing" until reloaded.
 */
export const demoTaskQuery = (id: string) =>
  queryOptions({
    queryKey: demoKeys.task(id),
    queryFn: () => readDemoTask(id),
    staleTime: 60_000,
    refetchInterval: (q) => (q.state.data && !settled(q.state.data.status) && !q.state.data.result ? TIMING.taskRefetchMs : false),
  });

/** The four display images of every demo profile, keyed by demo user id. */
export const demoImagesQuery = () => queryOptions({ queryKey: demoKeys.images, queryFn: readDemoImages, staleTime: 5 * 60_000 });

/** One view (or overlay layer) of one profile's study; plain options, as taskImageQuery. */
export const demoImageQuery = (id: string, view: ViewKey, layer: OverlayLayer = 'image') => ({
  queryKey: demoKeys.image(id, view, layer),
  queryFn: () => readDemoImage(id, view, layer),
  staleTime: 5 * 60_000,
});

export type { DemoUser, DemoTaskEntry, DemoImagesEntry };
