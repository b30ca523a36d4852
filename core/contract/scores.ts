import { z } from 'zod';
import { AI_MODEL } from '../decisions';

/** The four views, in the radiologists' hanging: right and left back to back, CC above MLO. */
export const VIEW_KEYS = ['r_cc', 'l_cc', 'r_mlo', 'l_mlo'] as const;
export const ViewKey = z.enum(VIEW_KEYS).meta({ id: 'ViewKey' });
export type ViewKey = z.infer<typeof ViewKey>;

/** Each view as people read it, in every message and on every screen. */
export const VIEW_LABELS: Record<ViewKey, string> = { r_cc: 'R-CC', l_cc: 'L-CC', r_mlo: 'R-MLO', l_mlo: 'L-MLO' };

export const COMPONENTS = ['detection', 'risk', 'masking'] as const;
export type Component = (typeof COMPONENTS)[number];

/**
 * One score: a value in [0, 1] and its population quantile in [0, 1], with the model that made it.
 * A score that cannot be computed is null with a reason (shown as N/A), never invented.
 */
export const ScoreEntry = z
  .object({
    score: z.number().min(0).max(1).nullable(),
    quantile: z.number().min(0).max(1).nullable(),
    model_name: z.string(),
    model_version: z.string(),
    reason: z.string().optional(),
    /** Who the quantile ranks against: the reference distribution's population, in words. */
    reference: z.string().optional(),
  })
  .meta({ id: 'ScoreEntry' });
export type ScoreEntry = z.infer<typeof ScoreEntry>;

export const ScoreSet = z
  .object({
    detection: ScoreEntry,
    risk: ScoreEntry,
    masking: ScoreEntry,
    [AI_MODEL]: ScoreEntry,
  })
  .meta({ id: 'ScoreSet' });
export type ScoreSet = z.infer<typeof ScoreSet>;

export const DensityGrade = z.enum(['a', 'b', 'c', 'd']);
export const DensityMeasure = z
  .object({
    percent: z.number().nullable(),
    dense_area_cm2: z.number().nullable(),
    grade: DensityGrade.nullable(),
    reason: z.string().optional(),
  })
  .meta({ id: 'DensityMeasure' });
export type DensityMeasure = z.infer<typeof DensityMeasure>;

/** A region that drove the detection score, in fractions of the display image (0..1). */
export const Region = z
  .object({
    view: ViewKey,
    kind: z.enum(['mass', 'calcification', 'asymmetry']),
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
    score: z.number(),
  })
  .meta({ id: 'Region' });
export type Region = z.infer<typeof Region>;

/** What the engine draws over a view; a view's layers are its display image and these. */
export const OVERLAY_KINDS = ['detection', 'density', 'texture'] as const;
export type OverlayKind = (typeof OVERLAY_KINDS)[number];
export const OVERLAY_LAYERS = ['image', ...OVERLAY_KINDS] as const;
export const OverlayLayer = z.enum(OVERLAY_LAYERS);
export type OverlayLayer = z.infer<typeof OverlayLayer>;

/** What went into the scores, so a reader can judge them. */
export const ScoreInputs = z
  .object({
    age: z.number().nullable(),
    /** birthdate: the submitter's; dicom_birthdate: the files' PatientBirthDate (a study an administrator submitted). */
    age_source: z.enum(['birthdate', 'dicom_birthdate', 'demo_profile', 'unknown']),
    risk_factors: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    pixel_spacing_mm: z.record(z.string(), z.number().nullable()),
    notes: z.array(z.string()),
  })
  .meta({ id: 'ScoreInputs' });
export type ScoreInputs = z.infer<typeof ScoreInputs>;

const Engine = z.object({ name: z.string(), version: z.string() });

/**
 * A later version of a study's result: her health answers (or her birthdate, so her age at the
 * study) changed, so the inherent risk and the combined score were worked out again from the same
 * images (the earlier version is kept).
 */
export const ResultRevision = z
  .object({
    /** 2 for the first recomputation; the result the images gave is version 1. */
    number: z.number().int().min(2),
    /** UTC, ISO 8601. */
    at: z.string(),
    /** What changed: her answers (with or without her birthdate), or her birthdate alone. */
    reason: z.enum(['risk_factors_changed', 'birthdate_changed']),
    /** The engine that recomputed the risk and combined scores (`engine` measured the images). */
    engine: Engine,
  })
  .meta({ id: 'ResultRevision' });
export type ResultRevision = z.infer<typeof ResultRevision>;

export const ScoredResult = z
  .object({
    /** The engine that measured the images and made this result's first version. */
    engine: Engine,
    revision: ResultRevision.optional(),
    study: ScoreSet,
    left: ScoreSet,
    right: ScoreSet,
    r_cc: ScoreSet,
    l_cc: ScoreSet,
    r_mlo: ScoreSet,
    l_mlo: ScoreSet,
    density: z.object({
      study: DensityMeasure,
      left: DensityMeasure,
      right: DensityMeasure,
      /** Each view's own density, from which its risk is recomputed (results made before it was kept lack it). */
      views: z.object({ r_cc: DensityMeasure, l_cc: DensityMeasure, r_mlo: DensityMeasure, l_mlo: DensityMeasure }).optional(),
    }),
    inputs: ScoreInputs,
    regions: z.array(Region),
    /** Which overlay layers exist per view (served by the image endpoint's `layer`). */
    overlays: z.record(z.string(), z.array(OverlayLayer)),
  })
  .meta({ id: 'ScoredResult' });
export type ScoredResult = z.infer<typeof ScoredResult>;

export const FailedResult = z.object({ error: z.string() }).meta({ id: 'FailedResult' });
export type FailedResult = z.infer<typeof FailedResult>;

export const TaskResult = z.union([ScoredResult, FailedResult]).meta({ id: 'TaskResult' });
export type TaskResult = z.infer<typeof TaskResult>;

export function isFailed(result: TaskResult | null | undefined): result is FailedResult {
  return !!result && 'error' in result;
}
