/** The thread of prepare-view.worker.mjs: { id, view } in, { id, prepared } out. */
import { parentPort } from 'node:worker_threads';
import { prepareView } from '../../server/analysis/image/study';
import type { DecodedView } from '../../server/dicom/types';

parentPort!.on('message', ({ id, view }: { id: number; view: DecodedView }) => {
  parentPort!.postMessage({ id, prepared: prepareView(view) });
});
