import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import type { PreparedView } from '../analysis/image/study';
import { loadCodecs } from '../dicom/codecs';
import { writeDicomSync, type TransferSyntaxName } from '../dicom/writer';
import { generateStudy } from '../phantom/generate';
import { viewDicomInput } from '../phantom/write';
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
 * more than two fresh ones (a forced garbage collection gave back under 20 MB of it), and the
 * compressed views (WARM_UP_ENCODINGS) about 130 MB more again (an idle server 70 s after start:
 * 791 MB against 659 MB, one run each); a study's peak does not change. Whether the threads are
 * renewed is asked only when a real call ends (pipeline-thread.ts), so a warm-up never sets off
 * a renewal, whatever it holds.
 */
export const WARM_UP_SIZE = { width: 1248, height: 1536 } as const;

/**
 * Each view of the warm-up in its own encoding, so that a thread has been through the compressed
 * files' decoders (WASM, compiled in each thread) and what follows them before a real study comes.
 * With every view uncompressed, the first JPEG 2000 study on warmed threads still took its views
 * 4.3 s against 3.7 s for the one after it, even after three uncompressed studies. Measured through
 * the server (embedded database), a JPEG 2000 study 12 s after start: upload to completed 4755,
 * 5229 and 5473 ms against 5879, 6249 and 6570 ms with the old warm-up (runs alternating). Encoding
 * the compressed views costs each thread about 0.9 s more while it waits for work (1248 x 1536:
 * JPEG 2000 0.4 s a view, JPEG-LS under 0.1 s).
 */
export const WARM_UP_ENCODINGS: Record<ViewKey, TransferSyntaxName> = {
  // The first view is the cheapest step: a study that comes at once waits for little.
  r_cc: 'explicit-le',
  l_cc: 'jpeg2000',
  r_mlo: 'jpeg-ls',
  l_mlo: 'jpeg2000',
};

/**
 * Runs the warm-up study step by step (making the phantom, each view, the scoring) until `stop`
 * says real work has come (a request, or the intake's word that an upload has begun:
 * pipeline-thread.ts, expectWork): a study never waits for more of the warm-up than the step under way.
 * The whole warm-up is about 9 s of CPU on one core of this 2-core machine on a slow day, 17 s for
 * two threads warming side by side, and a study submitted 12 s after start used to wait for all of
 * it: upload to completed 15.4 s against 14.2 s on threads that did not warm up (median of three,
 * `npm run bench -- pipeline`). Giving way, a tiny view sent at once is answered 0.4 s later than
 * on cold threads instead of 15 s later; the study 12 s after start took 12.0-12.8 s either way
 * (two runs each): after its upload, 9.7-10.3 s against 10.9-11.5 s cold, but its upload, sharing the
 * cores with the warm-up still under way, 2.3-2.5 s against 1.2-1.3 s.
 */
export async function warmUp(pipeline: Pipeline, stop: () => boolean = () => false): Promise<WarmUpOutcome> {
  let steps = 0;
  // Before each step the thread turns its event loop, so a request that came during the step
  // before is seen.
  const stopped = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return stop();
  };
  if (await stopped()) return { steps, finished: false };
  await loadCodecs();
  const study = generateStudy({ seed: 7, ...WARM_UP_SIZE });
  steps++;
  const views = {} as Record<ViewKey, PreparedView>;
  for (const key of VIEW_KEYS) {
    if (await stopped()) return { steps, finished: false };
    // Encoded in the view's step (JPEG 2000 about 0.4 s), so no step grows much longer.
    views[key] = (await pipeline.prepare(writeDicomSync(viewDicomInput(study, key), WARM_UP_ENCODINGS[key]), key)).view;
    steps++;
  }
  if (await stopped()) return { steps, finished: false };
  await pipeline.score(views, { age: 55, ageSource: 'birthdate', riskFactors: EMPTY_RISK_FACTORS });
  return { steps: steps + 1, finished: true };
}

/** How far a warm-up went: its steps done (of WARM_UP_STEPS), and whether it ran to its end. */
export interface WarmUpOutcome {
  steps: number;
  finished: boolean;
}

/** The phantom, its four views, the scoring. */
export const WARM_UP_STEPS = 2 + VIEW_KEYS.length;
