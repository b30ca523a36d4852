import { mirrorToken } from '../offline/session-mirror';

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
}

