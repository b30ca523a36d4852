/**
 * Uncompressed frames decoded in one worker thread (server/dicom/frame.worker.ts), started at the
 * first call and let go by the process when idle. A thread that dies fails its calls in flight
 * with an ordinary error, and the next call starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { DicomDecodeError } from './decode';
import type { Frame } from './frames';

type Reply = { id: number; ok: true; frame: Frame } | { id: number; ok: false; unreadable: boolean; message: string };

export function frameDecoderThread() {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(f: Frame): void; reject(e: Error): void }>();

  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(new URL('./frame.worker.mjs', import.meta.url));
    w.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (pending.size === 0) w.unref();
      if (reply.ok) p.resolve(reply.frame);
      else p.reject(reply.unreadable ? new DicomDecodeError(reply.message) : new Error(reply.message));
    });
    const lost = (why: string) => {
      if (worker !== w) return;
      worker = null;
      for (const [id, p] of pending) {
        pending.delete(id);
        p.reject(new Error(`the frame decoder stopped (${why})`));
      }
    };
    w.on('error', (err) => lost(err.message));
    w.on('exit', (code) => lost(`exit code ${code}`));
    w.unref();
    worker = w;
    return w;
  }

  return {
    /** Frame 1 of a whole DICOM file, decoded to uncompressed little-endian stored values. */
    uncompressed(file: Uint8Array): Promise<Frame> {
      // Moved to the thread, so it must own its buffer.
      const bytes = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength ? file : file.slice();
      const id = nextId++;
      return new Promise<Frame>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const w = thread();
        w.ref();
        w.postMessage({ id, bytes }, [bytes.buffer as ArrayBuffer]);
      });
    },
    async close(): Promise<void> {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
export type FrameDecoder = ReturnType<typeof frameDecoderThread>;
