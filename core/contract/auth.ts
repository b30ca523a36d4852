import { z } from 'zod';
import { PasswordField, text } from './fields';
import { MESSAGES } from '../validation';
import { msg } from '../i18n';

export const LoginForm = z.object({
  // No account's address is longer than an e-mail field takes; a longer name was a 500 (the
  // failed-login record keys on it, and PostgreSQL refuses an index key over 2704 bytes).
  username: text({ error: MESSAGES.usernameRequired }).trim().min(1, MESSAGES.usernameRequired).max(255, msg('Email must be at most 255 characters')),
  password: text({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
});

export const Token = z.object({ access_token: z.string(), token_type: z.literal('bearer') }).meta({ id: 'Token' });
export type Token = z.infer<typeof Token>;

export const NewPassword = z
  .object({ token: text({ error: msg('Token is required') }).min(1, msg('Token is required')), new_password: PasswordField })
  .meta({ id: 'NewPassword' });
export type NewPassword = z.infer<typeof NewPassword>;
