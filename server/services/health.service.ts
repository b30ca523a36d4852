/**
 * The readiness check of GET /utils/health: the database answers, the job queue is there (and how
 * many studies wait), and the image store takes a file and has room. Each part says in a sentence
 * what it found; the whole is "ok" only when every part is. Never throws: a failing part is a
 * finding, not an error.
 */
import type { Health } from '../../core/contract';
import type { HealthRepository } from '../db/repositories/health.repository';
import type { ImageStore } from '../storage/image-store';

/**
 * A failure's code (ENOSPC, ECONNREFUSED, 42P01, ...), never its message: the check answers
 * anyone, and messages carry paths and addresses of the machine.
 */
const reason = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,32}$/i.test(code) ? code : err instanceof Error ? err.name : 'unknown error';
};

export function healthService(deps: { health: HealthRepository; images: Pick<ImageStore, 'check'> }) {
  const { health, images } = deps;

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
    // The local folder: a file written and removed where the uploads go (the disk is there,
    // writable, not full); Orthanc: it answers.
    return images.check().catch((err) => ({ ok: false, free_bytes: null, detail: `cannot store files: ${reason(err)}` }));
  }

  return {
    async check(): Promise<Health> {
      const [db, q, store] = await Promise.all([database(), queue(), imageStore()]);
      return { status: db.ok && q.ok && store.ok ? 'ok' : 'unavailable', database: db, queue: q, image_store: store };
    },
  };
}
export type HealthService = ReturnType<typeof healthService>;
