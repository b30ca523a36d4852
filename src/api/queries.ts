import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '../../core/decisions';
import { clearToken, getToken } from '../session/token';
import { ApiError } from './client';
import { fetchConfig, fetchEngine } from './config';
import { listUsers, readMe } from './users';

/** The query keys of the app, each named once (the demo screens' are demoKeys in demo.ts). */
export const queryKeys = {
  currentUser: ['currentUser'] as const,
  config: ['config'] as const,
  engine: ['engine'] as const,
  users: ['users'] as const,
  usersPage: (page: number) => ['users', { page }] as const,
  tasks: ['tasks'] as const,
  tasksPage: (page: number) => ['tasks', { page }] as const,
  taskHistory: ['tasks', 'history'] as const,
  task: (id: string) => ['tasks', 'one', id] as const,
  taskVersions: (id: string) => ['tasks', 'one', id, 'versions'] as const,
  taskByStudy: (studyInstanceUid: string) => ['tasks', 'study', studyInstanceUid] as const,
  taskImage: (id: string, view: string, layer: string) => ['tasks', 'one', id, 'image', view, layer] as const,
  lastTask: ['last_task'] as const,
  lastTaskImage: (view: string, layer: string) => ['last_task', 'image', view, layer] as const,
};

/**
 * The signed-in user. Fetched only when a token exists. Only a 401 ends the session (the server no
 * longer honours the token), so the guards send the person back to /login; a request cut off by the
 * network, cancelled by a navigation, or answered with any other failure keeps the token, so an
 * unstable connection never logs anyone out and saved copies stay readable offline.
 */
export async function fetchCurrentUser() {
  try {
    return await readMe();
  } catch (error) {
    if (sessionRefused(error)) clearToken();
    throw error;
  }
}

/** The server refused the token itself: logging in again is the only way on. */
export function sessionRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** No answer at all (status 0) or a server fault: asking again may work; a 4xx will not change. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export const currentUserQuery = () =>
  queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
    enabled: getToken() !== null,
    // A dropped connection on an unstable network is asked again (1 s, 2 s, 4 s) before the
    // layout says the server cannot be reached; a refused token is final at once.
    retry: (count, error) => count < 3 && isTransient(error),
    staleTime: 30_000,
  });

export const configQuery = () => queryOptions({ queryKey: queryKeys.config, queryFn: fetchConfig, staleTime: Infinity });

/** The running engine, asked each time a page needs it and not retried: no answer means "could not check". */
export const engineQuery = () => queryOptions({ queryKey: queryKeys.engine, queryFn: fetchEngine, retry: false });

export const usersPageQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.usersPage(page),
    queryFn: () => listUsers((page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
