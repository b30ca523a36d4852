import type { ViewKey } from '../../core/contract';
import { VIEW_LABELS } from '../../core/dicom/classify';
import { scorePreparedStudy, withViewOverlays } from '../analysis/engine';
import { prepareView } from '../analysis/image/study';
import { decodeDicom } from '../dicom/decode';
import { renderDisplayPng } from '../dicom/display';
import { PermanentJobError, type Pipeline } from './process-task';

/**
 * The analysis works at about 0.2-0.4 mm a pixel and the display image is about 1024 px high, so
 * no view needs decoding beyond this height (JPEG 2000 decodes a lower resolution level outright).
 */
export const DECODE_MAX_HEIGHT = 2048;

/** The real pipeline: the DICOM decoder, the display renderer and the reference scoring engine. */
export function createPipeline(): Pipeline {
  return {
    async prepare(bytes, key: ViewKey) {
      let view;
      try {
        view = { ...(await decodeDicom(bytes, { maxHeight: DECODE_MAX_HEIGHT })), key };
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new PermanentJobError(`The ${VIEW_LABELS[key]} image could not be read: ${reason}`);
      }
      const png = await renderDisplayPng(view);
      // The full-resolution pixels end here: what leaves is the view's analysis (a few MB).
      // With the view's own overlays: only the detection overlay waits for the whole study.
      return { view: await withViewOverlays(prepareView(view)), png };
    },
    score: (views, ctx) => scorePreparedStudy(views, ctx),
  };
}
