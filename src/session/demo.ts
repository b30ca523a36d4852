import { useSyncExternalStore } from 'react';

/**
 * The selected demo profile (spec section 4: demo mode is on when a demo user is selected), kept in
 * local storage under demo_user_id and observable so the top bar follows changes.
 */
const KEY = 'demo_user_id';
const listeners = new Set<() => void>();

export function getDemoUserId(): string | null {
  return localStorage.getItem(KEY) || null;
}

export function setDemoUserId(id: string | null): void {
  if (id) localStorage.setItem(KEY, id);
  else localStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

export function clearDemoUser(): void {
  setDemoUserId(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDemoUserId(): string | null {
  return useSyncExternalStore(subscribe, getDemoUserId);
}
