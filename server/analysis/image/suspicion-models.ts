/**
 * The suspicion models of the detection pipeline: logistic regressions on a few named features of
 * a mass candidate, a calcification cluster or a left-right asymmetry. The features are defined
 * here, once, for both the engine and the training script (evaluation/train-detection.ts); the
 * weights are data (../reference/detection-weights.json), fitted on real films with located
 * lesions and films without findings (the MIAS films of ../shared/data/real-labelled), with
 * folds by woman; the file's `training` records the set and the cross-validated figures.
 */
import weightsFile from '../reference/detection-weights.json';
import { linearLogistic } from './logistic';

export const MASS_FEATURES = ['contrast', 'smoothBright', 'blob', 'gradientConcentration', 'spiculation', 'logRadiusMm'] as const;
export const CALC_FEATURES = ['logCount', 'brightest', 'meanSnr'] as const;
export const ASYMMETRY_FEATURES = ['localDifference', 'pdDifference'] as const;

export type MassFeatureName = (typeof MASS_FEATURES)[number];
export type CalcFeatureName = (typeof CALC_FEATURES)[number];
export type AsymmetryFeatureName = (typeof ASYMMETRY_FEATURES)[number];

export interface MassFeatureInput {
  contrast: number;
  smoothness: number;
  blob: number;
  gradientConcentration: number;
  spiculation: number;
  radiusMm: number;
}

export interface CalcFeatureInput {
  count: number;
  brightest: number;
  meanSnr: number;
}

/** Features as the model sees them: clipped where a huge value means nothing more. */
export function massFeatures(c: MassFeatureInput): Record<MassFeatureName, number> {
  return {
    contrast: Math.min(c.contrast, 6),
    // An even interior is a sign of a mass only where the region is also brighter than its
    // surroundings: flat tissue that is not brighter is no mass, however smooth.
    smoothBright: Math.max(-2, Math.min(2, c.smoothness)) * Math.max(0, Math.min(1, c.contrast / 2)),
    blob: Math.min(c.blob, 15),
    gradientConcentration: c.gradientConcentration,
    spiculation: Math.max(0, c.spiculation),
    logRadiusMm: Math.log(c.radiusMm),
  };
}

export function calcFeatures(c: CalcFeatureInput): Record<CalcFeatureName, number> {
  return { logCount: Math.log(c.count), brightest: Math.min(c.brightest, 15), meanSnr: Math.min(c.meanSnr, 15) };
}

/** Largest local difference in dense share between the breasts (0-1), and their PD difference in points. */
export function asymmetryFeatures(a: { localDifference: number; pdDifference: number }): Record<AsymmetryFeatureName, number> {
  return { localDifference: a.localDifference, pdDifference: a.pdDifference };
}

export interface LogisticModel<F extends string> {
  intercept: number;
  weights: Record<F, number>;
  /**
   * The range of each feature in the training rows. Features are clamped to it: a linear model
   * must not extrapolate into images unlike any it was fitted on.
   */
  domain?: Record<F, [number, number]>;
}

export interface DetectionWeights {
  version: string;
  source: string;
  mass: LogisticModel<MassFeatureName>;
  calcification: LogisticModel<CalcFeatureName>;
  asymmetry: LogisticModel<AsymmetryFeatureName>;
  /** CC/MLO agreement (image/detection.ts): how much a matching finding in the other view adds. */
  agreement: AgreementModel;
  /** Which findings a view reports as regions (image/detection.ts, selectRegions). */
  regions: RegionPolicy;
  /** Per-image normalisation of the candidates' scores (see imageShift). */
  normalisation: { medianLogit: number };
  /** The set the weights were fitted on and the cross-validated figures (informative). */
  training?: Record<string, unknown>;
}

export interface RegionPolicy {
  /**
   * Findings below this score are not shown (the view's most suspicious finding always is: it is
   * where the view's score comes from). Chosen by the training at one false region per image in
   * cross-validation, so the overlay shows what a reader would look at, not every candidate.
   */
  reportThreshold: number;
  /** A finding whose centre lies this close to a more suspicious one is the same place, mm. */
  suppressionMm: number;
  /** At most this many regions per view. */
  max: number;
}

export interface AgreementModel {
  /** Share of a finding's remaining doubt that a partner of score 1 removes (fitted, 0..1). */
  gain: number;
  /** Partners are findings of the same kind at most this far apart in nipple distance, mm. */
  distanceMm: number;
}

/**
 * A finding's score after CC/MLO agreement: its remaining doubt shrinks by `gain` times the best
 * partner's own score (a noisy-OR), so a partner can only raise it and never past 1.
 */
export function agreementScore(own: number, partner: number, gain: number): number {
  // Exactly the own score when nothing is added (1 - (1 - own) can differ from own in the last bit).
  if (gain * partner === 0) return own;
  return 1 - (1 - own) * (1 - gain * partner);
}

// JSON arrays type as number[], not as the [min, max] pairs of a domain: the file's shape is the training script's.
export const DETECTION_WEIGHTS = weightsFile as unknown as DetectionWeights;

/** A model's probability for a row of features (clamped to the model's training domain). */
export function applyModel<F extends string>(model: LogisticModel<F>, names: readonly F[], features: Record<F, number>): number {
  const clamp = (n: F) => {
    const range = model.domain?.[n];
    return range ? Math.min(range[1], Math.max(range[0], features[n])) : features[n];
  };
  return linearLogistic(
    model.intercept,
    names.map((n) => [model.weights[n], clamp(n)]),
  );
}

const logit = (p: number) => Math.log(Math.max(1e-12, p) / Math.max(1e-12, 1 - p));

/**
 * How much higher this image's candidates score than the training films' typically do: the median
 * logit of its mass candidates (an image has up to twenty, mostly normal tissue) minus the median
 * of that median over the training films. Acquisition and processing (a digital image's contrast
 * enhancement, a film's grain) lift or lower every candidate of an image alike; subtracting the
 * shift ranks a finding against its own image's tissue, so a view is suspicious for what stands
 * out in it, not for how it was processed. 0 for an image without mass candidates.
 */
export function imageShift(massScores: readonly number[], w: DetectionWeights = DETECTION_WEIGHTS): number {
  if (massScores.length === 0) return 0;
  const l = massScores.map(logit).sort((a, b) => a - b);
  const m = l.length >> 1;
  const median = l.length % 2 ? l[m] : (l[m - 1] + l[m]) / 2;
  return median - w.normalisation.medianLogit;
}

/** A candidate's score after the image's shift (the same logistic scale, moved). */
export function shiftedScore(score: number, shift: number): number {
  if (shift === 0) return score;
  return 1 / (1 + Math.exp(-(logit(score) - shift)));
}

export function massSuspicion(c: MassFeatureInput, w: DetectionWeights = DETECTION_WEIGHTS): number {
  return applyModel(w.mass, MASS_FEATURES, massFeatures(c));
}

export function calcSuspicion(c: CalcFeatureInput, w: DetectionWeights = DETECTION_WEIGHTS): number {
  return applyModel(w.calcification, CALC_FEATURES, calcFeatures(c));
}

export function asymmetrySuspicion(a: { localDifference: number; pdDifference: number }, w: DetectionWeights = DETECTION_WEIGHTS): number {
  return applyModel(w.asymmetry, ASYMMETRY_FEATURES, asymmetryFeatures(a));
}
