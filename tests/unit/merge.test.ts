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
  buildMaskingReference,
  buildMergedReference,
  buildRiskReference,
  MERGED_SAMPLES,
  MERGED_SEED,
} from '../../evaluation/calibration/build';
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
  it('the merged reference is what the seeded simulation gives', () => {
    expect(MERGED_REFERENCE.n).toBe(MERGED_SAMPLES);
    expect(MERGED_REFERENCE.source).toContain(`seed ${MERGED_SEED}`);
    const rebuilt = buildMergedReference(pop, RISK_REFERENCE, MASKING_REFERENCE);
    rebuilt.values.forEach((v, i) => expect(Math.abs(v - MERGED_REFERENCE.values[i])).toBeLessThan(1e-6));
    const again = buildMergedReference(pop, RISK_REFERENCE, MASKING_REFERENCE);
    expect(again.values).toEqual(rebuilt.values);
  });

  it('the risk and masking references are what the population model gives', () => {
    const risk = buildRiskReference(pop);
    risk.values.forEach((v, i) => expect(Math.abs(v - RISK_REFERENCE.values[i])).toBeLessThan(1e-8));
    risk.densityHazardMeanByAgeGroup.forEach((v, g) => expect(v).toBeCloseTo(RISK_REFERENCE.densityHazardMeanByAgeGroup[g], 6));
    const masking = buildMaskingReference(pop);
    masking.values.forEach((v, i) => expect(Math.abs(v - MASKING_REFERENCE.values[i])).toBeLessThan(1e-8));
  });
});
