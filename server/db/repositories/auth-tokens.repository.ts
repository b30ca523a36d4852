import type { Db } from '../client';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

export function authTokensRepository(db: Db) {
  return {
    /** `newEmail`: the address a change_email token moves the account to. */
    async create(tokenHash: string, userId: string, purpose: TokenPurpose, expiresAt: Date, newEmail: string | null = null): Promise<void> {
      await db.query('INSERT INTO auth_tokens (token_hash, user_id, purpose, expires_at, new_email) VALUES ($1, $2, $3, $4, $5)', [
        tokenHash,
        userId,
        purpose,
        expiresAt.toISOString(),
        newEmail,
      ]);
    },
    /**
     * Marks the token used and returns its user, in one statement so a token can be used once even
     * when two requests race. null when unknown, used, expired or for another purpose.
     */
    async consume(tokenHash: string, purpose: TokenPurpose): Promise<{ userId: string; newEmail: string | null } | { expired: true } | null> {
      const rows = await db.query<{ user_id: string; new_email: string | null }>(
        `UPDATE auth_tokens SET used_at = now()
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
         RETURNING user_id, new_email`,
        [tokenHash, purpose],
      );
      if (rows[0]) return { userId: rows[0].user_id, newEmail: rows[0].new_email };
      const stale = await db.query('SELECT 1 FROM auth_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at <= now()', [
        tokenHash,
        purpose,
      ]);
      return stale.length > 0 ? { expired: true } : null;
    },
    /** The user of a token that is still valid (neither used nor expired), without using it. */
    async ownerOf(tokenHash: string, purpose: TokenPurpose): Promise<string | null> {
      const rows = await db.query<{ user_id: string }>('SELECT user_id FROM auth_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()', [
        tokenHash,
        purpose,
      ]);
      return rows[0]?.user_id ?? null;
    },
    /** A new reset or verification link makes the older ones of the same purpose invalid. */
    async revokeOthers(userId: string, purpose: TokenPurpose): Promise<void> {
      await db.query('UPDATE auth_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose]);
    },
  };
}
export type AuthTokensRepository = ReturnType<typeof authTokensRepository>;
