import { z } from 'zod';
import { Message } from './common';

/**
 * The answer to a password change: a new password ends every session opened before it, so the
 * session that changed it carries on with the token given here.
 */
export const PasswordChanged = Message.extend({ access_token: z.string(), token_type: z.literal('bearer') }).meta({ id: 'PasswordChanged' });
export type PasswordChanged = z.infer<typeof PasswordChanged>;
