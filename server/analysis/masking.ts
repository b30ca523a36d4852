/**
 * Masking: the probability that a cancer present would be missed because dense tissue hides it,
 * taken as 1 - digital screening sensitivity by BI-RADS grade (Wanders 2017: 85.7 / 77.6 / 69.5 /
 * 61.0 %, so 0.143 / 0.224 / 0.305 / 0.390), placed at each grade's published mean percent
 * density and mean dense area, and interpolated on the continuous values (flat beyond a and d).
 * With both measures the score is the mean of the two interpolations, so a large breast with the
 * same PD but more dense tissue masks more.
 */
import { interpolateClamped } from './interpolate';
import { AREA_MEASURES_BY_GRADE, SCREENING_SENSITIVITY_BY_GRADE } from './reference/population';

/** Masking at the centre of grades a-d. */
export const MASKING_BY_GRADE = SCREENING_SENSITIVITY_BY_GRADE.map((s) => 1 - s);

export function maskingFromPercentDensity(percentDensity: number): number {
  return interpolateClamped(percentDensity, AREA_MEASURES_BY_GRADE.percentDensityMean, MASKING_BY_GRADE);
}

export function maskingFromDenseArea(denseAreaCm2: number): number {
  return interpolateClamped(denseAreaCm2, AREA_MEASURES_BY_GRADE.denseAreaCm2Mean, MASKING_BY_GRADE);
}

/**
 * Masking probability in [0, 1] from percent density (0-100) and, when known, dense area in cm^2;
 * null when percent density is unknown.
 */
export function maskingProbability(percentDensity: number | null, denseAreaCm2: number | null): number | null {
  if (percentDensity === null || !Number.isFinite(percentDensity)) return null;
  const fromPd = maskingFromPercentDensity(percentDensity);
  if (denseAreaCm2 === null || !Number.isFinite(denseAreaCm2)) return fromPd;
  return (fromPd + maskingFromDenseArea(denseAreaCm2)) / 2;
}

/**
 * Breast area as the published grade means show it (larger breasts are fattier), interpolated on
 * PD; used to give the simulated reference women a dense area.
 */
export function typicalBreastAreaCm2(percentDensity: number): number {
  return interpolateClamped(percentDensity, AREA_MEASURES_BY_GRADE.percentDensityMean, AREA_MEASURES_BY_GRADE.breastAreaCm2Mean);
}
