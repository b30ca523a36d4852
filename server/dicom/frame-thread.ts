/**
 * The image work of DICOMweb requests, done in one worker thread (server/dicom/frame.worker.ts)
 * while the API keeps answering: uncompressed frames of compressed files (JPEG 2000 above all takes
 * seconds of CPU), every frame of a Deflated file (a small upload may inflate to 256 MB) and the
 * rendered view of a study that has no display image yet. The thread does one job at a time, so
 * a burst of requests costs the memory of one; past `maxWaiting` jobs a request is turned away
 * (DecoderBusyError) rather than queued without end, and so is one person's beyond
 * `maxPerPerson`, so that one person's burst cannot turn everyone else away. A job's file is read
 * only once it has its place: a refused request never holds its file in memory. The thread starts at the first job and is let
 * go by the process when idle; a thread that dies fails its jobs in flight with an ordinary error,
 * and the next job starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { DicomDecodeError } from './decode';
import type { Frame } from './frames';
import type { ViewKey } from '../../core/contract';

/** How high a rendered view is, at most. */
export const RENDERED_MAX_HEIGHT = 1024;

/** What the thread does with a whole DICOM file. */
export type DecodeJob =
  /** Frame 1 decoded to uncompressed little-endian stored values. */
  | 'uncompressed'
  /** Frame 1 as stored (a Deflated file's native bytes). */
  | 'stored'
  /** The display PNG: windowed to 8 bits, at most `RENDERED_MAX_HEIGHT` high. */
  | 'rendered';

export interface DecodeRequest {
  id: number;
  job: DecodeJob;
  bytes: Uint8Array;
  /** The view a rendered file was submitted as. */
  view?: ViewKey;
}
export type DecodeReply =
  | { id: number; ok: true; frame?: Frame; png?: Uint8Array }
  | { id: number; ok: false; unreadable: boolean; message: string };

/** Jobs waiting beyond the one running before requests are turned away. */
export const MAX_WAITING_JOBS = 8;

/**
 * Jobs one person may have waiting or running: the four views of a study a viewer opens at once
 * (found by an audit: one member's flood of frame requests filled the queue, and everyone else's
 * frames and previews were refused for as long as she kept it full).
 */
export const MAX_JOBS_PER_PERSON = 4;

/** The thread has more work waiting than it takes; the request may be sent again shortly. */
export class DecoderBusyError extends Error {
  constructor() {
    super('The server is busy preparing other images. Please try again in a moment.');
  }
}

/** Reads the whole DICOM file of a job. */
export type LoadFile = () => Promise<Uint8Array>;

export function frameDecoderThread(opts: { maxWaiting?: number; maxPerPerson?: number } = {}) {
  const maxWaiting = opts.maxWaiting ?? MAX_WAITING_JOBS;
  const maxPerPerson = opts.maxPerPerson ?? MAX_JOBS_PER_PERSON;
  /** Jobs taken (their file being read, waiting or running), in all and per person. */
  let taken = 0;
  const takenBy = new Map<string, number>();
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(r: DecodeReply & { ok: true }): void; reject(e: Error): void }>();

  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(new URL('./frame.worker.mjs', import.meta.url));
    w.on('message', (reply: DecodeReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (pending.size === 0) w.unref();
      if (reply.ok) p.resolve(reply);
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

  function post(job: DecodeJob, file: Uint8Array, view?: ViewKey): Promise<DecodeReply & { ok: true }> {
    // Moved to the thread, so it must own its buffer.
    const bytes = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength ? file : file.slice();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      const w = thread();
      w.ref();
      const request: DecodeRequest = { id, job, bytes, view };
      w.postMessage(request, [bytes.buffer as ArrayBuffer]);
    });
  }

  /** Takes a place (synchronously, before the file is read), runs the job, gives the place back. */
  async function run(job: DecodeJob, who: string, load: LoadFile, view?: ViewKey): Promise<DecodeReply & { ok: true }> {
    const mine = takenBy.get(who) ?? 0;
    if (taken > maxWaiting || mine >= maxPerPerson) throw new DecoderBusyError();
    taken++;
    takenBy.set(who, mine + 1);
    try {
      return await post(job, await load(), view);
    } finally {
      taken--;
      const left = (takenBy.get(who) ?? 1) - 1;
      if (left > 0) takenBy.set(who, left);
      else takenBy.delete(who);
    }
  }

  return {
    /** Frame 1 of a whole DICOM file, decoded to uncompressed little-endian stored values; `who` asks. */
    async uncompressed(who: string, load: LoadFile): Promise<Frame> {
      return (await run('uncompressed', who, load)).frame!;
    },
    /** Frame 1 as stored; for a Deflated file, inflated here within what its image needs. */
    async stored(who: string, load: LoadFile): Promise<Frame> {
      return (await run('stored', who, load)).frame!;
    },
    /** The display PNG of a whole DICOM file. */
    async rendered(who: string, load: LoadFile, view: ViewKey): Promise<Buffer> {
      const png = (await run('rendered', who, load, view)).png!;
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    },
    async close(): Promise<void> {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
export type FrameDecoder = ReturnType<typeof frameDecoderThread>;
