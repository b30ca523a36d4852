/**
 * The pipeline's thread: decoding, display rendering and scoring are seconds of CPU each, and run
 * here so that the server's event loop keeps answering requests while a study is processed.
 * Messages: { id, op, args } in; { id, ok, value } or { id, ok: false, permanent, message } out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createPipeline } from './pipeline';
import { PermanentJobError, type Pipeline } from './process-task';
import { transferable } from '../transferable';
import { warmUp } from './warm-up';

const pipeline = createPipeline();

type Request = { id: number; op: 'prepare' | 'score'; args: unknown[] } | { op: 'expect' };

// One request at a time: two views decoded and analysed side by side in one thread would only
// take turns on its core while holding both in memory; the pipeline's other threads run the rest.
// The warm-up (warm-up.ts), when the pipeline asked for one, stops at its next step once a request
// has come, or once the pipeline said a study is on its way ('expect': its upload has begun), and
// the request runs after that step; a warm-up that fails only leaves the thread cold.
let requested = false;
const start = (workerData as { warmUp?: boolean } | undefined)?.warmUp
  ? warmUp(pipeline, () => requested).then(
      (outcome) => parentPort!.postMessage({ warmUp: outcome }),
      () => parentPort!.postMessage({ warmUp: { steps: 0, finished: false } }),
    )
  : Promise.resolve();
let queue: Promise<void> = start;
parentPort!.on('message', (request: Request) => {
  requested = true;
  if (request.op === 'expect') return;
  queue = queue.then(() => handle(request));
});

async function handle({ id, op, args }: Extract<Request, { id: number }>): Promise<void> {
  try {
    if (op === 'prepare') {
      const { view, png } = await pipeline.prepare(...(args as Parameters<Pipeline['prepare']>));
      // Moved, not copied: the thread has no further use for them.
      parentPort!.postMessage({ id, ok: true, value: { view, png } }, transferable([png]));
    } else {
      const { result, overlays } = await pipeline.score(...(args as Parameters<Pipeline['score']>));
      const pngs = Object.values(overlays).flatMap((layers) => Object.values(layers ?? {})).filter((b): b is Buffer => !!b);
      parentPort!.postMessage({ id, ok: true, value: { result, overlays } }, transferable(pngs));
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    parentPort!.postMessage({ id, ok: false, permanent: err instanceof PermanentJobError, message });
  }
}
