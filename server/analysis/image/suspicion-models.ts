/**
 * The suspicion models of the detection pipeline: logistic regressions on a few named features of
 * a mass candidate, a calcification cluster or a left-right asymmetry. The features are defined here, once, for both the
 * engine and the training script (evaluation/train-detection.ts); the weights are data
 * (../reference/detection-weights.json), fitted on the project's synthetic phantom corpus and
 * labelled as such: no labelled real mammograms are available to this project.
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

export const DETECTION_WEIGHTS = weightsFile as DetectionWeights;

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

export function massSuspicion(c: MassFeatureInput, w: DetectionWeights = DETECTION_WEIGHTS): number {
  return applyModel(w.mass, MASS_FEATURES, massFeatures(c));
}

export function calcSuspicion(c: CalcFeatureInput, w: DetectionWeights = DETECTION_WEIGHTS): number {
  return applyModel(w.calcification, CALC_FEATURES, calcFeatures(c));
}

export function asymmetrySuspicion(a: { localDifference: number; pdDifference: number }, w: DetectionWeights = DETECTION_WEIGHTS): number {
  return applyModel(w.asymmetry, ASYMMETRY_FEATURES, asymmetryFeatures(a));
}
