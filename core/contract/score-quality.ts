import { z } from 'zod';

/** The engine that is running (GET /utils/engine/): the name and version every result carries. */
export const EngineInfo = z.object({ name: z.string(), version: z.string() }).meta({ id: 'EngineInfo' });
export type EngineInfo = z.infer<typeof EngineInfo>;

/**
 * How a figure was measured. "cross-validated": the films were split by woman and each film was
 * scored by a model fitted without it. "unseen": measured on films the model was never fitted on.
 * "in-sample": measured on the films the model was fitted on, so it flatters the model.
 */
export const FigureBasis = z.enum(['cross-validated', 'unseen', 'in-sample']);
export type FigureBasis = z.infer<typeof FigureBasis>;

/** One measured figure; value and n are null when it was not measured (no such films, no record yet). */
export const QualityFigure = z.object({
  value: z.number().nullable(),
  n: z.number().int().nonnegative().nullable(),
  /** What n counts. */
  unit: z.enum(['films', 'lesions', 'pairs', 'normal films']),
  basis: FigureBasis,
  /** Where it comes from: an evaluation metric id, or the training record of a model file. */
  source: z.string(),
});
export type QualityFigure = z.infer<typeof QualityFigure>;

/** A model as the registry names it, with the population its ranks are against and its size. */
export const QualityModel = z.object({
  name: z.string(),
  version: z.string(),
  reference: z.object({ name: z.string(), version: z.string(), source: z.string(), n: z.number().int().nonnegative() }),
});
export type QualityModel = z.infer<typeof QualityModel>;

/**
 * The detection figures for one kind of finding (the labelled set's codes: CALC calcifications,
 * CIRC circumscribed masses, SPIC spiculated masses, MISC other masses, ARCH architectural
 * distortion, ASYM asymmetry), cross-validated: what the overall figures average over.
 */
export const LesionKindQuality = z.object({
  kind: z.string(),
  /** Films with a finding of this kind against every film without findings. */
  aucCv: QualityFigure,
  /** Findings of this kind marked at 1 false mark per image. */
  sensitivityAt1Cv: QualityFigure,
});
export type LesionKindQuality = z.infer<typeof LesionKindQuality>;

/** What a cross-validation was run on: a set, its films and the number of folds (by woman). */
const CvRecord = z.object({ set: z.string(), films: z.number().int().nonnegative(), folds: z.number().int().positive() });

/**
 * "How good are these scores?": the figures behind the public page, written by
 * `npm run evaluate -- --data DIR --report` (evaluation/quality-report.ts) and committed as
 * core/score-quality-report.json. Never edited by hand; a unit test checks that its engine is the
 * running one.
 */
export const ScoreQualityReport = z.object({
  /** `<engine name> <engine version>` of the run that measured the figures. */
  engine: z.string(),
  /** The command that wrote it. */
  command: z.string(),
  /** The labelled set the evaluation ran on, counted from its labels. */
  set: z.object({
    name: z.string(),
    films: z.number().int().nonnegative(),
    women: z.number().int().nonnegative(),
    /** Films with a hand-drawn tissue mask (annotated percent). */
    annotatedFilms: z.number().int().nonnegative(),
    /** Films with a background tissue reading (fatty, glandular, dense). */
    readingFilms: z.number().int().nonnegative(),
    /** Films with a finding, and films read as without findings. */
    abnormalFilms: z.number().int().nonnegative(),
    normalFilms: z.number().int().nonnegative(),
    /** Lesions with a centre and radius. */
    locatedLesions: z.number().int().nonnegative(),
  }),
  density: z.object({
    model: QualityModel,
    training: CvRecord.nullable(),
    figures: z.object({
      /** Spearman of percent against the annotated percent, and its mean absolute error (points). */
      rankCv: QualityFigure,
      errorCv: QualityFigure,
      rank: QualityFigure,
      error: QualityFigure,
      /** Spearman of percent against the F < G < D reading, and the median percent per reading. */
      readingRank: QualityFigure,
      readingMedianF: QualityFigure,
      readingMedianG: QualityFigure,
      readingMedianD: QualityFigure,
      /** Mean absolute difference (points) between the two MLO films of one woman. */
      pairDifference: QualityFigure,
    }),
  }),
  detection: z.object({
    model: QualityModel,
    /** Null while the suspicion model has no cross-validated record on real films. */
    training: CvRecord.extend({ women: z.number().int().nonnegative(), lesions: z.number().int().nonnegative(), normals: z.number().int().nonnegative() }).nullable(),
    figures: z.object({
      /** Image AUC (films with a lesion against films without findings), lesion sensitivity at 1 and 0.25 false regions per image, share of normal films at or above quantile 0.9. */
      aucCv: QualityFigure,
      sensitivityAt1Cv: QualityFigure,
      sensitivityAtQuarterCv: QualityFigure,
      normalsHighCv: QualityFigure,
      auc: QualityFigure,
      sensitivityAt1: QualityFigure,
      sensitivityAtQuarter: QualityFigure,
      normalsHigh: QualityFigure,
    }),
    /** The cross-validated image AUC and sensitivity by kind of finding; empty without a record. */
    byKind: z.array(LesionKindQuality),
  }),
  risk: z.object({ model: QualityModel }),
  masking: z.object({ model: QualityModel }),
  merged: z.object({
    model: QualityModel,
    figures: z.object({
      /** The same share, each fold's films ranked against references built without them. */
      normalsHighCv: QualityFigure,
      /** Share of normal films whose combined score is at or above quantile 0.9 (about 0.1 is right). */
      normalsHigh: QualityFigure,
    }),
  }),
});
export type ScoreQualityReport = z.infer<typeof ScoreQualityReport>;
