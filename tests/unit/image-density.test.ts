import { describe, expect, it } from 'vitest';
import { analyzeView } from '../../server/analysis/image/view';
import { syntheticView } from './image-synthetic';

const FRACTIONS = [0.05, 0.15, 0.3, 0.45, 0.6];

describe('percent density on synthetic breasts of known dense fraction', () => {
  const rows = FRACTIONS.map((f) => {
    const cc = analyzeView(syntheticView('l_cc', { denseFraction: f, seed: 21 }));
    const mlo = analyzeView(syntheticView('r_mlo', { denseFraction: f, seed: 22, mlo: true, chestWall: 'right' }));
    return { truth: 100 * f, cc: cc.density!.percentDensity, mlo: mlo.density!.percentDensity };
  });

  it('is within 5 points of the truth on average', () => {
    const errors = rows.flatMap((r) => [Math.abs(r.cc - r.truth), Math.abs(r.mlo - r.truth)]);
    expect(errors.reduce((a, b) => a + b, 0) / errors.length).toBeLessThan(5);
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
