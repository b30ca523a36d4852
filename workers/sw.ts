/// <reference lib="webworker" />
import './zod-jitless';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OUTBOX_NAME } from '../src/offline/submission';
import { sendWaitingSubmissions } from '../src/offline/worker-send';

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
