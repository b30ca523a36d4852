/**
 * The shipped reference distributions (rebuilt by `npm run calibrate`, see evaluation/calibrate.ts).
 * Each file carries its name, version and source; the model registry pins them to the models.
 */
import type { ReferenceDistribution } from '../quantiles';
import density from './density.json';
import detection from './detection.json';
import masking from './masking.json';
import merged from './merged.json';
import risk from './risk.json';

export interface DensityReference extends ReferenceDistribution {
  /** PD (percent) cut points a|b, b|c, c|d. */
  cutPoints: number[];
  /** The fitted population model (see density-population.ts). */
  population: { sigma: number; muByAgeGroup: number[]; weights: number[]; probitShift: number };
}

export interface RiskReference extends ReferenceDistribution {
  /** Mean density relative hazard per screening age group 40-44 ... 70-74 (the normaliser). */
  densityHazardMeanByAgeGroup: number[];
}

/** Detection scores are ranked per level: a view, a breast (its highest view), a study (its highest breast). */
export type DetectionLevel = 'view' | 'breast' | 'study';

export interface DetectionReference extends ReferenceDistribution {
  /** Who the scores behind it are (e.g. real films without findings, or a deployment's studies). */
  population?: string;
  /** Quantile tables per level; without them every level is ranked against `values`. */
  levels?: Record<DetectionLevel, number[]>;
}

export const DENSITY_REFERENCE = density as DensityReference;
export const RISK_REFERENCE = risk as RiskReference;
export const MASKING_REFERENCE = masking as ReferenceDistribution;
export const DETECTION_REFERENCE = detection as DetectionReference;
export const MERGED_REFERENCE = merged as ReferenceDistribution;
