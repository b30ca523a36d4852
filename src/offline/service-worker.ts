import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (workers/sw.ts, built by vite-plugin-pwa) with workbox-window.
 * A new deployment installs in the background and waits; the page then offers to reload, and the
 * new version takes over only when the person agrees (so no form is lost mid-way).
 */
let wb: Workbox | null = null;
let updateReady = false;
const listeners = new Set<() => void>();
const UPDATE_CHECK_MS = 60 * 60_000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    updateReady = true;
    listeners.forEach((l) => l());
  });
  void wb.register();
  setInterval(() => void wb?.update(), UPDATE_CHECK_MS);
}

/** Lets the waiting version take over, then reloads into it. */
export function applyUpdate(): void {
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => updateReady,
  );
}
