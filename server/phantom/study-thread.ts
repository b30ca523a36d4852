/**
 * Generates and writes phantom studies in a worker thread (server/phantom/study.worker.ts). The
 * server seeds its demo profiles this way: rendering them is seconds of CPU that would otherwise
 * hold every request of a first start, and leaves its garbage on the thread's heap, not the API's.
 */
import { Worker } from 'node:worker_threads';
import type { ViewKey } from '../../core/contract/scores';
import type { PhantomOptions } from './types';

export interface WrittenStudy {
  dicoms: Record<ViewKey, Uint8Array>;
  patientId: string;
  studyDate: string;
  studyInstanceUid: string;
}

type Reply = { ok: true; value: WrittenStudy[] } | { ok: false; message: string };

/** One thread for all the studies: a thread costs a TypeScript loader and the codecs' WASM. */
export function writePhantomStudiesInThread(studies: PhantomOptions[]): Promise<WrittenStudy[]> {
  if (studies.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./study.worker.mjs', import.meta.url), { workerData: studies });
    let settled = false;
    worker.once('message', (reply: Reply) => {
      settled = true;
      if (reply.ok) resolve(reply.value);
      else reject(new Error(reply.message));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      if (!settled) reject(err);
      settled = true;
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the phantom thread stopped (exit code ${code})`));
    });
  });
}
