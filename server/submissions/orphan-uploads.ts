import type { Db } from '../db/client';
import { DEMO_FILES_OWNER, filesOwnerOf } from '../db/repositories/demo-owner';
import { tasksRepository } from '../db/repositories/tasks.repository';
import type { ImageStore } from '../storage/image-store';

/**
 * A folder untouched this long may be swept. An upload in progress writes to its folder all the
 * time, and a connection on which nothing arrives for IDLE_TIMEOUT_SECONDS (2 minutes) is closed
 * (server/http/connection-timeouts.ts), so a folder quiet for 15 minutes is no other process's
 * upload under way.
 */
export const ORPHAN_GRACE_MS = 15 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Removes the upload folders (DATA_DIR/files/<owner>/<id>) that belong to no task kept in that
 * owner's folder (demo-owner.ts, filesOwnerOf): what a process that died mid-upload left behind,
 * and with Orthanc the instances it had stored from them (orthanc-store.ts). Run after start and
 * every 15 minutes (scheduleOrphanSweeps); answers how many it removed. Folders with names the
 * server never makes are left alone.
 */
export async function sweepOrphanUploads(deps: { db: Db; files: ImageStore; graceMs?: number; now?: number }): Promise<number> {
  // An Orthanc that does not answer cannot be swept now (the instances an upload left there would
  // stay behind with no staged file left to find them by): its folders wait for the next sweep.
  if (deps.files.kind === 'orthanc' && !(await deps.files.check()).ok) return 0;
  const tasks = tasksRepository(deps.db);
  const quietSince = (deps.now ?? Date.now()) - (deps.graceMs ?? ORPHAN_GRACE_MS);
  let removed = 0;
  for (const dir of await deps.files.storedTasks()) {
    if (dir.modifiedMs > quietSince || !UUID.test(dir.taskId)) continue;
    if (dir.ownerId !== DEMO_FILES_OWNER && !UUID.test(dir.ownerId)) continue;
    const task = await tasks.find(dir.taskId);
    if (task && filesOwnerOf(task.owner_id) === dir.ownerId) continue;
    await deps.files.removeTask(dir.ownerId, dir.taskId);
    removed++;
  }
  return removed;
}

/**
 * Sweeps now and then every `everyMs` for as long as the process runs, not only at start: what
 * Orthanc could not be asked to delete while it was down (an upload cut off, a task deleted
 * meanwhile) goes once it answers again, without waiting for a restart. A sweep never overlaps the
 * one before, and one that fails is logged and tried again at the next turn. Answers a function
 * that stops the sweeps.
 */
export function scheduleOrphanSweeps(
  deps: { db: Db; files: ImageStore; everyMs?: number; log: (msg: string) => void },
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const turn = async () => {
    try {
      const n = await sweepOrphanUploads(deps);
      if (n > 0) deps.log(`removed ${n} upload folder(s) that belong to no task`);
    } catch (err) {
      deps.log(`upload folders could not be swept: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (stopped) return;
    timer = setTimeout(() => void turn(), deps.everyMs ?? ORPHAN_GRACE_MS);
    timer.unref();
  };
  void turn();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
