/**
 * The readiness check of GET /utils/health: the database answers, the job queue is there (and how
 * many studies wait), and the image store takes a file and has room. Each part says in a sentence
 * what it found; the whole is "ok" only when every part is. Never throws: a failing part is a
 * finding, not an error.
 */
import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Health } from '../../core/contract';
import type { HealthRepository } from '../db/repositories/health.repository';

/**
 * A failure's code (ENOSPC, ECONNREFUSED, 42P01, ...), never its message: the check answers
 * anyone, and messages carry paths and addresses of the machine.
 */
const reason = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,32}$/i.test(code) ? code : err instanceof Error ? err.name : 'unknown error';
};

export function healthService(deps: { health: HealthRepository; filesRoot: string }) {
  const { health, filesRoot } = deps;

  async function database(): Promise<Health['database']> {
    const t0 = performance.now();
    try {
      await health.ping();
      const latency = Math.round((performance.now() - t0) * 10) / 10;
      return { ok: true, kind: health.kind, latency_ms: latency, detail: `answers (${health.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})` };
    } catch (err) {
      return { ok: false, kind: health.kind, latency_ms: null, detail: `does not answer: ${reason(err)}` };
    }
  }

  async function queue(): Promise<Health['queue']> {
    try {
      const { waiting, running } = await health.queueDepth();
      return { ok: true, waiting, running, detail: `${waiting} waiting, ${running} running` };
    } catch (err) {
      return { ok: false, waiting: null, running: null, detail: `cannot be read: ${reason(err)}` };
    }
  }

  async function imageStore(): Promise<Health['image_store']> {
    // A file written and removed where the uploads go: the disk is there, writable, not full.
    const probe = path.join(filesRoot, `.health-${randomBytes(6).toString('hex')}`);
    try {
      await mkdir(filesRoot, { recursive: true });
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
      const fs = await statfs(filesRoot);
      const free = fs.bavail * fs.bsize;
      return { ok: true, free_bytes: free, detail: `writable, ${(free / 2 ** 30).toFixed(1)} GiB free` };
    } catch (err) {
      await rm(probe, { force: true }).catch(() => undefined);
      return { ok: false, free_bytes: null, detail: `cannot store files: ${reason(err)}` };
    }
  }

  return {
    async check(): Promise<Health> {
      const [db, q, store] = await Promise.all([database(), queue(), imageStore()]);
      return { status: db.ok && q.ok && store.ok ? 'ok' : 'unavailable', database: db, queue: q, image_store: store };
    },
  };
}
export type HealthService = ReturnType<typeof healthService>;
