import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import type { PreparedView } from '../analysis/image/study';
import { generateStudy } from '../phantom/generate';
import { writeStudySync } from '../phantom/write';
import type { Pipeline } from './process-task';

/**
 * A phantom study through the pipeline, once, when a thread starts: a fresh thread runs the
 * analysis's loops unoptimised at first. On this 2-core machine the views of a full-field JPEG 2000
 * study (1664 x 2048 decoded) took a median 5.7 s on fresh threads (5.0-7.0 s, five runs), 5.1 s
 * after a warm-up at 832 x 1024 and 4.4 s after one at 1664 x 2048. The phantom covers a full
 * field, so the analysis runs on grids of a real study's size; at 1248 x 1536 (0.19 mm a pixel) the
 * fine grid is a real study's too, at about half a full study's cost, paid while the thread waits
 * for work: the first study's views then took a median 4.4 s (4.0-4.5 s, four runs, against
 * 5.2-6.9 s fresh). The price is memory held while idle: two warmed threads keep about 250 MB
 * more than two fresh ones (a forced garbage collection gave back under 20 MB of it); a study's
 * peak does not change, and an idle server stays below the threads' renewal mark
 * (RENEW_THREADS_ABOVE_MB), so a renewal is not followed by another.
 */
export const WARM_UP_SIZE = { width: 1248, height: 1536 } as const;

export async function warmUp(pipeline: Pipeline): Promise<void> {
  const files = writeStudySync(generateStudy({ seed: 7, ...WARM_UP_SIZE }));
  const views = {} as Record<ViewKey, PreparedView>;
  for (const key of VIEW_KEYS) views[key] = (await pipeline.prepare(files[key], key)).view;
  await pipeline.score(views, { age: 55, ageSource: 'birthdate', riskFactors: EMPTY_RISK_FACTORS });
}
