/**
 * The engine's predictions for a labelled set, in the file format of issue 14: per film its
 * percent density and grade, its detection score and population quantile, and every suspicious
 * region in the input PNG's pixels. Only the image and its acquisition fields (view, laterality,
 * pixel spacing, size) are read here, never a label: the predictions are what a held-out set
 * would get from the engine, and the metrics compare them with the labels afterwards.
 */
import { z } from 'zod';
import { REFERENCE_MODELS } from '../server/analysis/model-registry';
import { quantileOf } from '../server/analysis/quantiles';
import { analyseFilm, type FilmResult } from './film';
import type { LabelledSet } from './labelled-set';

const Kind = z.enum(['mass', 'calcification', 'asymmetry']);

/** One suspicious region: its centre in input PNG pixels (top-left origin). */
export const PredictedRegion = z.object({ x: z.number(), y: z.number(), score: z.number(), kind: Kind });
export type PredictedRegion = z.infer<typeof PredictedRegion>;

/** Null values mean the engine could not measure the film (no breast found, blank image...). */
export const FilmPrediction = z.object({
  id: z.string(),
  density: z.object({ percent: z.number().nullable(), grade: z.string().nullable() }),
  detection: z.object({ score: z.number().nullable(), quantile: z.number().nullable(), regions: z.array(PredictedRegion) }),
});
export type FilmPrediction = z.infer<typeof FilmPrediction>;

export const PredictionsFile = z.object({ engine: z.string(), images: z.array(FilmPrediction) });
export type PredictionsFile = z.infer<typeof PredictionsFile>;

const round = (v: number, digits: number): number => {
  const k = 10 ** digits;
  return Math.round(v * k) / k;
};

/** The prediction for one analysed film (label-free: only the engine's output and the image size). */
export function predictionOf(film: FilmResult): FilmPrediction {
  const { img } = film;
  const view = film.measured.views[film.key];
  const pd = view.percentDensity;
  const score = view.detectionScore;
  // Regions are fractions of the decoded display image (already back in the file's orientation),
  // and the display image is the input PNG resized, so the fraction maps straight onto its pixels.
  const regions = view.regions.map((r) => ({
    x: round((r.x + r.width / 2) * img.width, 1),
    y: round((r.y + r.height / 2) * img.height, 1),
    score: round(r.score, 4),
    kind: r.kind,
  }));
  return {
    id: img.id,
    density: { percent: pd === null ? null : round(pd, 2), grade: pd === null ? null : REFERENCE_MODELS.density.grade(pd) },
    detection: {
      score: score === null ? null : round(score, 4),
      quantile: score === null ? null : round(quantileOf(score, REFERENCE_MODELS.detection.referenceFor('view')), 4),
      regions,
    },
  };
}

function unmeasured(id: string): FilmPrediction {
  return { id, density: { percent: null, grade: null }, detection: { score: null, quantile: null, regions: [] } };
}

export interface PredictOptions {
  /** Called with each film's full result before it is dropped (e.g. to score its pectoral mask). */
  onFilm?: (film: FilmResult) => void | Promise<void>;
  /** Progress lines (every 20 films and at the end). */
  log?: (line: string) => void;
}

/**
 * Every film of the set through the engine, one at a time so that memory stays that of one film
 * whatever the size of the set.
 */
export async function predictSet(set: LabelledSet, opts: PredictOptions = {}): Promise<PredictionsFile> {
  const images: FilmPrediction[] = [];
  const started = Date.now();
  for (const [i, img] of set.images.entries()) {
    let film: FilmResult | null = null;
    try {
      film = await analyseFilm(set, img);
    } catch (e) {
      // One unreadable film must not cost the whole set its figures: it is predicted as unmeasured.
      opts.log?.(`${img.id}: not analysed (${e instanceof Error ? e.message : String(e)})`);
    }
    images.push(film ? predictionOf(film) : unmeasured(img.id));
    if (film) await opts.onFilm?.(film);
    const done = i + 1;
    if (done % 20 === 0 || done === set.images.length) {
      opts.log?.(`predicted ${done}/${set.images.length} films (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
  const { name, version } = REFERENCE_MODELS.engine;
  return { engine: `${name} ${version}`, images };
}
