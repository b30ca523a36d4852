import { OUTBOX_NAME } from './submission';

/** Background Sync is not in TypeScript's DOM library (only Chromium browsers have it). */
interface SyncManager {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to wake the service worker when the connection is back, so a waiting
 * submission goes out even if every tab of the app has been closed by then (workers/sw.ts).
 * Where the browser has no Background Sync, or no service worker runs (development), the page's
 * own outbox is the only sender: it sends on the next visit.
 */
export async function requestBackgroundSend(): Promise<boolean> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return false;
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as (ServiceWorkerRegistration & { sync?: SyncManager }) | undefined;
    if (!registration?.active || !registration.sync) return false;
    await registration.sync.register(OUTBOX_NAME);
    return true;
  } catch {
    // Refused (permission, private window): nothing lost, the page sends on the next visit.
    return false;
  }
}
