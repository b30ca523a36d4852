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
    /**
     * What decides whether a token still opens a session, read fresh on every request (another API
     * process may have changed it a moment ago): the user's token version and active flag, and
     * whether this token was revoked. Null when the user is gone.
     */
    async sessionState(userId: string, tokenId: string): Promise<{ tokenVersion: number; isActive: boolean; revoked: boolean } | null> {
      const rows = await db.query<{ token_version: number; is_active: boolean; revoked: boolean }>(
        `SELECT u.token_version, u.is_active,
                EXISTS (SELECT 1 FROM revoked_access_tokens r WHERE r.token_hash = $2 AND r.expires_at > now()) AS revoked
           FROM users u WHERE u.id = $1`,
        [userId, tokenId],
      );
      const r = rows[0];
      return r ? { tokenVersion: Number(r.token_version), isActive: r.is_active, revoked: r.revoked } : null;
    },
    /** The ids of the user's revoked tokens that have not expired yet. */
    async forUser(userId: string): Promise<string[]> {
      const rows = await db.query<{ token_hash: string }>('SELECT token_hash FROM revoked_access_tokens WHERE user_id = $1 AND expires_at > now()', [userId]);
      return rows.map((r) => r.token_hash);
    },
  };
}
export type RevokedTokensRepository = ReturnType<typeof revokedTokensRepository>;
