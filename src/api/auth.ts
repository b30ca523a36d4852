import { Message, Token, type NewPassword } from '../../core/contract';
import { request } from './client';

export const loginAccessToken = (username: string, password: string) =>
  request('/login/access-token', Token, { method: 'POST', body: { form: { username, password } } });

/** Revokes the given token on the server (taken before the session forgets it). */
export const logoutToken = (token: string) => request('/login/logout', Message, { method: 'POST', token });

export const recoverPassword = (email: string) => request(`/password-recovery/${encodeURIComponent(email)}`, Message, { method: 'POST' });

export const resetPassword = (body: NewPassword) => request('/reset-password/', Message, { method: 'POST', body: { json: body } });

export const verifyEmail = (token: string) => request(`/users/verify_email/${encodeURIComponent(token)}`, Message, { method: 'POST' });
