/**
 * BI-RADS-like density grade a-d from continuous percent density. The cut points are the
 * quantiles of the reference population's PD at the BCSC cumulative shares (a 19.8 %, b 42.2 %,
 * c 30.2 %, d 7.7 %), computed by evaluation/calibrate.ts (see evaluation/calibration/density-population.ts for the
 * population model and its age shift after Sprague 2014).
 */
import type { z } from 'zod';
import type { DensityGrade as DensityGradeSchema } from '../../core/contract/scores';
import { DENSITY_REFERENCE, type DensityReference } from './reference';
import { screeningAgeGroup } from './reference/population';
import { logit, normalCdf } from './reference/stats';

export type DensityGrade = z.infer<typeof DensityGradeSchema>;

export const GRADES = ['a', 'b', 'c', 'd'] as const;

/** Grade of a percent density (0-100); cut points default to the shipped density reference. */
export function densityGrade(percentDensity: number, cutPoints: readonly number[] = DENSITY_REFERENCE.cutPoints): DensityGrade {
  if (!Number.isFinite(percentDensity)) throw new RangeError('densityGrade: percent density must be a number');
  if (percentDensity < cutPoints[0]) return 'a';
  if (percentDensity < cutPoints[1]) return 'b';
  if (percentDensity < cutPoints[2]) return 'c';
  return 'd';
}

/** Index 0 (a) ... 3 (d) of a grade. */
export function gradeIndex(grade: DensityGrade): number {
  return GRADES.indexOf(grade);
}

/**
 * Shares of grades a-d among women of an age in the reference population (the age shift of
 * Sprague 2014, on the probit scale; ages outside 40-74 take the nearest age group).
 */
export function gradeSharesForAge(ageYears: number, reference: DensityReference = DENSITY_REFERENCE): number[] {
  const { sigma, muByAgeGroup } = reference.population;
  const mu = muByAgeGroup[screeningAgeGroup(ageYears)];
  const below = reference.cutPoints.map((c) => normalCdf((logit(c / 100) - mu) / sigma));
  return [below[0], below[1] - below[0], below[2] - below[1], 1 - below[2]];
}
