import { describe, expect, it } from 'vitest';
import { ageFactor, mergedEntry, mergedScore } from '../../server/analysis/merge';
import { quantileOf } from '../../server/analysis/quantiles';
import {
  DENSITY_REFERENCE,
  MASKING_REFERENCE,
  MERGED_REFERENCE,
  RISK_REFERENCE,
} from '../../server/analysis/reference';
import {
  buildDetectionLevels,
  buildMaskingReference,
  buildMergedFromFilms,
  buildRiskReference,
  mergedTopBandShare,
  unknownFactorsFiveYearRisk,
} from '../../evaluation/calibration/build';
import { maskingProbability } from '../../server/analysis/masking';
import { densityRelativeHazard } from '../../server/analysis/risk/density-hazard';
import type { DensityPopulation } from '../../evaluation/calibration/density-population';

const pop: DensityPopulation = { ...DENSITY_REFERENCE.population, cutPoints: DENSITY_REFERENCE.cutPoints as [number, number, number] };

describe('merged score merged_v_3_2025-03-14', () => {
  it('is the mean of the three quantiles x (110 - age) / 70, checked by hand', () => {
    // detection 0.8, risk 0.6, masking 0.4 at age 50: (1.8 / 3) x (60 / 70) = 0.6 x 0.857142... = 0.514285714...
    const m = mergedScore({ detection: 0.8, risk: 0.6, masking: 0.4 }, 50);
    expect(m.score).toBeCloseTo(0.5142857142857143, 15);
    expect(ageFactor(40)).toBe(1);
    expect(ageFactor(75)).toBe(0.5);
    expect(mergedScore({ detection: 0.3, risk: 0.3, masking: 0.3 }, 75).score).toBeCloseTo(0.15, 15);
  });

  it('stays in [0, 1]: clamped where the age factor exceeds 1 (under 40)', () => {
    expect(mergedScore({ detection: 0.95, risk: 0.95, masking: 0.95 }, 30).score).toBe(1);
    expect(mergedScore({ detection: 0.5, risk: 0.5, masking: 0.5 }, 30).score).toBeCloseTo(0.5 * (80 / 70), 15);
    expect(mergedScore({ detection: 1, risk: 1, masking: 1 }, 115).score).toBe(0);
  });

  it('is N/A with the reason when the age or a component is missing', () => {
    expect(mergedScore({ detection: 0.5, risk: 0.5, masking: 0.5 }, null)).toEqual({ score: null, reason: 'Age unknown: no birthdate' });
    const m = mergedEntry({ detection: null, risk: 0.5, masking: 0.5 }, 50);
    expect(m.score).toBeNull();
    expect(m.score === null && m.reason).toContain('detection');
  });

  it('its quantile against the merged reference is in [0, 1] and rises with the score', () => {
    let previous = -1;
    for (let s = 0; s <= 1.0001; s += 0.01) {
      const q = quantileOf(s, MERGED_REFERENCE.values);
      expect(q).toBeGreaterThanOrEqual(Math.max(0, previous));
      expect(q).toBeLessThanOrEqual(1);
      previous = q;
    }
    const e = mergedEntry({ detection: 0.99, risk: 0.99, masking: 0.99 }, 45);
    expect(e.quantile).toBeGreaterThan(0.95);
  });
});

describe('reference distributions are reproducible', () => {
  it('the merged reference is built over real films without findings, and says so', () => {
    expect(MERGED_REFERENCE.source).toMatch(/films without findings/);
    expect(MERGED_REFERENCE.n).toBeGreaterThan(20);
  });

  it('over films, each film counts at every age 40-74 with the merged formula, checked by hand on one film at one age', () => {
    const film = { percentDensity: 30, denseAreaCm2: 40, detectionQuantile: 0.7 };
    // Only the 50-54 group weighs anything: five single years, each with a fifth of the weight.
    const weights = DENSITY_REFERENCE.population.weights.map((_, g) => (g === 2 ? 1 : 0));
    const built = buildMergedFromFilms([film], weights, RISK_REFERENCE, MASKING_REFERENCE, 'one film');
    const at = built.samples.findIndex((_, i) => built.weights[i] > 0);
    const age = 50.5;
    const risk = Math.min(1, (unknownFactorsFiveYearRisk(age) * densityRelativeHazard(30)) / RISK_REFERENCE.densityHazardMeanByAgeGroup[2]);
    const masking = maskingProbability(30, 40) as number;
    const byHand = ((0.7 + quantileOf(risk, RISK_REFERENCE.values) + quantileOf(masking, MASKING_REFERENCE.values)) / 3) * ((110 - age) / 70);
    expect(built.samples[at]).toBeCloseTo(byHand, 12);
    expect(built.weights.filter((w) => w > 0)).toEqual([0.2, 0.2, 0.2, 0.2, 0.2]);
  });

  it('films ranked against a reference built over themselves put about one in ten in the top band', () => {
    // Films whose densities spread like the population's and whose detection ranks are uniform.
    const films = Array.from({ length: 200 }, (_, i) => ({
      percentDensity: DENSITY_REFERENCE.values[Math.round(((i * 0.618034) % 1) * 1000)],
      denseAreaCm2: null,
      detectionQuantile: (i + 0.5) / 200,
    }));
    const w = DENSITY_REFERENCE.population.weights;
    const ref = buildMergedFromFilms(films, w, RISK_REFERENCE, MASKING_REFERENCE, 'films');
    const share = mergedTopBandShare(films, w, RISK_REFERENCE, MASKING_REFERENCE, ref.values);
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.12);
    // The same films all ranked at the top of detection fill the top band far beyond one in ten.
    const suspicious = films.map((f) => ({ ...f, detectionQuantile: 1 }));
    expect(mergedTopBandShare(suspicious, w, RISK_REFERENCE, MASKING_REFERENCE, ref.values)).toBeGreaterThan(0.25);
  });

  it('detection levels: a breast (2 views) and a study (4) rank as the highest of independent views', () => {
    const views = Array.from({ length: 101 }, (_, i) => i / 100);
    const ref = buildDetectionLevels(views, 'uniform views');
    // Uniform views: the highest of k has quantile function p^(1/k); 0.5 at p = 0.25 for 2, 0.0625 for 4.
    expect(quantileOf(0.5, ref.levels.view)).toBeCloseTo(0.5, 3);
    expect(quantileOf(0.5, ref.levels.breast)).toBeCloseTo(0.25, 3);
    expect(quantileOf(0.5, ref.levels.study)).toBeCloseTo(0.0625, 3);
    expect(ref.values).toEqual(ref.levels.study);
  });

  it('the risk and masking references are what the population model gives', () => {
    const risk = buildRiskReference(pop);
    risk.values.forEach((v, i) => expect(Math.abs(v - RISK_REFERENCE.values[i])).toBeLessThan(1e-8));
    risk.densityHazardMeanByAgeGroup.forEach((v, g) => expect(v).toBeCloseTo(RISK_REFERENCE.densityHazardMeanByAgeGroup[g], 6));
    const masking = buildMaskingReference(pop);
    masking.values.forEach((v, i) => expect(Math.abs(v - MASKING_REFERENCE.values[i])).toBeLessThan(1e-8));
  });
});
