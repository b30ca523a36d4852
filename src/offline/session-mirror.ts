import { offlineDb } from './db';

/**
 * The service worker sends waiting submissions after the tab is closed (Background Sync), but it
 * cannot read local storage, where the session lives (spec section 3). So the token is mirrored
 * into IndexedDB when it is set and removed when it is cleared: the worker sends for the person
 * who is signed in, and for nobody after they log out.
 */
const KEY = 'current';

export async function mirrorToken(token: string | null): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    const db = await offlineDb();
    if (token) await db.put('session', { token }, KEY);
    else await db.delete('session', KEY);
  } catch {
    // Private windows may refuse IndexedDB; the page still sends while it is open.
  }
}

export async function mirroredToken(): Promise<string | null> {
  return (await (await offlineDb()).get('session', KEY))?.token ?? null;
}

/** The user id a token was issued to (its subject); the server checks the signature, not us. */
export function tokenSubject(token: string): string | null {
  try {
    const payload = token.split('.')[1];
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' ? json.sub : null;
  } catch {
    return null;
  }
}
