import type { Db } from '../client';
import { TaskResult, isFailed, type ScoredResult, type TaskPublic, type TaskStatus } from '../../../core/contract';
import { MAY_SUBMIT_SQL } from '../../../core/submission-rule';
import { DEMO_OWNER_ID, personOnly } from './demo-owner';
import { usersRepository, type UserRow } from './users.repository';

/** Demo profiles' tasks (demo-owner.ts) are read through /demo only: no list or lookup across owners shows them. */
const PERSONS_TASK = personOnly('owner_id');

export interface TaskRow extends TaskPublic {
  /** The files' PatientBirthDate (DICOM DA), read by the worker for a study submitted on someone's behalf. */
  dcm_patient_birth_date: string | null;
  idempotency_key: string | null;
  counted: boolean;
  attempts: number;
}

const COLUMNS = `id, owner_id, status, ai_model, dcm_patient_id, dcm_study_date, dcm_study_instance_uid, result,
  dcm_patient_birth_date, idempotency_key, counted, attempts,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at`;

function toTask(row: Record<string, unknown>): TaskRow {
  const raw = typeof row.result === 'string' ? JSON.parse(row.result) : row.result;
  return { ...(row as unknown as TaskRow), result: raw == null ? null : TaskResult.parse(raw) };
}

export function toTaskPublic(t: TaskRow): TaskPublic {
  const { idempotency_key: _k, counted: _c, attempts: _a, dcm_patient_birth_date: _b, ...rest } = t;
  return rest;
}

export interface NewTask {
  id: string;
  owner_id: string;
  ai_model: string;
  dcm_patient_id: string | null;
  dcm_study_date: string | null;
  dcm_study_instance_uid: string | null;
  dcm_patient_birth_date: string | null;
  idempotency_key: string | null;
  counted: boolean;
}

/**
 * Earlier results kept per task: the engine's first and the newest others. Her page reads the one
 * before the current; nothing reads the ones between, and without a bound a script flipping an
 * answer 3,000 times made a 31 MB GET /tasks/{id}/versions (found by an audit).
 */
export const KEPT_RESULT_VERSIONS = 20;

/** Whose facts score a task (her answers, birthdate, role; a demo profile's data) as they are now; null when gone. */
export type OwnerNow = { person: UserRow } | { demoProfile: string } | null;

/**
 * The task's owner read in `tx` and locked until it ends: a change of her answers (or a demo
 * profile's data) either came first and is read here, or waits and then finds what `tx` stored.
 * Taken before the task's row, in the order a deletion of the owner (or profile) takes them.
 */
async function lockOwner(tx: Db, taskId: string, ownerId: string): Promise<OwnerNow> {
  if (ownerId === DEMO_OWNER_ID) {
    const rows = await tx.query<{ data: string }>('SELECT data FROM demo_users WHERE task_id = $1 FOR UPDATE', [taskId]);
    return rows[0] ? { demoProfile: rows[0].data } : null;
  }
  const person = await usersRepository(tx).findByIdLocked(ownerId);
  return person ? { person } : null;
}

/** Keeps `current` as a version of the task's result before it is replaced, bounded (KEPT_RESULT_VERSIONS). */
async function keepVersion(tx: Db, id: string, current: ScoredResult): Promise<void> {
  await tx.query('INSERT INTO task_result_versions (task_id, version, result) VALUES ($1, $2, $3) ON CONFLICT (task_id, version) DO NOTHING', [
    id,
    current.revision?.number ?? 1,
    JSON.stringify(current),
  ]);
  // The result the engine first gave and the newest ones stay; those between go, so that
  // answers changed back and forth without end keep the table and GET /versions bounded.
  await tx.query(
    `DELETE FROM task_result_versions WHERE task_id = $1
       AND version > (SELECT min(version) FROM task_result_versions WHERE task_id = $1)
       AND version NOT IN (SELECT version FROM task_result_versions WHERE task_id = $1 ORDER BY version DESC LIMIT $2)`,
    [id, KEPT_RESULT_VERSIONS - 1],
  );
}

export function tasksRepository(db: Db) {
  return {
    async find(id: string): Promise<TaskRow | null> {
      const rows = await db.query(`SELECT ${COLUMNS} FROM tasks WHERE id = $1`, [id]);
      return rows[0] ? toTask(rows[0]) : null;
    },
    /** Any person's task (what a superuser may read); a demo profile's reads as missing. */
    async findPersons(id: string): Promise<TaskRow | null> {
      const rows = await db.query(`SELECT ${COLUMNS} FROM tasks WHERE id = $1 AND ${PERSONS_TASK}`, [id]);
      return rows[0] ? toTask(rows[0]) : null;
    },
    /** A task the owner may see: another user's id reads as missing. */
    async findOwned(id: string, ownerId: string): Promise<TaskRow | null> {
      const rows = await db.query(`SELECT ${COLUMNS} FROM tasks WHERE id = $1 AND owner_id = $2`, [id, ownerId]);
      return rows[0] ? toTask(rows[0]) : null;
    },
    async findByIdempotencyKey(ownerId: string, key: string): Promise<TaskRow | null> {
      const rows = await db.query(`SELECT ${COLUMNS} FROM tasks WHERE owner_id = $1 AND idempotency_key = $2`, [ownerId, key]);
      return rows[0] ? toTask(rows[0]) : null;
    },
    async last(ownerId: string): Promise<TaskRow | null> {
      const rows = await db.query(`SELECT ${COLUMNS} FROM tasks WHERE owner_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [ownerId]);
      return rows[0] ? toTask(rows[0]) : null;
    },
    /** Newest first, each with its submitter's e-mail address. */
    async list(opts: { ownerId?: string; skip: number; limit: number }): Promise<{ data: (TaskRow & { owner_email: string | null })[]; count: number }> {
      const where = opts.ownerId ? 'WHERE owner_id = $3' : `WHERE ${PERSONS_TASK}`;
      const params: unknown[] = [opts.skip, opts.limit];
      if (opts.ownerId) params.push(opts.ownerId);
      const rows = await db.query(
        `SELECT ${COLUMNS}, (SELECT u.email FROM users u WHERE u.id = tasks.owner_id) AS owner_email
           FROM tasks ${where} ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2`,
        params,
      );
      const countRows = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM tasks WHERE ${opts.ownerId ? 'owner_id = $1' : PERSONS_TASK}`,
        opts.ownerId ? [opts.ownerId] : [],
      );
      return { data: rows.map((r) => ({ ...toTask(r), owner_email: (r.owner_email as string | null) ?? null })), count: countRows[0].count };
    },
    /**
     * The newest task of each study (a study submitted again reads as its last submission), newest
     * first: the owner's, or everyone's when ownerId is undefined (a study UID then belongs to whoever
     * submitted it first); only the given studies when asked.
     */
    async latestByStudy(opts: { ownerId?: string; studyUids?: string[] }): Promise<TaskRow[]> {
      const params: unknown[] = [];
      const where = ['dcm_study_instance_uid IS NOT NULL'];
      if (opts.ownerId) {
        params.push(opts.ownerId);
        where.push(`owner_id = $${params.length}`);
      } else where.push(PERSONS_TASK);
      if (opts.studyUids) {
        params.push(opts.studyUids);
        where.push(`dcm_study_instance_uid = ANY($${params.length}::text[])`);
      }
      // Across owners (a superuser's view), a study UID is the study of whoever submitted it first:
      // anyone can write any UID into a file, and a later upload by someone else must not stand in
      // for her study in the administrator's viewer (found by an audit). Within it, her newest task.
      const firstOwners = opts.ownerId
        ? ''
        : `JOIN (SELECT DISTINCT ON (dcm_study_instance_uid) dcm_study_instance_uid AS uid, owner_id AS first_owner
                   FROM tasks WHERE ${where.join(' AND ')} ORDER BY dcm_study_instance_uid, created_at, id) firsts
             ON firsts.uid = tasks.dcm_study_instance_uid AND firsts.first_owner = tasks.owner_id`;
      const rows = await db.query(
        `SELECT * FROM (
           SELECT DISTINCT ON (dcm_study_instance_uid) ${COLUMNS}, created_at AS created
           FROM tasks ${firstOwners} WHERE ${where.join(' AND ')} ORDER BY dcm_study_instance_uid, created_at DESC, id DESC
         ) latest ORDER BY created DESC, id DESC`,
        params,
      );
      return rows.map(({ created: _c, ...row }) => toTask(row));
    },
    async insert(t: NewTask): Promise<TaskRow> {
      const rows = await db.query(
        `INSERT INTO tasks (id, owner_id, ai_model, dcm_patient_id, dcm_study_date, dcm_study_instance_uid, dcm_patient_birth_date, idempotency_key, counted)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
        [t.id, t.owner_id, t.ai_model, t.dcm_patient_id, t.dcm_study_date, t.dcm_study_instance_uid, t.dcm_patient_birth_date, t.idempotency_key, t.counted],
      );
      return toTask(rows[0]);
    },
    /**
     * Moves a queued (or re-delivered running) task to running and returns the attempt it now runs
     * as (finish takes it back); null when it is gone or finished.
     */
    async start(id: string): Promise<number | null> {
      const rows = await db.query<{ attempts: number }>(
        `UPDATE tasks SET status = 'running', started_at = now(), attempts = attempts + 1
         WHERE id = $1 AND status IN ('queued', 'running') RETURNING attempts`,
        [id],
      );
      return rows[0] ? Number(rows[0].attempts) : null;
    },
    /**
     * Stores the task's outcome, in one transaction with what follows from it: `alongside` writes
     * what must be kept with it (the run's images, ImageStore.keepDerived), a failed task gives its
     * counted submission back (once), and the owner's flow status follows; a reader never sees the
     * task finished and the owner still 'processing'. A completed result first goes through
     * `settle` with its owner as she is now (locked, lockOwner): what it returns is stored instead,
     * and when that is a revision the result it replaces is kept as a version. Only the attempt
     * that `start` handed out last stores its outcome: a run the queue gave up on (its job expired
     * and was handed out again while it still ran) stores nothing, so a task completes once and a
     * late failure never overwrites a result or gives a submission back. 'superseded' then; null
     * when the task is gone (deleted while it ran).
     */
    async finish(
      id: string,
      attempt: number,
      status: Extract<TaskStatus, 'completed' | 'failed'>,
      result: TaskResult,
      alongside?: (tx: Db) => Promise<void>,
      settle?: (result: ScoredResult, owner: OwnerNow) => ScoredResult | null,
    ): Promise<TaskRow | 'superseded' | null> {
      return db.transaction(async (tx) => {
        const found = await tx.query<{ owner_id: string }>('SELECT owner_id FROM tasks WHERE id = $1', [id]);
        if (!found[0]) return null;
        const scored = settle && status === 'completed' && !isFailed(result) ? result : null;
        const owner = scored ? await lockOwner(tx, id, found[0].owner_id) : null;
        const settled = scored && owner ? settle!(scored, owner) : null;
        const rows = await tx.query(
          `UPDATE tasks SET status = $2, result = $3, finished_at = now()
           WHERE id = $1 AND status = 'running' AND attempts = $4 RETURNING ${COLUMNS}`,
          [id, status, JSON.stringify(settled ?? result), attempt],
        );
        if (!rows[0]) return 'superseded';
        const task = toTask(rows[0]);
        if (settled?.revision && scored) await keepVersion(tx, id, scored);
        await alongside?.(tx);
        const submissions = submissionsRepository(tx);
        if (status === 'failed') {
          const uncounted = await tx.query('UPDATE tasks SET counted = false WHERE id = $1 AND counted RETURNING id', [id]);
          if (uncounted.length > 0) await submissions.giveBack(task.owner_id);
        }
        await submissions.refreshStatus(task.owner_id);
        return task;
      });
    },
    /** The owner's newest task that completed with scores, or null. */
    async lastCompleted(ownerId: string): Promise<TaskRow | null> {
      const rows = await db.query(
        `SELECT ${COLUMNS} FROM tasks WHERE owner_id = $1 AND status = 'completed' AND result IS NOT NULL AND NOT (result ? 'error')
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        [ownerId],
      );
      return rows[0] ? toTask(rows[0]) : null;
    },
    /**
     * Replaces a completed task's result by `next(current, owner)`, with its owner as she is now
     * (locked, lockOwner), and keeps the current one in task_result_versions, in one transaction
     * (the rows are locked, so two changes take turns). null when the task is gone, has no scores
     * or `next` leaves it as it is.
     */
    async reviseResult(id: string, next: (current: ScoredResult, owner: OwnerNow) => ScoredResult | null): Promise<ScoredResult | null> {
      return db.transaction(async (tx) => {
        const found = await tx.query<{ owner_id: string }>('SELECT owner_id FROM tasks WHERE id = $1', [id]);
        if (!found[0]) return null;
        const owner = await lockOwner(tx, id, found[0].owner_id);
        const rows = await tx.query(`SELECT ${COLUMNS} FROM tasks WHERE id = $1 AND status = 'completed' FOR UPDATE`, [id]);
        const current = rows[0] ? toTask(rows[0]).result : null;
        if (!current || isFailed(current)) return null;
        const revised = next(current, owner);
        if (!revised) return null;
        await keepVersion(tx, id, current);
        await tx.query('UPDATE tasks SET result = $2 WHERE id = $1', [id, JSON.stringify(revised)]);
        return revised;
      });
    },
    /** A task's earlier results, oldest first. */
    async resultVersions(id: string): Promise<{ version: number; replaced_at: string; result: ScoredResult }[]> {
      const rows = await db.query<{ version: number; replaced_at: string; result: unknown }>(
        `SELECT version, to_char(replaced_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS replaced_at, result
           FROM task_result_versions WHERE task_id = $1 ORDER BY version`,
        [id],
      );
      return rows.map((r) => ({ version: r.version, replaced_at: r.replaced_at, result: TaskResult.parse(typeof r.result === 'string' ? JSON.parse(r.result) : r.result) as ScoredResult }));
    },
    async delete(id: string): Promise<boolean> {
      return (await db.query('DELETE FROM tasks WHERE id = $1 RETURNING id', [id])).length > 0;
    },
    /** Puts a finished task back in the queue, to be scored again; false when it is not finished. */
    async requeue(id: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE tasks SET status = 'queued', result = NULL, started_at = NULL, finished_at = NULL
         WHERE id = $1 AND status IN ('completed', 'failed') RETURNING id`,
        [id],
      );
      return rows.length > 0;
    },
    /** A running task back to the queue, unfinished and still counted once (its job ended without an answer). */
    async backToQueue(id: string): Promise<boolean> {
      const rows = await db.query(`UPDATE tasks SET status = 'queued' WHERE id = $1 AND status = 'running' RETURNING id`, [id]);
      return rows.length > 0;
    },
    /**
     * The ids of tasks a worker should run, oldest first: the queued ones, and the running ones
     * started `staleSeconds` or more ago (their worker is taken for dead; 0: every running one).
     */
    async unfinishedIds(staleSeconds: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM tasks WHERE status = 'queued'
           OR (status = 'running' AND started_at <= now() - make_interval(secs => $1))
         ORDER BY created_at`,
        [staleSeconds],
      );
      return rows.map((r) => r.id);
    },
    /** The result JSON of every completed task of a person, oldest first (for recalibrating the references). */
    async completedResults(): Promise<unknown[]> {
      const rows = await db.query<{ result: unknown }>(`SELECT result FROM tasks WHERE status = 'completed' AND result IS NOT NULL AND ${PERSONS_TASK} ORDER BY created_at`);
      return rows.map((r) => (typeof r.result === 'string' ? JSON.parse(r.result) : r.result));
    },
  };
}
export type TasksRepository = ReturnType<typeof tasksRepository>;

/** Submission bookkeeping on the users table, kept with the tasks because it moves with them. */
export function submissionsRepository(db: Db) {
  return {
    /**
     * Takes one submission if the user may submit (core/submission-rule.ts), in one statement so
     * two parallel submissions cannot both take the last one. false when refused.
     */
    async take(userId: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE users SET submission_count = submission_count + 1, status = 'processing'
         WHERE id = $1 AND ${MAY_SUBMIT_SQL} RETURNING id`,
        [userId],
      );
      return rows.length > 0;
    },
    async giveBack(userId: string): Promise<void> {
      await db.query('UPDATE users SET submission_count = GREATEST(submission_count - 1, 0) WHERE id = $1', [userId]);
    },
    /** The flow status follows the user's last task (decisions.md). */
    async refreshStatus(userId: string): Promise<void> {
      await db.query(
        `UPDATE users SET status = COALESCE((
           SELECT CASE t.status WHEN 'completed' THEN 'result_available' WHEN 'failed' THEN 'presubmit' ELSE 'processing' END
           FROM tasks t WHERE t.owner_id = users.id ORDER BY t.created_at DESC, t.id DESC LIMIT 1
         ), 'presubmit') WHERE id = $1`,
        [userId],
      );
    },
  };
}
export type SubmissionsRepository = ReturnType<typeof submissionsRepository>;
