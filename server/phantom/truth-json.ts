/** The truth of a study as plain JSON (the maps are left out; write them as images if needed). */
import { VIEW_KEYS } from '../../core/contract/scores';
import type { PhantomStudy } from './types';

export function truthJson(study: PhantomStudy): Record<string, unknown> {
  const { views, ...rest } = study.truth;
  return {
    seed: study.seed,
    studyInstanceUid: study.studyInstanceUid,
    patient: study.patient,
    studyDate: study.studyDate,
    pixelSpacingMm: study.pixelSpacingMm,
    ...rest,
    views: Object.fromEntries(
      VIEW_KEYS.map((key) => {
        const { denseMap, breastMask, ...v } = views[key];
        return [
          key,
          {
            ...v,
            width: study.views[key].width,
            height: study.views[key].height,
            sopInstanceUid: study.sopInstanceUids[key],
            denseMapGrid: { width: denseMap.width, height: denseMap.height, scale: denseMap.scale },
          },
        ];
      }),
    ),
  };
}
