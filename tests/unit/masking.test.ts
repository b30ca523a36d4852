import { describe, expect, it } from 'vitest';
import { MASKING_BY_GRADE, maskingFromDenseArea, maskingFromPercentDensity, maskingProbability } from '../../server/analysis/masking';
import { AREA_MEASURES_BY_GRADE } from '../../server/analysis/reference/population';

describe('masking', () => {
  it('equals 1 - sensitivity of Wanders 2017 (85.7 / 77.6 / 69.5 / 61.0 %) at the grade centres', () => {
    expect(MASKING_BY_GRADE.map((m) => Number(m.toFixed(3)))).toEqual([0.143, 0.224, 0.305, 0.39]);
    for (let k = 0; k < 4; k++) {
      const pd = AREA_MEASURES_BY_GRADE.percentDensityMean[k];
      const da = AREA_MEASURES_BY_GRADE.denseAreaCm2Mean[k];
      expect(maskingProbability(pd, da)).toBeCloseTo(MASKING_BY_GRADE[k], 12);
      expect(maskingProbability(pd, null)).toBeCloseTo(MASKING_BY_GRADE[k], 12);
    }
  });

  it('is continuous and non-decreasing in percent density and in dense area, within [0.143, 0.39]', () => {
    let previous = maskingFromPercentDensity(0);
    for (let pd = 0; pd <= 100; pd += 0.5) {
      const m = maskingFromPercentDensity(pd);
      expect(m).toBeGreaterThanOrEqual(previous);
      expect(m - previous).toBeLessThan(0.01); // no jumps at grade boundaries
      previous = m;
    }
    previous = 0;
    for (let da = 0; da <= 150; da += 1) {
      const m = maskingFromDenseArea(da);
      expect(m).toBeGreaterThanOrEqual(previous);
      previous = m;
    }
    expect(maskingProbability(0, 0)).toBeCloseTo(0.143, 12);
    expect(maskingProbability(100, 200)).toBeCloseTo(0.39, 12);
  });

  it('rises strictly between the grade centres, and more dense tissue at the same PD masks more', () => {
    expect(maskingProbability(30, null)!).toBeGreaterThan(maskingProbability(25, null)!);
    expect(maskingProbability(30, 50)!).toBeGreaterThan(maskingProbability(30, 20)!);
  });

  it('is N/A without a percent density', () => {
    expect(maskingProbability(null, 30)).toBeNull();
  });
});
