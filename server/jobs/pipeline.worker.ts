/**
 * The pipeline's thread: decoding, display rendering and scoring are seconds of CPU each, and run
 * here so that the server's event loop keeps answering requests while a study is processed.
 * Messages: { id, op, args } in; { id, ok, value } or { id, ok: false, permanent, message } out.
 */
import { parentPort } from 'node:worker_threads';
import { createPipeline } from './pipeline';
import { PermanentJobError } from './process-task';

const pipeline = createPipeline();

type Request = { id: number; op: 'decode' | 'displayPng' | 'score'; args: unknown[] };

parentPort!.on('message', async ({ id, op, args }: Request) => {
  try {
    const value = await (pipeline[op] as (...a: unknown[]) => Promise<unknown>)(...args);
    parentPort!.postMessage({ id, ok: true, value });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    parentPort!.postMessage({ id, ok: false, permanent: err instanceof PermanentJobError, message });
  }
});
