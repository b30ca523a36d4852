import type { Db } from '../client';
import { TaskResult, type DemoTaskPublic, type DemoUserPublic, type TaskStatus } from '../../../core/contract';

export interface DemoUserRow {
  id: string;
  name: string;
  data: string;
  status: TaskStatus | null;
  ai_model: string | null;
  dcm_patient_id: string | null;
  dcm_study_date: string | null;
  dcm_study_instance_uid: string | null;
  result: TaskResult | null;
  attempts: number;
  created_at: string;
}

const COLUMNS = `id, name, data, status, ai_model, dcm_patient_id, dcm_study_date, dcm_study_instance_uid, result, attempts,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at`;

function toRow(row: Record<string, unknown>): DemoUserRow {
  const raw = typeof row.result === 'string' ? JSON.parse(row.result) : row.result;
  return { ...(row as unknown as DemoUserRow), result: raw == null ? null : TaskResult.parse(raw) };
}

export function toDemoUserPublic(r: DemoUserRow): DemoUserPublic {
  return { id: r.id, name: r.name, data: r.data, created_at: r.created_at, status: r.status };
}

export function toDemoTaskPublic(r: DemoUserRow): DemoTaskPublic {
  return {
    id: r.id,
    demo_user_id: r.id,
    status: r.status,
    created_at: r.created_at,
    dcm_patient_id: r.dcm_patient_id,
    dcm_study_date: r.dcm_study_date,
    dcm_study_instance_uid: r.dcm_study_instance_uid,
    result: r.result,
  };
}

export interface NewDemoUser {
  id: string;
  name: string;
  data: string;
  /** The study's header values, or null for a profile without images. */
  study: { ai_model: string; dcm_patient_id: string | null; dcm_study_date: string | null; dcm_study_instance_uid: string | null } | null;
}

export function demoUsersRepository(db: Db) {
  return {
    async find(id: string): Promise<DemoUserRow | null> {
      const rows = await db.query(`SELECT ${COLUMNS} FROM demo_users WHERE id = $1`, [id]);
      return rows[0] ? toRow(rows[0]) : null;
    },
    /**
     * Oldest first, so the built-in profiles lead and a new one goes to the end; only those with a
     * study (images) unless `withoutImages`.
     */
    async list(skip: number, limit: number, withoutImages = true): Promise<{ data: DemoUserRow[]; count: number }> {
      const where = withoutImages ? '' : 'WHERE status IS NOT NULL';
      const rows = await db.query(`SELECT ${COLUMNS} FROM demo_users ${where} ORDER BY created_at, id OFFSET $1 LIMIT $2`, [skip, limit]);
      const count = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM demo_users ${where}`);
      return { data: rows.map(toRow), count: count[0].count };
    },
    async insert(u: NewDemoUser): Promise<DemoUserRow> {
      const s = u.study;
      const rows = await db.query(
        `INSERT INTO demo_users (id, name, data, status, ai_model, dcm_patient_id, dcm_study_date, dcm_study_instance_uid)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
        [u.id, u.name, u.data, s ? 'queued' : null, s?.ai_model ?? null, s?.dcm_patient_id ?? null, s?.dcm_study_date ?? null, s?.dcm_study_instance_uid ?? null],
      );
      return toRow(rows[0]);
    },
    async updateData(id: string, data: string): Promise<DemoUserRow | null> {
      const rows = await db.query(`UPDATE demo_users SET data = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, data]);
      return rows[0] ? toRow(rows[0]) : null;
    },
    async delete(id: string): Promise<boolean> {
      return (await db.query('DELETE FROM demo_users WHERE id = $1 RETURNING id', [id])).length > 0;
    },
    /** Moves a queued (or re-delivered running) study to running; false when gone or finished. */
    async start(id: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE demo_users SET status = 'running', started_at = now(), attempts = attempts + 1
         WHERE id = $1 AND status IN ('queued', 'running') RETURNING id`,
        [id],
      );
      return rows.length > 0;
    },
    /** Stores the study's outcome, with `alongside` in the same transaction (as tasks.finish). false when the profile is gone. */
    async finish(id: string, status: Extract<TaskStatus, 'completed' | 'failed'>, result: TaskResult, alongside?: (tx: Db) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.query(`UPDATE demo_users SET status = $2, result = $3, finished_at = now() WHERE id = $1 RETURNING id`, [
          id,
          status,
          JSON.stringify(result),
        ]);
        if (rows.length === 0) return false;
        await alongside?.(tx);
        return true;
      });
    },
    /** Puts a finished study back in the queue (to score it again); false when it is not finished. */
    /** A running study back to the queue, unfinished (its job ended without an answer). */
    async backToQueue(id: string): Promise<boolean> {
      const rows = await db.query(`UPDATE demo_users SET status = 'queued' WHERE id = $1 AND status = 'running' RETURNING id`, [id]);
      return rows.length > 0;
    },
    async requeue(id: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE demo_users SET status = 'queued', result = NULL, started_at = NULL, finished_at = NULL
         WHERE id = $1 AND status IN ('completed', 'failed') RETURNING id`,
        [id],
      );
      return rows.length > 0;
    },
    /** Studies left unfinished by a process that stopped: queued, or running for longer than `staleSeconds`. */
    async unfinished(staleSeconds: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM demo_users WHERE status = 'queued'
           OR (status = 'running' AND started_at <= now() - make_interval(secs => $1))
         ORDER BY created_at`,
        [staleSeconds],
      );
      return rows.map((r) => r.id);
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
