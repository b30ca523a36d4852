/** The thread of prepare-view.worker.mjs: { id, view } in, { id, prepared } out (with its own overlays, as a pipeline thread does). */
import { parentPort } from 'node:worker_threads';
import { withViewOverlays } from '../../server/analysis/engine';
import { prepareView } from '../../server/analysis/image/study';
import type { DecodedView } from '../../server/dicom/types';

parentPort!.on('message', ({ id, view }: { id: number; view: DecodedView }) => {
  void withViewOverlays(prepareView(view)).then((prepared) => parentPort!.postMessage({ id, prepared }));
});
