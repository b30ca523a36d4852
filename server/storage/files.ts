import { mkdir, open, readdir, rm, rmdir, writeFile, readFile, rename, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './permissions';

/**
 * Files on disk under DATA_DIR/files/<owner>/<task>/...: uploaded DICOM, display PNGs and
 * overlays. Every path is built from ids the server made, never from a client's file name.
 */
export interface FileStore {
  root: string;
  taskDir(ownerId: string, taskId: string): string;
  write(ownerId: string, taskId: string, name: string, data: Uint8Array): Promise<string>;
  read(ownerId: string, taskId: string, name: string): Promise<Buffer | null>;
  /** The first `maxBytes` of a file (a header, without its image) and the file's whole size. */
  readHead(ownerId: string, taskId: string, name: string, maxBytes: number): Promise<{ bytes: Buffer; size: number } | null>;
  exists(ownerId: string, taskId: string, name: string): Promise<boolean>;
  /**
   * A stream to a temporary file that `commit` renames into place, so no half file is ever read;
   * `discard` closes the stream and removes the file, committed or not.
   */
  createTemp(ownerId: string, taskId: string, name: string): Promise<{ stream: Writable; path: string; commit(): Promise<string>; discard(): Promise<void> }>;
  removeTask(ownerId: string, taskId: string): Promise<void>;
  removeOwner(ownerId: string): Promise<void>;
  /** Every task folder on disk, with the last time anything in it changed. */
  taskDirs(): Promise<Array<{ ownerId: string; taskId: string; modifiedMs: number }>>;
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

const SAFE = /^[A-Za-z0-9_.-]+$/;

function check(...parts: string[]) {
  for (const p of parts) if (!SAFE.test(p) || p.includes('..')) throw new Error(`Unsafe file path part: ${p}`);
}

export function fileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files');
  const taskDir = (ownerId: string, taskId: string) => {
    check(ownerId, taskId);
    return path.join(root, ownerId, taskId);
  };
  return {
    root,
    taskDir,
    async write(ownerId, taskId, name, data) {
      check(name);
      const dir = taskDir(ownerId, taskId);
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(dir, name);
      const tmp = `${file}.tmp-${process.pid}`;
      await writeFile(tmp, data, { mode: PRIVATE_FILE_MODE });
      await rename(tmp, file);
      return file;
    },
    async read(ownerId, taskId, name) {
      check(name);
      try {
        return await readFile(path.join(taskDir(ownerId, taskId), name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async readHead(ownerId, taskId, name, maxBytes) {
      check(name);
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
    async exists(ownerId, taskId, name) {
      check(name);
      try {
        await stat(path.join(taskDir(ownerId, taskId), name));
        return true;
      } catch {
        return false;
      }
    },
    async createTemp(ownerId, taskId, name) {
      check(name);
      const dir = taskDir(ownerId, taskId);
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(dir, name);
      const tmp = `${file}.part`;
      const stream = createWriteStream(tmp, { mode: PRIVATE_FILE_MODE });
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
    async removeTask(ownerId, taskId) {
      await rm(taskDir(ownerId, taskId), { recursive: true, force: true });
      // An owner folder left empty goes too (rmdir refuses one that still holds other tasks).
      await rmdir(path.join(root, ownerId)).catch(() => undefined);
    },
    async removeOwner(ownerId) {
      check(ownerId);
      await rm(path.join(root, ownerId), { recursive: true, force: true });
    },
    async taskDirs() {
      const out: Array<{ ownerId: string; taskId: string; modifiedMs: number }> = [];
      for (const owner of await entries(root)) {
        if (!owner.isDirectory() || !SAFE.test(owner.name)) continue;
        for (const task of await entries(path.join(root, owner.name))) {
          if (!task.isDirectory() || !SAFE.test(task.name)) continue;
          const dir = path.join(root, owner.name, task.name);
          let modifiedMs = (await stat(dir)).mtimeMs;
          for (const f of await entries(dir)) modifiedMs = Math.max(modifiedMs, (await stat(path.join(dir, f.name)).catch(() => null))?.mtimeMs ?? 0);
          out.push({ ownerId: owner.name, taskId: task.name, modifiedMs });
        }
      }
      return out;
    },
  };
}
