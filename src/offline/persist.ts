import { dehydrate, hydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { queryKeys } from '../api/queries';
import { getToken } from '../session/token';
import { offlineDb } from './db';

/**
 * The TanStack Query cache, kept in IndexedDB: a returning user opens the app with no network and
 * sees their last results and task list, marked as saved copies (see OfflineNotice).
 */
const KEY = 'query-client';
/** A new release with other response shapes drops what older code saved. */
const BUSTER = 'v1';
export const PERSIST_MAX_AGE_MS = 7 * 24 * 3600_000;
const WRITE_EVERY_MS = 1000;

export function idbPersister(): Persister {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: PersistedClient | null = null;
  return {
    // Cache events come in bursts: write at most once a second.
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(async () => {
        timer = null;
        const value = pending;
        pending = null;
        if (value) await (await offlineDb()).put('cache', value, KEY);
      }, WRITE_EVERY_MS);
    },
    async restoreClient() {
      return (await (await offlineDb()).get('cache', KEY)) as PersistedClient | undefined;
    },
    async removeClient() {
      await (await offlineDb()).delete('cache', KEY);
    },
  };
}

/**
 * Restores the saved cache before the first render, then saves every change. Queries stay in
 * memory as long as they are kept on disk, so a page left for a while is still there offline.
 *
 * The restore and save steps are the ones of @tanstack/query-persist-client-core, written against
 * react-query's own hydrate/dehydrate: that package pins an older query-core, and two copies of the
 * cache code in one page would not share their types or their bytes.
 */
export async function persistQueries(queryClient: QueryClient, persister: Persister = idbPersister()): Promise<void> {
  // TanStack Query assumes online until an event says otherwise; a page opened offline must know.
  onlineManager.setOnline(navigator.onLine);
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, gcTime: PERSIST_MAX_AGE_MS } });
  try {
    const saved = await persister.restoreClient();
    // Saved answers belong to a session: with none (logged out, token dropped) they are not shown.
    if (saved && getToken() && saved.buster === BUSTER && Date.now() - saved.timestamp <= PERSIST_MAX_AGE_MS) {
      hydrate(queryClient, saved.clientState);
      // A saved copy shows at once but is never taken for fresh: the last change before a reload
      // may not have reached the disk, so every restored query is fetched again when it is used.
      void queryClient.invalidateQueries({ refetchType: 'none' });
    }
    else if (saved) await persister.removeClient();
  } catch {
    // A cache that cannot be read is only a cache: start empty.
    await Promise.resolve(persister.removeClient()).catch(() => undefined);
  }
  const save = () =>
    void persister.persistClient({
      timestamp: Date.now(),
      buster: BUSTER,
      clientState: dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' }),
    });
  // Another person signing in on this browser never sees the previous person's saved answers.
  let owner = queryClient.getQueryData<{ id: string }>(queryKeys.currentUser)?.id ?? null;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && event.query.queryKey[0] === queryKeys.currentUser[0]) {
      const id = (event.query.state.data as { id?: string } | undefined)?.id ?? null;
      if (owner && id && id !== owner) {
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.currentUser[0] && q.queryKey[0] !== queryKeys.config[0] });
      }
      owner = id;
    }
    if (['added', 'removed', 'updated'].includes(event.type)) save();
  });
}

/** When the newest saved answer was fetched: what "saved copies from ..." refers to offline. */
export function newestDataAt(queryClient: QueryClient): number | null {
  let newest = 0;
  for (const q of queryClient.getQueryCache().getAll()) if (q.state.dataUpdatedAt > newest) newest = q.state.dataUpdatedAt;
  return newest || null;
}
