/**
 * The density relative hazard and the 5-year risk score. The hazard by BI-RADS grade (JNCI
 * 2013;105:1043 Table 4, non-proliferative row: a 0.85, b 1.00, c 1.51, d 2.15) sits at each grade's
 * published mean percent density and is interpolated on the continuous PD (log-linearly, since
 * hazards multiply; flat beyond a and d). It is divided by its mean in the reference population of
 * the woman's age group, so that the average woman of that age keeps her BCRAT risk.
 */
import type { RiskFactors } from '../../../core/contract/risk-factors';
import { interpolateClamped } from '../interpolate';
import { RISK_REFERENCE } from '../reference';
import { AREA_MEASURES_BY_GRADE, DENSITY_RELATIVE_HAZARD_BY_GRADE, screeningAgeGroup } from '../reference/population';
import { bcrat, riskFactorsToBcra, type BcraMapping, type BcratResult } from './bcrat';

const LOG_HAZARDS = DENSITY_RELATIVE_HAZARD_BY_GRADE.map(Math.log);

/** Relative hazard (b = 1) at a percent density (0-100). */
export function densityRelativeHazard(percentDensity: number): number {
  return Math.exp(interpolateClamped(percentDensity, AREA_MEASURES_BY_GRADE.percentDensityMean, LOG_HAZARDS));
}

/** Relative hazard divided by its population mean in the age group of ageYears (nearest of 40-74). */
export function normalisedDensityHazard(
  percentDensity: number,
  ageYears: number,
  meanByAgeGroup: readonly number[] = RISK_REFERENCE.densityHazardMeanByAgeGroup,
): number {
  return densityRelativeHazard(percentDensity) / meanByAgeGroup[screeningAgeGroup(ageYears)];
}

/** BCRAT projects from age 20 and at most to age 90, so a 5-year risk needs an age of 20-85. */
export const RISK_MIN_AGE = 20;
export const RISK_MAX_AGE = 85;

export type BaseRisk = { ok: true; bcrat: BcratResult; mapping: BcraMapping } | { ok: false; reason: string; mapping: BcraMapping | null };

/** The BCRAT 5-year absolute risk for an age and the user's (optional) risk factors. */
export function baseFiveYearRisk(ageYears: number | null, riskFactors: RiskFactors | null): BaseRisk {
  if (ageYears === null || !Number.isFinite(ageYears)) return { ok: false, reason: 'Age unknown: no birthdate', mapping: null };
  if (ageYears < RISK_MIN_AGE || ageYears > RISK_MAX_AGE) {
    return { ok: false, reason: `Age ${Math.floor(ageYears)} outside the BCRAT range ${RISK_MIN_AGE}-${RISK_MAX_AGE}`, mapping: null };
  }
  const mapping = riskFactorsToBcra(riskFactors, ageYears);
  const result = bcrat(mapping.input);
  if ('error' in result) return { ok: false, reason: `BCRAT could not use the inputs: ${result.error}`, mapping };
  return { ok: true, bcrat: result, mapping };
}

/**
 * The 5-year risk score: BCRAT 5-year absolute risk (probability) x normalised density hazard,
 * at most 1; null without a percent density.
 */
export function fiveYearRiskScore(
  baseRisk: number,
  percentDensity: number | null,
  ageYears: number,
  meanByAgeGroup: readonly number[] = RISK_REFERENCE.densityHazardMeanByAgeGroup,
): number | null {
  if (percentDensity === null || !Number.isFinite(percentDensity)) return null;
  return Math.min(1, baseRisk * normalisedDensityHazard(percentDensity, ageYears, meanByAgeGroup));
}
