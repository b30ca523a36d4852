import type { Db } from '../db/client';
import { demoUsersRepository } from '../db/repositories/demo-users.repository';
import { tasksRepository } from '../db/repositories/tasks.repository';
import { DEMO_FILES_OWNER } from '../jobs/process-demo';
import type { ImageStore } from '../storage/image-store';

/**
 * A folder untouched this long may be swept. An upload in progress writes to its folder all the
 * time, and Node ends a request that has not finished within 5 minutes (requestTimeout), so a
 * folder quiet for 15 minutes is no other process's upload under way.
 */
export const ORPHAN_GRACE_MS = 15 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Removes the upload folders (DATA_DIR/files/<owner>/<id>) that belong to no task of that owner
 * and no demo profile: what a process that died mid-upload left behind. Run at start; answers how
 * many it removed. Folders with names the server never makes are left alone.
 */
export async function sweepOrphanUploads(deps: { db: Db; files: ImageStore; graceMs?: number; now?: number }): Promise<number> {
  const tasks = tasksRepository(deps.db);
  const demos = demoUsersRepository(deps.db);
  const quietSince = (deps.now ?? Date.now()) - (deps.graceMs ?? ORPHAN_GRACE_MS);
  let removed = 0;
  for (const dir of await deps.files.storedTasks()) {
    if (dir.modifiedMs > quietSince || !UUID.test(dir.taskId)) continue;
    const isDemo = dir.ownerId === DEMO_FILES_OWNER;
    if (!isDemo && !UUID.test(dir.ownerId)) continue;
    const owned = isDemo ? (await demos.find(dir.taskId)) !== null : (await tasks.find(dir.taskId))?.owner_id === dir.ownerId;
    if (owned) continue;
    await deps.files.removeTask(dir.ownerId, dir.taskId);
    removed++;
  }
  return removed;
}
