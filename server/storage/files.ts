import { mkdir, open, readdir, rm, rmdir, writeFile, readFile, rename, stat, statfs } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './permissions';
import { SAFE_NAME, checkNames, type ImageStore, type StagedFile } from './image-store';

/**
 * The local image store (the embedded default): files on disk under DATA_DIR/files/<owner>/<task>/
 * (uploaded DICOM, display PNGs and overlays). Every path is built from ids the server made, never
 * from a client's file name. Staged uploads are written where they stay, so `keep` has nothing to do.
 * Orthanc's store (orthanc-store.ts) stages its uploads here too, and removes them once kept.
 */
export interface LocalImageStore extends ImageStore {
  readonly kind: 'local';
  /** DATA_DIR/files. */
  readonly root: string;
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** A failure's code (ENOSPC, EACCES, ...), never its message: messages carry the machine's paths. */
export const errorCode = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,32}$/i.test(code) ? code : err instanceof Error ? err.name : 'unknown error';
};

export function fileStore(dataDir: string): LocalImageStore {
  const root = path.join(dataDir, 'files');
  const taskDir = (ownerId: string, taskId: string) => {
    checkNames(ownerId, taskId);
    return path.join(root, ownerId, taskId);
  };
  const store: LocalImageStore = {
    kind: 'local',
    root,
    async write(ownerId, taskId, name, data) {
      checkNames(name);
      const dir = taskDir(ownerId, taskId);
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(dir, name);
      const tmp = `${file}.tmp-${process.pid}`;
      await writeFile(tmp, data, { mode: PRIVATE_FILE_MODE });
      await rename(tmp, file);
    },
    async keepDerived(ownerId, taskId, images) {
      await Promise.all(images.map(({ name, data }) => store.write(ownerId, taskId, name, data)));
      return async () => undefined;
    },
    async read(ownerId, taskId, name) {
      checkNames(name);
      try {
        return await readFile(path.join(taskDir(ownerId, taskId), name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async readHead(ownerId, taskId, name, maxBytes) {
      checkNames(name);
      let handle;
      try {
        handle = await open(path.join(taskDir(ownerId, taskId), name), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        const bytes = Buffer.alloc(Math.min(size, maxBytes));
        const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
        return { bytes: bytes.subarray(0, bytesRead), size };
      } finally {
        await handle.close();
      }
    },
    async stage(ownerId, taskId, name): Promise<StagedFile> {
      checkNames(name);
      const dir = taskDir(ownerId, taskId);
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(dir, name);
      const tmp = `${file}.part`;
      // Large writes: an upload's parse pauses the socket whenever this stream holds more than
      // its mark (UPLOAD_BUFFER_BYTES in server/submissions/multipart.ts says why 1 MB).
      const stream = createWriteStream(tmp, { mode: PRIVATE_FILE_MODE, highWaterMark: 1 << 20 });
      return {
        stream,
        path: tmp,
        async commit() {
          await rename(tmp, file);
          return file;
        },
        async discard() {
          // A stream still opening would create the file after it was removed: wait for its close.
          if (!stream.closed) {
            const closed = once(stream, 'close').catch(() => undefined);
            stream.destroy();
            await closed;
          }
          await rm(tmp, { force: true });
          await rm(file, { force: true });
        },
      };
    },
    async keep() {
      // Staged files are written where they stay.
    },
    async removeTask(ownerId, taskId) {
      await rm(taskDir(ownerId, taskId), { recursive: true, force: true });
      // An owner folder left empty goes too (rmdir refuses one that still holds other tasks).
      await rmdir(path.join(root, ownerId)).catch(() => undefined);
    },
    async removeOwner(ownerId) {
      checkNames(ownerId);
      await rm(path.join(root, ownerId), { recursive: true, force: true });
    },
    async storedTasks() {
      const out: Array<{ ownerId: string; taskId: string; modifiedMs: number }> = [];
      for (const owner of await entries(root)) {
        if (!owner.isDirectory() || !SAFE_NAME.test(owner.name)) continue;
        for (const task of await entries(path.join(root, owner.name))) {
          if (!task.isDirectory() || !SAFE_NAME.test(task.name)) continue;
          const dir = path.join(root, owner.name, task.name);
          let modifiedMs = (await stat(dir)).mtimeMs;
          for (const f of await entries(dir)) modifiedMs = Math.max(modifiedMs, (await stat(path.join(dir, f.name)).catch(() => null))?.mtimeMs ?? 0);
          out.push({ ownerId: owner.name, taskId: task.name, modifiedMs });
        }
      }
      return out;
    },
    async check() {
      // A file written and removed where the uploads go: the disk is there, writable, not full.
      const probe = path.join(root, `.health-${randomBytes(6).toString('hex')}`);
      try {
        await mkdir(root, { recursive: true });
        await writeFile(probe, 'ok');
        await rm(probe, { force: true });
        const fs = await statfs(root);
        const free = fs.bavail * fs.bsize;
        return { ok: true, free_bytes: free, detail: `writable, ${(free / 2 ** 30).toFixed(1)} GiB free` };
      } catch (err) {
        await rm(probe, { force: true }).catch(() => undefined);
        return { ok: false, free_bytes: null, detail: `cannot store files: ${errorCode(err)}` };
      }
    },
  };
  return store;
}
