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

