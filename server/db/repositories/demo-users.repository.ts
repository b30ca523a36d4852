import type { Db } from '../client';
import type { DemoUserPublic, TaskStatus } from '../../../core/contract';

/** A demo profile; its study, if it has one, is the task `task_id` (owned by the demo owner, demo-owner.ts). */
export interface DemoUserRow {
  id: string;
  name: string;
  data: string;
  task_id: string | null;
  /** The study's status, read with the profile because every list shows it. */
  status: TaskStatus | null;
  created_at: string;
}

const SELECT = `SELECT d.id, d.name, d.data, d.task_id, t.status,
  to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at
  FROM demo_users d LEFT JOIN tasks t ON t.id = d.task_id`;

export function toDemoUserPublic(r: DemoUserRow): DemoUserPublic {
  return { id: r.id, name: r.name, data: r.data, created_at: r.created_at, status: r.status };
}

export function demoUsersRepository(db: Db) {
  return {
    async find(id: string): Promise<DemoUserRow | null> {
      const rows = await db.query<DemoUserRow>(`${SELECT} WHERE d.id = $1`, [id]);
      return rows[0] ?? null;
    },
    /** The profile whose study is this task, or null. */
    async findByTask(taskId: string): Promise<DemoUserRow | null> {
      const rows = await db.query<DemoUserRow>(`${SELECT} WHERE d.task_id = $1`, [taskId]);
      return rows[0] ?? null;
    },
    /**
     * Oldest first, so the built-in profiles lead and a new one goes to the end; only those with a
     * study (images) unless `withoutImages`.
     */
    async list(skip: number, limit: number, withoutImages = true): Promise<{ data: DemoUserRow[]; count: number }> {
      const where = withoutImages ? '' : 'WHERE d.task_id IS NOT NULL';
      const rows = await db.query<DemoUserRow>(`${SELECT} ${where} ORDER BY d.created_at, d.id OFFSET $1 LIMIT $2`, [skip, limit]);
      const count = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM demo_users d ${where}`);
      return { data: rows, count: count[0].count };
    },
    /** Inserts the profile; its study's task, when it has one, must exist already (same transaction). */
    async insert(u: { id: string; name: string; data: string; task_id: string | null }): Promise<DemoUserRow> {
      await db.query('INSERT INTO demo_users (id, name, data, task_id) VALUES ($1, $2, $3, $4)', [u.id, u.name, u.data, u.task_id]);
      return (await this.find(u.id))!;
    },
    async updateData(id: string, data: string): Promise<DemoUserRow | null> {
      const rows = await db.query('UPDATE demo_users SET data = $2 WHERE id = $1 RETURNING id', [id, data]);
      return rows[0] ? this.find(id) : null;
    },
    /** Deletes the profile and its study's task together; the task id (for its files) or false when there was no profile. */
    async delete(id: string): Promise<{ task_id: string | null } | false> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ task_id: string | null }>('DELETE FROM demo_users WHERE id = $1 RETURNING task_id', [id]);
        if (!rows[0]) return false;
        if (rows[0].task_id) await tx.query('DELETE FROM tasks WHERE id = $1', [rows[0].task_id]);
        return rows[0];
      });
    },
    async seeded(keys: readonly string[]): Promise<Set<string>> {
      const rows = await db.query<{ seed_key: string }>('SELECT seed_key FROM demo_seed_log WHERE seed_key = ANY($1::text[])', [keys]);
      return new Set(rows.map((r) => r.seed_key));
    },
    /** Claims a seed key; false when another start (or an earlier one) already seeded it. */
    async claimSeed(key: string, demoUserId: string): Promise<boolean> {
      const rows = await db.query('INSERT INTO demo_seed_log (seed_key, demo_user_id) VALUES ($1, $2) ON CONFLICT (seed_key) DO NOTHING RETURNING seed_key', [
        key,
        demoUserId,
      ]);
      return rows.length > 0;
    },
  };
}
export type DemoUsersRepository = ReturnType<typeof demoUsersRepository>;
