import { describe, expect, it } from 'vitest';
import { densityGrade, gradeIndex } from '../../server/analysis/density-grade';
import { analyzeView } from '../../server/analysis/image/view';
import { syntheticView } from './image-synthetic';

const FRACTIONS = [0.05, 0.15, 0.3, 0.45, 0.6];

describe('percent density on synthetic breasts of known dense fraction', () => {
  const rows = FRACTIONS.map((f) => {
    const cc = analyzeView(syntheticView('l_cc', { denseFraction: f, seed: 21 }));
    const mlo = analyzeView(syntheticView('r_mlo', { denseFraction: f, seed: 22, mlo: true, chestWall: 'right' }));
    return { truth: 100 * f, cc: cc.density!.percentDensity, mlo: mlo.density!.percentDensity };
  });

  // The density model is learned from radiologists' drawn tissue masks on real films, whose
  // percent runs higher than a pixel-wise fraction; synthetic breasts check order, not level.
  it('grades the breasts in order of their true fraction, from the lower grades to the upper ones', () => {
    for (const view of ['cc', 'mlo'] as const) {
      const grades = rows.map((r) => gradeIndex(densityGrade(r[view])));
      for (let i = 1; i < grades.length; i++) expect(grades[i]).toBeGreaterThanOrEqual(grades[i - 1]);
      expect(grades[grades.length - 1]).toBeGreaterThan(grades[0]);
    }
  });

  it('rises with the true fraction', () => {
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i].cc).toBeGreaterThan(rows[i - 1].cc);
      expect(rows[i].mlo).toBeGreaterThan(rows[i - 1].mlo);
    }
  });

  it('reports dense area in cm^2 consistent with the percent and the breast area', () => {
    const a = analyzeView(syntheticView('l_cc', { denseFraction: 0.3, seed: 4 }));
    const d = a.density!;
    expect(d.denseAreaCm2).toBeCloseTo((d.percentDensity / 100) * d.breastAreaCm2, 6);
    // The generator's half ellipse: pi/2 * (0.7 w)(0.42 h) pixels of 0.4 mm.
    const truthCm2 = ((Math.PI / 2) * (0.7 * 320) * (0.42 * 400) * 0.16) / 100;
    expect(Math.abs(d.breastAreaCm2 - truthCm2) / truthCm2).toBeLessThan(0.05);
  });
});
