import { apiPath, PATHS, Message, Token, type NewPassword } from '../../core/contract';
import { request } from './client';

export const loginAccessToken = (username: string, password: string) =>
  request(apiPath(PATHS.accessToken), Token, { method: 'POST', body: { form: { username, password } } });

/** Revokes the given token on the server (taken before the session forgets it). */
export const logoutToken = (token: string) => request(apiPath(PATHS.logout), Message, { method: 'POST', token });

export const recoverPassword = (email: string) => request(apiPath(PATHS.passwordRecovery, { email }), Message, { method: 'POST' });

export const resetPassword = (body: NewPassword) => request(apiPath(PATHS.resetPassword), Message, { method: 'POST', body: { json: body } });

export const verifyEmail = (token: string) => request(apiPath(PATHS.verifyEmail, { token }), Message, { method: 'POST' });
