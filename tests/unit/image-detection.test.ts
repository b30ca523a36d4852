import { describe, expect, it } from 'vitest';
import type { Region } from '../../core/contract/scores';
import { detectStudy } from '../../server/analysis/image/detection';
import { analyzeView } from '../../server/analysis/image/view';
import { syntheticView, type SyntheticOptions } from './image-synthetic';

const SIZE = { width: 512, height: 640, spacingMm: 0.2 } as const;

function detect(opts: SyntheticOptions) {
  const v = syntheticView('l_cc', { ...SIZE, ...opts });
  return detectStudy({ l_cc: analyzeView(v) }).l_cc;
}

function overlaps(r: Region, x: number, y: number, halfW: number, halfH: number): boolean {
  return r.x < x + halfW && r.x + r.width > x - halfW && r.y < y + halfH && r.y + r.height > y - halfH;
}

describe('mass detection on a synthetic breast', () => {
  const clean = detect({ seed: 3 });
  for (const mass of [
    { x: 0.4, y: 0.45, radiusMm: 6 },
    { x: 0.25, y: 0.6, radiusMm: 8 },
  ]) {
    it(`finds a ${mass.radiusMm} mm mass as the top region and scores above the clean image`, () => {
      const withMass = detect({ seed: 3, mass });
      const top = withMass.regions[0];
      expect(top.kind).toBe('mass');
      const r = mass.radiusMm / 0.2;
      expect(overlaps(top, mass.x, mass.y, r / SIZE.width, r / SIZE.height)).toBe(true);
      expect(withMass.score!).toBeGreaterThan(clean.score! + 0.2);
    });
  }

  it('maps regions back to display coordinates when the image was mirrored', () => {
    const mass = { x: 0.4, y: 0.45, radiusMm: 6 };
    const mirrored = detect({ seed: 3, mass, chestWall: 'right' });
    const top = mirrored.regions[0];
    const r = mass.radiusMm / 0.2;
    expect(overlaps(top, 1 - mass.x, mass.y, r / SIZE.width, r / SIZE.height)).toBe(true);
  });
});

describe('calcification clusters on a synthetic breast', () => {
  it('finds an inserted cluster as the top region and scores above the clean image', () => {
    const clean = detect({ seed: 5 });
    const calcs = { x: 0.35, y: 0.6, count: 6 };
    const withCalcs = detect({ seed: 5, calcs });
    const top = withCalcs.regions[0];
    expect(top.kind).toBe('calcification');
    expect(overlaps(top, calcs.x, calcs.y, 4 / 0.2 / SIZE.width, 4 / 0.2 / SIZE.height)).toBe(true);
    expect(withCalcs.score!).toBeGreaterThan(clean.score! + 0.2);
  });

  it('does not call two isolated specks a cluster', () => {
    const two = detect({ seed: 5, calcs: { x: 0.35, y: 0.6, count: 2 } });
    expect(two.findings.some((f) => f.kind === 'calcification')).toBe(false);
  });
});
