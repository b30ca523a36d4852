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
import type { WarmUpOutcome } from './warm-up';

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; permanent: boolean; message: string } | { id?: undefined; warmUp: WarmUpOutcome };
type Op = 'prepare' | 'score';
type ScoreReply = { result: Awaited<ReturnType<Pipeline['score']>>['result']; overlays: Record<string, Record<string, Uint8Array>> };

interface Slot {
  worker: Worker | null;
  /** How the live thread's warm-up went; null while it runs (or when there is none). */
  warmUp: WarmUpOutcome | null;
  pending: Map<number, { resolve(v: unknown): void; reject(e: Error): void }>;
}

/** A thread's PNGs arrive as plain Uint8Arrays; the rest of the server expects Buffers (no copy). */
const asBuffer = (a: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/**
 * Above this resident size after a study, the pipeline renews its threads. A server with the
 * embedded database holds about 300 MB before any study, and a study peaks some 400 MB above that.
 */
export const RENEW_THREADS_ABOVE_MB = 640;

/** How long a heavy pipeline waits without work before it renews its threads (see renewWhenIdle). */
export const RENEW_AFTER_IDLE_MS = 5000;

export interface ThreadedPipelineOptions {
  /** Above this resident size once idle, the threads are renewed (default RENEW_THREADS_ABOVE_MB). */
  renewAboveMb?: number;
  /** After this long without a call (default RENEW_AFTER_IDLE_MS). */
  renewAfterIdleMs?: number;
  /** Each new thread first runs a small study (warm-up.ts), so that the next real one runs fast. */
  warmUp?: boolean;
}

export function createThreadedPipeline(
  threads = defaultPipelineThreads(),
  { renewAboveMb = RENEW_THREADS_ABOVE_MB, renewAfterIdleMs = RENEW_AFTER_IDLE_MS, warmUp = false }: ThreadedPipelineOptions = {},
): Pipeline & { close(): Promise<void>; threadIds(): number[]; expectWork(): void; idle(): boolean; warmUps(): (WarmUpOutcome | null)[] } {
  let nextId = 1;
  let closed = false;
  const slots: Slot[] = Array.from({ length: Math.max(1, threads) }, () => ({ worker: null, warmUp: null, pending: new Map() }));

  function thread(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const w = new Worker(new URL('./pipeline.worker.mjs', import.meta.url), { workerData: { warmUp } });
    slot.warmUp = null;
    w.on('message', (reply: Reply) => {
      if ('warmUp' in reply) {
        if (slot.worker === w) slot.warmUp = reply.warmUp;
        return;
      }
      const p = slot.pending.get(reply.id);
      if (!p) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) w.unref();
      if (reply.ok) p.resolve(reply.value);
      else p.reject(reply.permanent ? new PermanentJobError(reply.message) : new Error(reply.message));
      // Idle now (after a study, or a view that failed): the renewal's clock starts.
      if (slots.every((s) => s.pending.size === 0)) renewWhenIdle();
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
    cancelRenewal();
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

  /**
   * Whether the process holds more than it should between studies (see renewWhenIdle). Reading the
   * size opens /proc/self/stat: with every file descriptor taken it throws EMFILE, which, thrown
   * in a thread's message handler, ended the process (found by an audit); not knowing, keep the threads.
   */
  const heavy = () => {
    try {
      return process.memoryUsage.rss() > renewAboveMb * 2 ** 20;
    } catch {
      return false;
    }
  };

  let renewTimer: NodeJS.Timeout | null = null;
  function cancelRenewal() {
    if (renewTimer) clearTimeout(renewTimer);
    renewTimer = null;
  }

  /**
   * A thread keeps what a study made it grow (the codecs' WASM memory never shrinks, and a heap
   * that grew stays large), so a process that ran many studies would hold the largest of each.
   * When the process is heavy once its threads are idle, they are replaced by fresh ones, started at
   * once so that the next study finds them loaded (and, with warmUp, already past their first
   * study: warm-up.ts); but only once no call has come for
   * renewAfterIdleMs. A fresh thread's code runs unoptimised: on this 2-core machine the views of a
   * JPEG 2000 study took 10.2-10.6 s on threads renewed right after the study before, against
   * 8.1-8.7 s on the same threads kept, and the renewal's start-up (about 0.8 s of CPU a thread)
   * slowed the upload right behind from 0.8 to 2.2 s. Studies that follow each other keep warm
   * threads; the memory is given back when the work stops. (Letting the idle threads go while a
   * study is scored did not lower the peak measurably, 1.0-1.1 GB either way, and cost one of
   * them its warmth every study.)
   */
  function renewWhenIdle() {
    cancelRenewal();
    if (closed || !heavy()) return;
    renewTimer = setTimeout(() => {
      renewTimer = null;
      if (closed || !heavy()) return;
      for (const s of slots) {
        if (s.pending.size > 0) continue;
        void letGo(s);
        thread(s);
      }
    }, renewAfterIdleMs);
    renewTimer.unref();
  }

  // Started now, not at the first study: loading a thread's code costs it about 0.8 s.
  for (const s of slots) thread(s);

  return {
    async prepare(bytes, key) {
      const out = await call<{ view: PreparedView; png: Uint8Array }>(leastBusy(), 'prepare', [bytes, key], transferable([bytes]));
      return { view: out.view, png: asBuffer(out.png) };
    },
    async score(views, ctx) {
      const out = await call<ScoreReply>(leastBusy(), 'score', [views, ctx]);
      const overlays = {} as Awaited<ReturnType<Pipeline['score']>>['overlays'];
      for (const [key, layers] of Object.entries(out.overlays)) {
        overlays[key as keyof typeof overlays] = Object.fromEntries(Object.entries(layers).map(([k, v]) => [k, asBuffer(v)]));
      }
      return { result: out.result, overlays };
    },
    /** The live threads' ids (which threads a study will run on; for tests and diagnostics). */
    threadIds: () => slots.flatMap((s) => (s.worker ? [s.worker.threadId] : [])),
    /**
     * A study is on its way (its upload has begun): the threads' warm-ups stop at their next step
     * now, not once its first view reaches them, so the upload does not share the cores with them.
     */
    expectWork() {
      for (const s of slots) s.worker?.postMessage({ op: 'expect' });
    },
    /** No call in flight: no study's view or scoring is being worked on (a warm-up does not count). */
    idle: () => slots.every((s) => s.pending.size === 0),
    /** Each live thread's warm-up outcome (null while it runs or when there is none; for tests and diagnostics). */
    warmUps: () => slots.flatMap((s) => (s.worker ? [s.warmUp] : [])),
    async close() {
      closed = true;
      cancelRenewal();
      await Promise.all(slots.map(letGo));
    },
  };
}
