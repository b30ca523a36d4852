/**
 * The pipeline run in worker threads (server/jobs/pipeline.worker.ts), behind the same Pipeline
 * interface. Each call goes to the thread with the fewest calls in flight, so the four views of a
 * study are decoded and analysed side by side on a machine with cores to spare. A thread that
 * dies (out of memory, a codec abort) fails its calls in flight with an ordinary error, so the
 * queue retries the task, and the next call starts a new thread.
 */
import { Worker } from 'node:worker_threads';
import { defaultPipelineThreads } from '../config';
import type { PreparedView } from '../analysis/image/study';
import { PermanentJobError, type Pipeline } from './process-task';
import { transferable } from '../transferable';

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; permanent: boolean; message: string };
type Op = 'prepare' | 'score';
type ScoreReply = { result: Awaited<ReturnType<Pipeline['score']>>['result']; overlays: Record<string, Record<string, Uint8Array>> };

interface Slot {
  worker: Worker | null;
  pending: Map<number, { resolve(v: unknown): void; reject(e: Error): void }>;
}

/** A thread's PNGs arrive as plain Uint8Arrays; the rest of the server expects Buffers (no copy). */
const asBuffer = (a: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/**
 * Above this resident size after a study, the pipeline renews its threads. A server with the
 * embedded database holds about 300 MB before any study, and a study peaks some 400 MB above that.
 */
export const RENEW_THREADS_ABOVE_MB = 640;

export function createThreadedPipeline(
  threads = defaultPipelineThreads(),
  renewAboveMb = RENEW_THREADS_ABOVE_MB,
): Pipeline & { close(): Promise<void> } {
  let nextId = 1;
  let closed = false;
  const slots: Slot[] = Array.from({ length: Math.max(1, threads) }, () => ({ worker: null, pending: new Map() }));

  function thread(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const w = new Worker(new URL('./pipeline.worker.mjs', import.meta.url));
    w.on('message', (reply: Reply) => {
      const p = slot.pending.get(reply.id);
      if (!p) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) w.unref();
      if (reply.ok) p.resolve(reply.value);
      else p.reject(reply.permanent ? new PermanentJobError(reply.message) : new Error(reply.message));
    });
    const lost = (why: string) => {
      // A thread let go while idle may exit after its replacement took new calls: those are not its.
      if (slot.worker !== null && slot.worker !== w) return;
      slot.worker = null;
      for (const [id, p] of slot.pending) {
        slot.pending.delete(id);
        p.reject(new Error(`the processing thread stopped (${why})`));
      }
    };
    w.on('error', (err) => lost(err.message));
    w.on('exit', (code) => lost(`exit code ${code}`));
    // An idle thread must not keep the process alive; one with work does (see call()).
    w.unref();
    slot.worker = w;
    return w;
  }

  function leastBusy(): Slot {
    // Among equals the first, so a lone study keeps to one warm thread.
    return slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best), slots[0]);
  }

  function call<T>(slot: Slot, op: Op, args: unknown[], transfer: ArrayBuffer[] = []): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      slot.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      const w = thread(slot);
      w.ref();
      w.postMessage({ id, op, args }, transfer);
    });
  }

  function letGo(s: Slot): Promise<number> | undefined {
    const w = s.worker;
    s.worker = null;
    return w?.terminate();
  }

  /** Whether the process holds more than it should between studies (see scoreOn). */
  const heavy = () => process.memoryUsage.rss() > renewAboveMb * 2 ** 20;

  /**
   * A thread keeps what a study made it grow (the codecs' WASM memory never shrinks, and a heap
   * that grew stays large), so a process that ran many studies would hold the largest of each.
   * When the process is heavy, idle threads are let go while a study is scored (its memory peak),
   * and after it every idle thread is replaced by a fresh one, started at once so that the next
   * study finds it ready. Not after every study: a thread takes about 0.8 s of CPU to start.
   * (Replacing them only once the worker was idle for 2 s, so that a study right behind never
   * waits for fresh threads, gained nothing measurable and held the server above 1 GB.)
   */
  async function scoreOn(slot: Slot, args: Parameters<Pipeline['score']>) {
    if (heavy()) await Promise.all(slots.filter((s) => s !== slot && s.pending.size === 0).map(letGo));
    try {
      return await call<ScoreReply>(slot, 'score', args);
    } finally {
      if (!closed && heavy()) {
        for (const s of slots) {
          if (s.pending.size > 0) continue;
          void letGo(s);
          thread(s);
        }
      }
    }
  }

  // Started now, not at the first study: loading a thread's code costs it about 0.8 s.
  for (const s of slots) thread(s);

  return {
    async prepare(bytes, key) {
      const out = await call<{ view: PreparedView; png: Uint8Array }>(leastBusy(), 'prepare', [bytes, key], transferable([bytes]));
      return { view: out.view, png: asBuffer(out.png) };
    },
    async score(views, ctx) {
      const out = await scoreOn(leastBusy(), [views, ctx]);
      const overlays = {} as Awaited<ReturnType<Pipeline['score']>>['overlays'];
      for (const [key, layers] of Object.entries(out.overlays)) {
        overlays[key as keyof typeof overlays] = Object.fromEntries(Object.entries(layers).map(([k, v]) => [k, asBuffer(v)]));
      }
      return { result: out.result, overlays };
    },
    async close() {
      closed = true;
      await Promise.all(slots.map(letGo));
    },
  };
}
