/// <reference lib="webworker" />
import './zod-jitless';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  OUTBOX_NAME,
  sendWaitingSubmissions,
  studyCacheKey,
  tokenSubject,
  trimCache,
  VIEWER_CODE_CACHE,
  VIEWER_CODE_ENTRIES,
  VIEWER_STUDY_CACHE,
  VIEWER_STUDY_ENTRIES,
} from '../src/offline/service-worker-api';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };
/** Background Sync's event (Chromium only, so not in TypeScript's library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The app shell (HTML, JS, CSS, icons) is precached so the app opens with no network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes are served the cached index.html; the API and the API docs (/docs, Swagger
// UI served by the server) are never answered from the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/docs(\/|$)/] }));

// The viewer reads a study through DICOMweb: each answer is kept (per person, see viewer-cache.ts)
// so that a study opened once opens again offline; the network is asked first, so a copy is only
// ever used when there is none.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/v1/dicomweb/studies'),
  async ({ request }) => {
    const subject = tokenSubject(request.headers.get('Authorization'));
    try {
      const response = await fetch(request);
      if (response.ok && subject) {
        const copy = response.clone();
        void caches.open(VIEWER_STUDY_CACHE).then(async (cache) => {
          await cache.put(studyCacheKey(request.url, subject), copy);
          await trimCache(cache, VIEWER_STUDY_ENTRIES);
        });
      }
      return response;
    } catch (err) {
      const cached = subject ? await caches.match(studyCacheKey(request.url, subject), { cacheName: VIEWER_STUDY_CACHE }) : undefined;
      if (cached) return cached;
      throw err;
    }
  },
);

// The viewer's own code (its chunk, decoding worker and WASM codecs) is too large to precache for
// everyone: kept when first loaded instead. Hashed names never change, so a copy is always right.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  async ({ request }) => {
    const cache = await caches.open(VIEWER_CODE_CACHE);
    const cached = await cache.match(request);
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
      await trimCache(cache, VIEWER_CODE_ENTRIES);
    }
    return response;
  },
);

// A new version waits until the page asks it to take over (the update prompt), so an open form
// is never swapped for new code under the person's hands. The first install has nothing to wait for.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The connection is back (or the browser retries): send the submissions still waiting in the
// outbox, also when no tab of the app is open any more. A rejected promise makes the browser
// schedule the sync again later.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_NAME) sync.waitUntil(sendWaitingSubmissions());
});
