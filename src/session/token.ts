import { mirrorToken } from '../offline/session-mirror';
import { forgetViewerStudies } from '../offline/viewer-cache';

/** The session is the access token in local storage (spec section 3, key access_token). */
const KEY = 'access_token';

export function getToken(): string | null {
  return localStorage.getItem(KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(KEY, token);
  void mirrorToken(token);
}

export function clearToken(): void {
  localStorage.removeItem(KEY);
  void mirrorToken(null);
  // The studies the viewer kept for offline use are this person's images.
  void forgetViewerStudies();
}

/**
 * Calls `changed` when another tab of this app logs out or logs someone in (the token in local
 * storage changes there): this tab must not go on showing, caching or sending as the person who
 * was signed in (found by an audit: a tab kept her results on screen after the other tab's logout,
 * and its outbox retried her study with the next person's token).
 */
export function onTokenChangedElsewhere(changed: (token: string | null) => void): void {
  window.addEventListener('storage', (e) => {
    if (e.storageArea !== localStorage || (e.key !== KEY && e.key !== null) || e.oldValue === e.newValue) return;
    changed(getToken());
  });
}
