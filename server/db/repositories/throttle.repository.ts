import type { Db } from '../client';

export interface CounterId {
  scope: string;
  key: string;
}

/** Growing delays: `free` hits without a wait, then `baseMs` doubling with each hit up to `capMs`. */
export interface DelayRule {
  free: number;
  baseMs: number;
  capMs: number;
  /** A counter without a hit for this long starts again from nothing (longer than capMs). */
  forgetMs: number;
}

const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/**
 * The throttling counters (migration 006). Times come from the caller's clock, not the database's,
 * so tests can move time on. Every change is one statement, so parallel requests from several
 * processes each count.
 */
export function throttleRepository(db: Db) {
  /** `(scope, key) IN (...)` over the ids, with their parameters after `offset` others. */
  function idsIn(ids: CounterId[], offset: number): { sql: string; params: string[] } {
    const sql = ids.map((_, i) => `($${offset + 2 * i + 1}, $${offset + 2 * i + 2})`).join(', ');
    return { sql: `(scope, key) IN (${sql})`, params: ids.flatMap((id) => [id.scope, id.key]) };
  }

  return {
    /** The latest time before which one of the counters refuses attempts, or null. */
    async blockedUntil(ids: CounterId[], now: Date): Promise<Date | null> {
      const where = idsIn(ids, 1);
      const rows = await db.query<{ until: number | null }>(
        `SELECT ${epochMs('max(blocked_until)')} AS until FROM throttle_counters WHERE blocked_until > $1::timestamptz AND ${where.sql}`,
        [now.toISOString(), ...where.params],
      );
      return rows[0]?.until ? new Date(rows[0].until) : null;
    },

    /** Counts a failure; past the free ones, the counter refuses attempts for a doubling delay. */
    async recordFailure(id: CounterId, rule: DelayRule, now: Date): Promise<{ hits: number; blockedUntil: Date | null }> {
      const fresh = `t.expires_at <= $3::timestamptz`;
      const hits = `CASE WHEN ${fresh} THEN 1 ELSE t.hits + 1 END`;
      // The exponent is held below 2^30 so a long-running counter cannot overflow the float.
      const delay = (n: string) =>
        `CASE WHEN ${n} > $4::int THEN $3::timestamptz + least($5::float8 * power(2, least(${n} - $4::int - 1, 30)), $6::float8) * interval '1 millisecond' END`;
      const rows = await db.query<{ hits: number; until: number | null }>(
        `INSERT INTO throttle_counters AS t (scope, key, hits, last_hit_at, blocked_until, expires_at)
         VALUES ($1, $2, 1, $3::timestamptz, ${delay('1')}, $3::timestamptz + $7::float8 * interval '1 millisecond')
         ON CONFLICT (scope, key) DO UPDATE SET
           hits = ${hits},
           last_hit_at = $3::timestamptz,
           blocked_until = CASE WHEN ${fresh} THEN ${delay('1')} ELSE greatest(t.blocked_until, ${delay(hits)}) END,
           expires_at = $3::timestamptz + $7::float8 * interval '1 millisecond'
         RETURNING hits, ${epochMs('blocked_until')} AS until`,
        [id.scope, id.key, now.toISOString(), rule.free, rule.baseMs, rule.capMs, rule.forgetMs],
      );
      return { hits: rows[0].hits, blockedUntil: rows[0].until ? new Date(rows[0].until) : null };
    },

    /** Counts a request in a fixed window (which starts with its first request); returns the count and the window's end. */
    async hitWindow(id: CounterId, windowMs: number, now: Date): Promise<{ hits: number; windowEnds: Date }> {
      const fresh = `t.expires_at <= $3::timestamptz`;
      const rows = await db.query<{ hits: number; ends: number }>(
        `INSERT INTO throttle_counters AS t (scope, key, hits, last_hit_at, blocked_until, expires_at)
         VALUES ($1, $2, 1, $3::timestamptz, NULL, $3::timestamptz + $4::float8 * interval '1 millisecond')
         ON CONFLICT (scope, key) DO UPDATE SET
           hits = CASE WHEN ${fresh} THEN 1 ELSE t.hits + 1 END,
           last_hit_at = $3::timestamptz,
           expires_at = CASE WHEN ${fresh} THEN $3::timestamptz + $4::float8 * interval '1 millisecond' ELSE t.expires_at END
         RETURNING hits, ${epochMs('expires_at')} AS ends`,
        [id.scope, id.key, now.toISOString(), windowMs],
      );
      return { hits: rows[0].hits, windowEnds: new Date(rows[0].ends) };
    },

    async clear(ids: CounterId[]): Promise<void> {
      const where = idsIn(ids, 0);
      await db.query(`DELETE FROM throttle_counters WHERE ${where.sql}`, where.params);
    },

    /** Deletes the counters that are forgotten anyway. */
    async sweep(now: Date): Promise<number> {
      const rows = await db.query('DELETE FROM throttle_counters WHERE expires_at <= $1::timestamptz RETURNING 1', [now.toISOString()]);
      return rows.length;
    },
  };
}
export type ThrottleRepository = ReturnType<typeof throttleRepository>;
