import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { z } from 'zod';
import type { StoredImagesRepository } from '../db/repositories/stored-images.repository';
import type { LocalImageStore } from './files';
import { ImageRefusedError, ImageStoreUnavailableError, checkNames, type ImageStore } from './image-store';
import { orthancIdOfFile } from './orthanc-instance-id';

export interface OrthancSettings {
  url: string;
  username: string | null;
  password: string | null;
  timeoutMs: number;
}

const Stored = z.object({ ID: z.string().regex(/^[0-9a-f-]{10,80}$/), Status: z.string() });
const Statistics = z.object({ CountInstances: z.number(), TotalDiskSizeMB: z.number() });
const System = z.object({ Version: z.string() });

/** Orthanc's REST API (https://orthanc.uclouvain.be/book/users/rest.html), the calls the store makes. */
export function orthancClient(settings: OrthancSettings) {
  const base = settings.url.replace(/\/+$/, '');
  const auth = settings.username ? `Basic ${Buffer.from(`${settings.username}:${settings.password ?? ''}`).toString('base64')}` : null;

  /**
   * One call, its answer read whole; a store that cannot be reached, times out, breaks off, refuses
   * our credentials or fails on its side is ImageStoreUnavailableError (the message names the call
   * and the status, never the body). A call that breaks off is tried once more: a keep-alive
   * connection Orthanc closed just as it was reused (its KeepAliveTimeout) breaks off a sound call,
   * and every call made here is safe to repeat (storing a file twice stores one instance).
   */
  async function call(method: string, route: string, body?: Uint8Array, okStatuses: number[] = []): Promise<{ status: number; body: Buffer }> {
    // Orthanc compresses answers by default (HttpCompressionEnabled), and its gzip of a whole file
    // broke off mid-answer under fetch: DICOM files are asked for as they are.
    const headers: Record<string, string> = { 'accept-encoding': 'identity' };
    if (auth) headers.authorization = auth;
    if (body) headers['content-type'] = 'application/dicom';
    // fetch's body type wants a view of an ArrayBuffer (never a SharedArrayBuffer).
    const payload = body ? (body.buffer instanceof ArrayBuffer ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : new Uint8Array(body)) : undefined;
    const what = `${method} /${route.split('/')[1]}`;
    let answer: { status: number; body: Buffer } | null = null;
    for (let attempt = 1; !answer; attempt++) {
      try {
        const res = await fetch(`${base}${route}`, { method, headers, body: payload, signal: AbortSignal.timeout(settings.timeoutMs) });
        answer = { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
      } catch (err) {
        if (attempt < 2 && (err as Error).name !== 'TimeoutError') continue;
        const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
        throw new ImageStoreUnavailableError(`Orthanc cannot be reached (${what}: ${cause})`);
      }
    }
    return checked(answer, okStatuses, what);
  }

  function checked(answer: { status: number; body: Buffer }, okStatuses: number[], what: string) {
    if ((answer.status >= 200 && answer.status < 300) || okStatuses.includes(answer.status)) return answer;
    if (answer.status === 401 || answer.status === 403) throw new ImageStoreUnavailableError(`Orthanc refused our credentials (${answer.status}): check ORTHANC_USERNAME and ORTHANC_PASSWORD`);
    throw new ImageStoreUnavailableError(`Orthanc answered ${answer.status} to ${what}`);
  }

  /** POST /instances of a file on disk, streamed (never whole in memory), its length announced. */
  function postFile(file: string, size: number): Promise<{ status: number; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const url = new URL(`${base}/instances`);
      const headers: Record<string, string | number> = { 'content-type': 'application/dicom', 'content-length': size, 'accept-encoding': 'identity' };
      if (auth) headers.authorization = auth;
      const req = (url.protocol === 'https:' ? https : http).request(url, { method: 'POST', headers, timeout: settings.timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { name: 'TimeoutError' })));
      req.on('error', reject);
      const input = createReadStream(file);
      input.on('error', (err) => req.destroy(err));
      req.on('close', () => input.destroy());
      input.pipe(req);
    });
  }

  function json<T>(res: { body: Buffer }, schema: z.ZodType<T>, what: string): T {
    let value: unknown = null;
    try {
      value = JSON.parse(res.body.toString('utf8'));
    } catch {
      /* not JSON: refused below */
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new ImageStoreUnavailableError(`Orthanc's answer to ${what} is not what it should be`);
    return parsed.data;
  }

  const stored = (res: { status: number; body: Buffer }) => {
    if (res.status === 400) return null;
    const r = json(res, Stored, 'POST /instances');
    return { id: r.ID, alreadyStored: r.Status === 'AlreadyStored' };
  };

  return {
    /** Stores one DICOM file on disk, streamed, tried twice as `call` does; null when Orthanc cannot read it (its 400). */
    async storeFile(file: string): Promise<{ id: string; alreadyStored: boolean } | null> {
      const { size } = await stat(file);
      for (let attempt = 1; ; attempt++) {
        try {
          return stored(checked(await postFile(file, size), [400], 'POST /instances'));
        } catch (err) {
          if (err instanceof ImageStoreUnavailableError) throw err;
          if (attempt < 2 && (err as Error).name !== 'TimeoutError') continue;
          const cause = (err as { code?: string }).code ?? (err as Error).name;
          throw new ImageStoreUnavailableError(`Orthanc cannot be reached (POST /instances: ${cause})`);
        }
      }
    },
    /** Stores one DICOM file; null when Orthanc cannot read it as DICOM (its 400). */
    async store(bytes: Uint8Array): Promise<{ id: string; alreadyStored: boolean } | null> {
      return stored(await call('POST', '/instances', bytes, [400]));
    },
    async file(id: string): Promise<Buffer | null> {
      const res = await call('GET', `/instances/${id}/file`, undefined, [404]);
      return res.status === 404 ? null : res.body;
    },
    async md5(id: string): Promise<string | null> {
      const res = await call('GET', `/instances/${id}/attachments/dicom/md5`, undefined, [404]);
      return res.status === 404 ? null : res.body.toString('utf8').replace(/"/g, '').trim();
    },
    async exists(id: string): Promise<boolean> {
      return (await call('GET', `/instances/${id}`, undefined, [404])).status !== 404;
    },
    async remove(id: string): Promise<void> {
      await call('DELETE', `/instances/${id}`, undefined, [404]);
    },
    async system() {
      return json(await call('GET', '/system'), System, 'GET /system');
    },
    async statistics() {
      return json(await call('GET', '/statistics'), Statistics, 'GET /statistics');
    },
  };
}
export type OrthancClient = ReturnType<typeof orthancClient>;

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

async function md5OfFile(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The Orthanc image store (STORAGE=orthanc): a study's DICOM files are Orthanc instances, stored
 * over its REST API (POST /instances) and read back by any API or worker process; which instance
 * holds which file is in PostgreSQL (orthanc_instances), and so are the derived PNGs
 * (derived_images; why there and not as Orthanc attachments: migration 009). Uploads are staged
 * on this machine's disk (`staging`, under DATA_DIR/files) only until `keep` has stored them.
 */
export function orthancImageStore(deps: { orthanc: OrthancClient; repo: StoredImagesRepository; staging: LocalImageStore }): ImageStore {
  const { orthanc, repo, staging } = deps;

  /**
   * Stores one file of a task. Orthanc keeps one instance per patient/study/series/SOP UIDs: a file
   * it holds already (the same study sent twice) is shared, but a different file under the same
   * UIDs would read as the other one's, so it is refused.
   */
  async function storeDicom(ownerId: string, taskId: string, name: string, source: Uint8Array | string): Promise<void> {
    const put = () => (typeof source === 'string' ? orthanc.storeFile(source) : orthanc.store(source));
    const stored = await put();
    if (!stored) throw new ImageRefusedError(name, 'The image store cannot read this file as DICOM.');
    if (stored.alreadyStored && (await orthanc.md5(stored.id)) !== (typeof source === 'string' ? await md5OfFile(source) : md5(source))) {
      throw new ImageRefusedError(name, 'Another image with the same patient, study, series and instance UIDs is already stored; each image needs UIDs of its own.', 409);
    }
    const bytes = typeof source === 'string' ? (await stat(source)).size : source.byteLength;
    await repo.lockInstance(stored.id, async (tx) => {
      await tx.addInstance({ owner_id: ownerId, task_id: taskId, name, orthanc_id: stored.id, bytes });
      // A removal of the last task naming this instance may have deleted it since it was stored.
      if (!(await orthanc.exists(stored.id)) && !(await put())) throw new ImageRefusedError(name, 'The image store cannot read this file as DICOM.');
    });
  }

  /** Deletes the instances no task names any more. */
  async function release(ids: string[]): Promise<void> {
    for (const id of ids) {
      await repo.lockInstance(id, async (tx) => {
        if (!(await tx.instanceInUse(id))) await orthanc.remove(id);
      });
    }
  }

  async function stagedDicoms(ownerId: string, taskId: string): Promise<string[]> {
    const dir = path.join(staging.root, ownerId, taskId);
    const names = await readdir(dir).catch(() => [] as string[]);
    return names.filter((n) => n.endsWith('.dcm'));
  }

  /**
   * The instances a task's upload may have put in Orthanc without a row naming them: a process
   * that died between Orthanc's answer and the row (or during the POST) left its staged files,
   * and each one's Orthanc id follows from its UIDs. Only an instance holding exactly that file
   * counts (its MD5), so that an image of the same UIDs kept by someone else is never one of them.
   */
  async function unnamedStagedInstances(ownerId: string, taskId: string): Promise<string[]> {
    const ids: string[] = [];
    for (const name of await stagedDicoms(ownerId, taskId)) {
      const file = path.join(staging.root, ownerId, taskId, name);
      const id = await orthancIdOfFile(file);
      if (!id || (await repo.instance(ownerId, taskId, name))?.orthanc_id === id) continue;
      // An Orthanc that does not answer kept nothing of this upload (the refused upload's clean-up).
      const held = await orthanc.md5(id).catch((err: unknown) => {
        if (err instanceof ImageStoreUnavailableError) return null;
        throw err;
      });
      if (held !== null && held === (await md5OfFile(file))) ids.push(id);
    }
    return ids;
  }

  /**
   * Removes the task's (or the owner's) rows one instance at a time, each in the transaction that
   * deletes the instance when no other row names it: a row goes only with its instance, so an
   * Orthanc that stops answering leaves rows naming what is left, which the sweep of orphaned
   * uploads (after start and every 15 minutes) finds (storedTasks) and removes then.
   */
  async function removeNamed(ownerId: string, taskId?: string): Promise<void> {
    for (const id of await repo.instanceIds(ownerId, taskId)) {
      await repo.lockInstance(id, async (tx) => {
        await tx.removeInstanceRows(ownerId, taskId, id);
        if (!(await tx.instanceInUse(id))) await orthanc.remove(id);
      });
    }
  }

  /**
   * Removes a task's derived images, instances (those no other task names) and staged files. When
   * Orthanc stops answering partway, what it still holds stays named for the next sweep:
   * by the task's rows, or by its staged files (unnamedStagedInstances), which then stay too (an
   * upload cut off because Orthanc went down after storing some of its files).
   */
  async function removeOne(ownerId: string, taskId: string): Promise<void> {
    await repo.removeDerived(ownerId, taskId);
    try {
      await release(await unnamedStagedInstances(ownerId, taskId));
      await removeNamed(ownerId, taskId);
    } catch (err) {
      if (err instanceof ImageStoreUnavailableError) return;
      throw err;
    }
    await staging.removeTask(ownerId, taskId);
  }

  async function read(ownerId: string, taskId: string, name: string): Promise<Buffer | null> {
    checkNames(ownerId, taskId, name);
    if (!name.endsWith('.dcm')) return repo.derived(ownerId, taskId, name);
    const row = await repo.instance(ownerId, taskId, name);
    return row ? orthanc.file(row.orthanc_id) : null;
  }

  return {
    kind: 'orthanc',
    stage: (ownerId, taskId, name) => staging.stage(ownerId, taskId, name),
    async keep(ownerId, taskId) {
      checkNames(ownerId, taskId);
      for (const name of await stagedDicoms(ownerId, taskId)) {
        // Streamed from the staged file: an upload is never whole in memory.
        await storeDicom(ownerId, taskId, name, path.join(staging.root, ownerId, taskId, name));
      }
      await staging.removeTask(ownerId, taskId);
    },
    async write(ownerId, taskId, name, data) {
      checkNames(ownerId, taskId, name);
      if (name.endsWith('.dcm')) await storeDicom(ownerId, taskId, name, data);
      else await repo.putDerived(ownerId, taskId, name, data);
    },
    async keepDerived(ownerId, taskId, images) {
      checkNames(ownerId, taskId, ...images.map((i) => i.name));
      return (tx) => repo.in(tx).putDerivedMany(ownerId, taskId, images);
    },
    read,
    async readHead(ownerId, taskId, name, maxBytes) {
      // Orthanc serves whole files; the callers cache the headers they read.
      const bytes = await read(ownerId, taskId, name);
      return bytes ? { bytes: bytes.subarray(0, maxBytes), size: bytes.length } : null;
    },
    removeTask: removeOne,
    async removeOwner(ownerId) {
      // A person is deleted only once her images are: while Orthanc does not answer this throws
      // (the deletion answers 503 and can be tried again), and the rows and staged files left
      // name what Orthanc still holds.
      for (const staged of await staging.storedTasks()) if (staged.ownerId === ownerId) await removeOne(ownerId, staged.taskId);
      await repo.removeDerived(ownerId);
      await removeNamed(ownerId);
      if ((await staging.storedTasks()).some((t) => t.ownerId === ownerId)) throw new ImageStoreUnavailableError('Orthanc cannot be reached (DELETE /instances)');
      await staging.removeOwner(ownerId);
    },
    async storedTasks() {
      const byKey = new Map<string, { ownerId: string; taskId: string; modifiedMs: number }>();
      for (const t of [...(await staging.storedTasks()), ...(await repo.tasks())]) {
        const key = `${t.ownerId}/${t.taskId}`;
        const known = byKey.get(key);
        byKey.set(key, known ? { ...t, modifiedMs: Math.max(known.modifiedMs, t.modifiedMs) } : t);
      }
      return [...byKey.values()];
    },
    async check() {
      try {
        const [system, stats] = await Promise.all([orthanc.system(), orthanc.statistics()]);
        return { ok: true, free_bytes: null, detail: `Orthanc ${system.Version} answers: ${stats.CountInstances} instances, ${stats.TotalDiskSizeMB} MB stored` };
      } catch (err) {
        return { ok: false, free_bytes: null, detail: err instanceof ImageStoreUnavailableError ? 'Orthanc does not answer' : 'Orthanc cannot be read' };
      }
    },
  };
}

