import { describe, expect, it } from 'vitest';
import type { Region } from '../../core/contract/scores';
import { detectStudy, isPartner, selectRegions } from '../../server/analysis/image/detection';
import { agreementScore, DETECTION_WEIGHTS } from '../../server/analysis/image/suspicion-models';
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
      // Scores are probabilities at real films' prevalence (a few lesions among many candidates),
      // so the mass lifts the view's score severalfold rather than by a fixed amount.
      expect(withMass.score!).toBeGreaterThan(2 * clean.score!);
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
    expect(withCalcs.score!).toBeGreaterThan(2 * clean.score!);
  });

  it('does not call two isolated specks a cluster', () => {
    const two = detect({ seed: 5, calcs: { x: 0.35, y: 0.6, count: 2 } });
    expect(two.findings.some((f) => f.kind === 'calcification')).toBe(false);
  });
});

describe('the regions a view shows', () => {
  const policy = { reportThreshold: 0.3, suppressionMm: 10, max: 2 };
  const at = (score: number, xMm: number, yMm = 0) => ({ score, xMm, yMm });

  it('always the most suspicious finding, even below the threshold; nothing else below it', () => {
    expect(selectRegions([at(0.1, 0), at(0.05, 50)], policy)).toEqual([at(0.1, 0)]);
    expect(selectRegions([], policy)).toEqual([]);
  });

  it('one region per place: a finding within the suppression distance of a shown one is left out', () => {
    expect(selectRegions([at(0.9, 0), at(0.8, 6, 6), at(0.7, 30)], policy)).toEqual([at(0.9, 0), at(0.7, 30)]);
  });

  it("at most the policy's count", () => {
    expect(selectRegions([at(0.9, 0), at(0.8, 20), at(0.7, 40)], policy)).toHaveLength(2);
  });
});

describe('CC/MLO agreement', () => {
  // The same mass in both views of the left breast: each view's mass finding has a partner.
  const mass = { x: 0.4, y: 0.45, radiusMm: 6 };
  const views = {
    l_cc: analyzeView(syntheticView('l_cc', { ...SIZE, seed: 3, mass })),
    l_mlo: analyzeView(syntheticView('l_mlo', { ...SIZE, seed: 3, mass })),
  };
  const topMass = (d: ReturnType<typeof detectStudy>, key: 'l_cc' | 'l_mlo') => d[key].findings.find((f) => f.kind === 'mass')!;

  it('raises a finding by the partner in the other view as much as the gain says, and never past 1', () => {
    const alone = detectStudy(views, { gain: 0, distanceMm: 15 });
    const reinforced = detectStudy(views, { gain: 0.5, distanceMm: 15 });
    const cc = topMass(alone, 'l_cc');
    const mlo = topMass(alone, 'l_mlo');
    expect(cc.score).toBe(cc.ownScore);
    const expected = agreementScore(cc.ownScore, mlo.ownScore, 0.5);
    expect(topMass(reinforced, 'l_cc').score).toBeCloseTo(expected, 12);
    expect(expected).toBeGreaterThan(cc.ownScore);
    expect(agreementScore(0.9, 1, 1)).toBe(1);
    expect(agreementScore(0.2, 0, 1)).toBeCloseTo(0.2, 12);
  });

  it('needs the partner at a similar distance from the nipple', () => {
    // No pair of findings is within a negative distance: nothing may be reinforced.
    const none = detectStudy(views, { gain: 0.5, distanceMm: -1 });
    for (const key of ['l_cc', 'l_mlo'] as const) for (const f of none[key].findings) expect(f.score).toBe(f.ownScore);
    expect(isPartner({ kind: 'mass', nippleDistanceMm: 40 }, { kind: 'mass', nippleDistanceMm: 52 }, 15)).toBe(true);
    expect(isPartner({ kind: 'mass', nippleDistanceMm: 40 }, { kind: 'mass', nippleDistanceMm: 56 }, 15)).toBe(false);
    expect(isPartner({ kind: 'mass', nippleDistanceMm: 40 }, { kind: 'calcification', nippleDistanceMm: 40 }, 15)).toBe(false);
    expect(isPartner({ kind: 'mass', nippleDistanceMm: null }, { kind: 'mass', nippleDistanceMm: 40 }, 15)).toBe(false);
  });

  it('uses the gain fitted with the suspicion weights by default', () => {
    const d = detectStudy(views);
    const cc = topMass(d, 'l_cc');
    const partner = topMass(d, 'l_mlo').ownScore;
    expect(cc.score).toBeCloseTo(agreementScore(cc.ownScore, partner, DETECTION_WEIGHTS.agreement.gain), 12);
  });
});
