import type { UserRow } from '../db/repositories/users.repository';
import type { Db } from '../db/client';
import type { Listener } from '../db/listen';

/** A user as authentication needs it: the row (with its token version) and the tokens revoked by logging out. */
export interface SessionUser {
  user: UserRow;
  revokedTokenIds: ReadonlySet<string>;
}

/** Announced by the database on every change of a user and every logout (migration 011). */
export const USER_CHANGED_CHANNEL = 'sd_user_changed';

/**
 * The users that recently presented a token, kept for a moment so that a burst of requests does
 * not read the same rows again and again. This process drops an entry whenever it changes that
 * user, its password or its sessions; once `follow` listens, it also drops it when any other
 * process (another API, a worker) does, as soon as the database announces it. Until it listens
 * nothing is cached at all, so a change made elsewhere is never hidden; while its connection is
 * down and reconnecting, an entry lives `ttlMs` at most, and all are dropped when it is back.
 */
export class UserCache {
  private entries = new Map<string, { session: SessionUser; expires: number }>();
  private following: Promise<Listener> | null = null;
  private listening = false;

  constructor(private readonly ttlMs: number) {}

  get(id: string): SessionUser | null {
    const e = this.entries.get(id);
    if (!e) return null;
    if (e.expires <= Date.now() || !this.listening) {
      this.entries.delete(id);
      return null;
    }
    return e.session;
  }

  set(session: SessionUser): void {
    if (this.ttlMs <= 0 || !this.listening) return;
    if (this.entries.size > 5000) this.entries.clear();
    this.entries.set(session.user.id, { session, expires: Date.now() + this.ttlMs });
  }

  forget(id: string): void {
    this.entries.delete(id);
  }

  /** Listens for the database's announcements of changed users; caching starts once it does. */
  follow(db: Pick<Db, 'listen'>, log: (msg: string) => void = console.error): void {
    if (this.following || this.ttlMs <= 0) return;
    this.following = db.listen(USER_CHANGED_CHANNEL, (id) => {
      if (id === null) {
        // (Re)connected: what was announced while the connection was down is unknown.
        this.entries.clear();
        this.listening = true;
      } else this.forget(id);
    });
    this.following.then(
      () => {
        this.listening = true;
      },
      () => undefined,
    );
    this.following.catch((err) => {
      log(`user changes cannot be followed (${(err as Error).message}); the token cache stays off`);
      this.following = null;
    });
  }

  async close(): Promise<void> {
    const f = this.following;
    this.following = null;
    this.listening = false;
    this.entries.clear();
    if (f) await (await f.catch(() => null))?.close();
  }
}
