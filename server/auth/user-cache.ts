import type { UserRow } from '../db/repositories/users.repository';

/**
 * The users that recently presented a token, kept for a moment so that a burst of requests does
 * not read the same row again and again. This process drops an entry whenever it changes that
 * user; changes made by another process (a separate worker) show within `ttlMs`.
 */
export class UserCache {
  private entries = new Map<string, { user: UserRow; expires: number }>();

  constructor(private readonly ttlMs: number) {}

  get(id: string): UserRow | null {
    const e = this.entries.get(id);
    if (!e) return null;
    if (e.expires <= Date.now()) {
      this.entries.delete(id);
      return null;
    }
    return e.user;
  }

  set(user: UserRow): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size > 5000) this.entries.clear();
    this.entries.set(user.id, { user, expires: Date.now() + this.ttlMs });
  }

  forget(id: string): void {
    this.entries.delete(id);
  }
}
