/**
 * The pipeline run in a worker thread (server/jobs/pipeline.worker.ts), behind the same Pipeline
 * interface. A thread that dies (out of memory, a codec abort) fails the calls in flight with an
 * ordinary error, so the queue retries the task, and the next call starts a new thread.
 */
import { Worker } from 'node:worker_threads';
import { PermanentJobError, type Pipeline } from './process-task';

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; permanent: boolean; message: string };

export function createThreadedPipeline(): Pipeline & { close(): Promise<void> } {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(new URL('./pipeline.worker.mjs', import.meta.url));
    w.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.value);
      else p.reject(reply.permanent ? new PermanentJobError(reply.message) : new Error(reply.message));
    });
    const lost = (why: string) => {
      if (worker === w) worker = null;
      for (const [id, p] of pending) {
        pending.delete(id);
        p.reject(new Error(`the processing thread stopped (${why})`));
      }
    };
    w.on('error', (err) => lost(err.message));
    w.on('exit', (code) => lost(`exit code ${code}`));
    // An idle thread must not keep the process alive.
    w.unref();
    worker = w;
    return w;
  }

  function call<T>(op: 'decode' | 'displayPng' | 'score', args: unknown[]): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      thread().postMessage({ id, op, args });
    });
  }

  return {
    decode: (bytes, key) => call('decode', [bytes, key]),
    // The thread answers with a plain Uint8Array; the rest of the server expects a Buffer.
    displayPng: async (bytes, view) => Buffer.from(await call<Uint8Array>('displayPng', [new Uint8Array(0), view])),
    async score(views, ctx) {
      const out = await call<{ result: Awaited<ReturnType<Pipeline['score']>>['result']; overlays: Record<string, Record<string, Uint8Array>> }>('score', [views, ctx]);
      const overlays = {} as Awaited<ReturnType<Pipeline['score']>>['overlays'];
      for (const [key, layers] of Object.entries(out.overlays)) {
        overlays[key as keyof typeof overlays] = Object.fromEntries(Object.entries(layers).map(([k, v]) => [k, Buffer.from(v)]));
      }
      return { result: out.result, overlays };
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
