import type { UserRow } from '../db/repositories/users.repository';

/** A user as authentication needs it: the row (with its token version) and the tokens revoked by logging out. */
export interface SessionUser {
  user: UserRow;
  revokedTokenIds: ReadonlySet<string>;
}

/**
 * The users that recently presented a token, kept for a moment so that a burst of requests does
 * not read the same rows again and again. This process drops an entry whenever it changes that
 * user, its password or its sessions; changes made by another process (a separate worker or API
 * process) show within `ttlMs`.
 */
export class UserCache {
  private entries = new Map<string, { session: SessionUser; expires: number }>();

  constructor(private readonly ttlMs: number) {}

  get(id: string): SessionUser | null {
    const e = this.entries.get(id);
    if (!e) return null;
    if (e.expires <= Date.now()) {
      this.entries.delete(id);
      return null;
    }
    return e.session;
  }

  set(session: SessionUser): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size > 5000) this.entries.clear();
    this.entries.set(session.user.id, { session, expires: Date.now() + this.ttlMs });
  }

  forget(id: string): void {
    this.entries.delete(id);
  }
}
