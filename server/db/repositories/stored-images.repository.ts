import type { Db } from '../client';

export interface StoredInstance {
  owner_id: string;
  task_id: string;
  name: string;
  orthanc_id: string;
  bytes: number;
}

const toBuffer = (data: unknown): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from(data as Uint8Array));

/**
 * Where a study's images are when they live in Orthanc (migration 009): its DICOM files' Orthanc
 * instance ids and its derived PNGs.
 */
export function storedImagesRepository(db: Db) {
  return {
    ...rows(db),
    lockInstance: <T>(orthancId: string, fn: (tx: StoredImagesRows) => Promise<T>) => lockInstance(db, orthancId, fn),
    /** The same rows read and written in a transaction of the caller's (a task's result with its images). */
    in: (tx: Db) => rows(tx),
  };
}
export type StoredImagesRepository = ReturnType<typeof storedImagesRepository>;

/**
 * Runs `fn` in a transaction holding a lock on one Orthanc instance: deciding to delete an
 * instance no row names any more, and naming it in a new row, never interleave.
 */
function lockInstance<T>(db: Db, orthancId: string, fn: (tx: StoredImagesRows) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('sd_orthanc_instance:' || $1, 0))", [orthancId]);
    return fn(rows(tx));
  });
}

function rows(db: Db) {
  return {
    async instance(ownerId: string, taskId: string, name: string): Promise<StoredInstance | null> {
      const rows = await db.query<StoredInstance>('SELECT owner_id, task_id, name, orthanc_id, bytes::float8 AS bytes FROM orthanc_instances WHERE owner_id = $1 AND task_id = $2 AND name = $3', [ownerId, taskId, name]);
      return rows[0] ?? null;
    },
    async addInstance(row: StoredInstance): Promise<void> {
      await db.query(
        `INSERT INTO orthanc_instances (owner_id, task_id, name, orthanc_id, bytes) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (owner_id, task_id, name) DO UPDATE SET orthanc_id = EXCLUDED.orthanc_id, bytes = EXCLUDED.bytes, created_at = now()`,
        [row.owner_id, row.task_id, row.name, row.orthanc_id, row.bytes],
      );
    },
    /** The instances the task's (or, without `taskId`, the owner's) rows name. */
    async instanceIds(ownerId: string, taskId?: string): Promise<string[]> {
      const rows = taskId
        ? await db.query<{ orthanc_id: string }>('SELECT DISTINCT orthanc_id FROM orthanc_instances WHERE owner_id = $1 AND task_id = $2 ORDER BY orthanc_id', [ownerId, taskId])
        : await db.query<{ orthanc_id: string }>('SELECT DISTINCT orthanc_id FROM orthanc_instances WHERE owner_id = $1 ORDER BY orthanc_id', [ownerId]);
      return rows.map((r) => r.orthanc_id);
    },
    /** Removes the task's (or the owner's) rows that name one instance. */
    async removeInstanceRows(ownerId: string, taskId: string | undefined, orthancId: string): Promise<void> {
      if (taskId) await db.query('DELETE FROM orthanc_instances WHERE owner_id = $1 AND task_id = $2 AND orthanc_id = $3', [ownerId, taskId, orthancId]);
      else await db.query('DELETE FROM orthanc_instances WHERE owner_id = $1 AND orthanc_id = $2', [ownerId, orthancId]);
    },
    async instanceInUse(orthancId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM orthanc_instances WHERE orthanc_id = $1 LIMIT 1', [orthancId]);
      return rows.length > 0;
    },
    async putDerived(ownerId: string, taskId: string, name: string, data: Uint8Array): Promise<void> {
      await db.query(
        `INSERT INTO derived_images (owner_id, task_id, name, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (owner_id, task_id, name) DO UPDATE SET data = EXCLUDED.data, created_at = now()`,
        [ownerId, taskId, name, Buffer.from(data.buffer, data.byteOffset, data.byteLength)],
      );
    },
    /** Several derived images of one task in one statement. */
    async putDerivedMany(ownerId: string, taskId: string, images: ReadonlyArray<{ name: string; data: Uint8Array }>): Promise<void> {
      if (images.length === 0) return;
      const params: unknown[] = [ownerId, taskId];
      const values = images.map(({ name, data }) => {
        params.push(name, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
        return `($1, $2, $${params.length - 1}, $${params.length})`;
      });
      await db.query(
        `INSERT INTO derived_images (owner_id, task_id, name, data) VALUES ${values.join(', ')}
         ON CONFLICT (owner_id, task_id, name) DO UPDATE SET data = EXCLUDED.data, created_at = now()`,
        params,
      );
    },
    async derived(ownerId: string, taskId: string, name: string): Promise<Buffer | null> {
      const rows = await db.query<{ data: unknown }>('SELECT data FROM derived_images WHERE owner_id = $1 AND task_id = $2 AND name = $3', [ownerId, taskId, name]);
      return rows[0] ? toBuffer(rows[0].data) : null;
    },
    async removeDerived(ownerId: string, taskId?: string): Promise<void> {
      if (taskId) await db.query('DELETE FROM derived_images WHERE owner_id = $1 AND task_id = $2', [ownerId, taskId]);
      else await db.query('DELETE FROM derived_images WHERE owner_id = $1', [ownerId]);
    },
    /** Every task with instances or derived images, and when it last got one. */
    async tasks(): Promise<Array<{ ownerId: string; taskId: string; modifiedMs: number }>> {
      const rows = await db.query<{ owner_id: string; task_id: string; at: string | Date }>(
        `SELECT owner_id, task_id, max(created_at) AS at FROM (
           SELECT owner_id, task_id, created_at FROM orthanc_instances UNION ALL SELECT owner_id, task_id, created_at FROM derived_images
         ) t GROUP BY owner_id, task_id`,
      );
      return rows.map((r) => ({ ownerId: r.owner_id, taskId: r.task_id, modifiedMs: new Date(r.at).getTime() }));
    },
  };
}
type StoredImagesRows = ReturnType<typeof rows>;
