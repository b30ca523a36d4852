import { describe, expect, it } from 'vitest';
import { densityGrade, gradeSharesForAge } from '../../server/analysis/density-grade';
import { DENSITY_REFERENCE } from '../../server/analysis/reference';
import {
  buildDensityPopulation,
  expectOverPd,
  meanPdByGrade,
  type DensityPopulation,
} from '../../evaluation/calibration/density-population';
import {
  AREA_MEASURES_BY_GRADE,
  BCSC_GRADE_SHARES,
  DENSE_SHARE_BY_AGE_GROUP,
} from '../../server/analysis/reference/population';
import { logit, normalCdf, normalQuantile } from '../../server/analysis/reference/stats';

const shipped: DensityPopulation = {
  ...DENSITY_REFERENCE.population,
  cutPoints: DENSITY_REFERENCE.cutPoints as [number, number, number],
};
const gradeIndex = (pd: number) => ['a', 'b', 'c', 'd'].indexOf(densityGrade(pd));

describe('density grade', () => {
  it('puts the reference population in the BCSC shares a 19.8 / b 42.2 / c 30.2 / d 7.7 %', () => {
    const total = BCSC_GRADE_SHARES.a + BCSC_GRADE_SHARES.b + BCSC_GRADE_SHARES.c + BCSC_GRADE_SHARES.d;
    const expected = [BCSC_GRADE_SHARES.a, BCSC_GRADE_SHARES.b, BCSC_GRADE_SHARES.c, BCSC_GRADE_SHARES.d].map((s) => s / total);
    // Exact mixture CDF at the cut points, and the same by integrating the grading function.
    const cdf = (pd: number) =>
      shipped.muByAgeGroup.reduce((s, mu, g) => s + shipped.weights[g] * normalCdf((logit(pd / 100) - mu) / shipped.sigma), 0);
    const [c1, c2, c3] = DENSITY_REFERENCE.cutPoints;
    const exact = [cdf(c1), cdf(c2) - cdf(c1), cdf(c3) - cdf(c2), 1 - cdf(c3)];
    exact.forEach((s, k) => expect(s).toBeCloseTo(expected[k], 6));
    const integrated = [0, 1, 2, 3].map((k) => expectOverPd(shipped, (pd) => (gradeIndex(pd) === k ? 1 : 0), null));
    integrated.forEach((s, k) => expect(Math.abs(s - expected[k])).toBeLessThan(0.005));
  });

  it('shifts with age as Sprague 2014 (dense c+d falls from 40-44 to 70-74), on the probit scale', () => {
    const dense = [42, 47, 52, 57, 62, 67, 72].map((age) => {
      const [, , c, d] = gradeSharesForAge(age);
      return c + d;
    });
    expect(dense.map((d, g) => d - expectOverPd(shipped, (pd) => (gradeIndex(pd) >= 2 ? 1 : 0), g)).every((e) => Math.abs(e) < 0.005)).toBe(true);
    for (let g = 1; g < dense.length; g++) expect(dense[g]).toBeLessThan(dense[g - 1]);
    // Same age pattern as the published 57 % ... 26 %, moved by one constant on the probit scale
    // so that the whole population has the BCSC controls' c+d share.
    dense.forEach((d, g) => {
      expect(normalQuantile(d) - normalQuantile(DENSE_SHARE_BY_AGE_GROUP[g])).toBeCloseTo(DENSITY_REFERENCE.population.probitShift, 5);
    });
  });

  it('cut points follow from the stored population model (what calibrate computed)', () => {
    const pop = buildDensityPopulation(logit(DENSITY_REFERENCE.cutPoints[1] / 100), DENSITY_REFERENCE.population.sigma);
    pop.cutPoints.forEach((c, k) => expect(c).toBeCloseTo(DENSITY_REFERENCE.cutPoints[k], 5));
    pop.muByAgeGroup.forEach((mu, g) => expect(mu).toBeCloseTo(DENSITY_REFERENCE.population.muByAgeGroup[g], 6));
  });

  it('gives grade means near the published area-PD means by grade (within 3 points)', () => {
    meanPdByGrade(shipped).forEach((m, k) => expect(Math.abs(m - AREA_MEASURES_BY_GRADE.percentDensityMean[k])).toBeLessThan(3));
  });

  it('is monotone in percent density with a-d in order', () => {
    const [ab, bc, cd] = DENSITY_REFERENCE.cutPoints;
    expect(densityGrade(0)).toBe('a');
    expect(densityGrade(ab - 1e-9)).toBe('a');
    expect(densityGrade(ab)).toBe('b');
    expect(densityGrade(bc)).toBe('c');
    expect(densityGrade(cd)).toBe('d');
    expect(densityGrade(100)).toBe('d');
    let previous = 0;
    for (let pd = 0; pd <= 100; pd += 0.25) {
      expect(gradeIndex(pd)).toBeGreaterThanOrEqual(previous);
      previous = gradeIndex(pd);
    }
  });
});
