import type { Db } from '../client';

/** Access tokens given up by logging out, by token id (the SHA-256 of the token). */
export function revokedTokensRepository(db: Db) {
  return {
    async revoke(tokenId: string, userId: string, expiresAt: Date): Promise<void> {
      // A revoked token past its expiry is refused anyway, so its row is no longer needed.
      await db.query('DELETE FROM revoked_access_tokens WHERE expires_at <= now()');
      await db.query('INSERT INTO revoked_access_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (token_hash) DO NOTHING', [
        tokenId,
        userId,
        expiresAt.toISOString(),
      ]);
    },
    /** The ids of the user's revoked tokens that have not expired yet. */
    async forUser(userId: string): Promise<string[]> {
      const rows = await db.query<{ token_hash: string }>('SELECT token_hash FROM revoked_access_tokens WHERE user_id = $1 AND expires_at > now()', [userId]);
      return rows.map((r) => r.token_hash);
    },
  };
}
export type RevokedTokensRepository = ReturnType<typeof revokedTokensRepository>;
