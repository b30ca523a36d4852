/**
 * The learned density model ships as data (server/analysis/reference/density-model.json, written
 * by npm run train:density): it must load whole, carry the hash of its own coefficients as its
 * version, and that version must be in the engine's and the density provider's versions, so a
 * result names the coefficients that measured it.
 */
import { describe, expect, it } from 'vitest';
import { DENSITY_FEATURES } from '../../server/analysis/image/density-features';
import { DENSITY_MODEL, INTERIOR_DEPTH, calibrate, densityModelVersion, interiorMeanProbability, measureDensity } from '../../server/analysis/image/density';
import { createMask } from '../../server/analysis/image/raster';
import { analyzeView } from '../../server/analysis/image/view';
import { REFERENCE_MODELS } from '../../server/analysis/model-registry';
import { syntheticView } from './image-synthetic';

describe('the density model file', () => {
  it('loads with one standardisation and one weight per engine feature', () => {
    expect(DENSITY_MODEL.features).toEqual([...DENSITY_FEATURES]);
    for (const list of [DENSITY_MODEL.mean, DENSITY_MODEL.sd, DENSITY_MODEL.weights]) {
      expect(list).toHaveLength(DENSITY_FEATURES.length);
      for (const v of list) expect(Number.isFinite(v)).toBe(true);
    }
    for (const sd of DENSITY_MODEL.sd) expect(sd).toBeGreaterThan(0);
    expect(DENSITY_MODEL.calibration.slope).toBeGreaterThan(0);
  });

  it('is versioned by the hash of its coefficients, and that version is in the engine version', () => {
    expect(DENSITY_MODEL.version).toBe(densityModelVersion(DENSITY_MODEL));
    expect(DENSITY_MODEL.version).toMatch(/^density-model-[0-9a-f]{10}$/);
    expect(REFERENCE_MODELS.engine.version).toContain(DENSITY_MODEL.version);
    expect(REFERENCE_MODELS.density.version).toContain(DENSITY_MODEL.version);
    const changed = { ...DENSITY_MODEL, weights: DENSITY_MODEL.weights.map((w, i) => (i === 0 ? w + 1e-6 : w)) };
    expect(densityModelVersion(changed)).not.toBe(DENSITY_MODEL.version);
  });

  it('says which films it was fitted on and its cross-validated figures', () => {
    expect(DENSITY_MODEL.source).toMatch(/train-density/);
    expect(DENSITY_MODEL.training).toHaveProperty('crossValidated');
  });

  it('maps a higher mean probability to a higher percent', () => {
    const percents = [0.05, 0.2, 0.4, 0.6, 0.8].map((p) => calibrate(DENSITY_MODEL, p));
    for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThan(percents[i - 1]);
  });

  it('measures the same view twice to the same percent and the same dense pixels', () => {
    const a = analyzeView(syntheticView('l_cc', { denseFraction: 0.3, seed: 9 })).density!;
    const b = analyzeView(syntheticView('l_cc', { denseFraction: 0.3, seed: 9 })).density!;
    expect(b.percentDensity).toBe(a.percentDensity);
    expect(Buffer.from(b.denseMask.data).equals(Buffer.from(a.denseMask.data))).toBe(true);
    // The dense mask holds as many pixels as the percent says.
    let dense = 0;
    for (const v of a.denseMask.data) dense += v;
    expect(Math.abs(dense * 0.16 / 100 - a.denseAreaCm2) / a.denseAreaCm2).toBeLessThan(0.02);
  });
});

describe("the breast's dense fraction is read from its interior", () => {
  const K = DENSITY_FEATURES.length;
  const DEPTH = DENSITY_FEATURES.indexOf('depth');
  /** Feature rows with only the depth set, one per probability. */
  const rows = (depths: number[]) => {
    const values = new Float32Array(depths.length * K);
    depths.forEach((d, j) => (values[j * K + DEPTH] = d));
    return values;
  };

  it('leaves out the thin periphery, where the thickness correction is least sure', () => {
    // Two pixels along the skin line read dense, two inside read fat.
    const probs = Float32Array.from([0.9, 0.9, 0.1, 0.3]);
    const values = rows([0.1, INTERIOR_DEPTH - 0.01, INTERIOR_DEPTH, 1]);
    expect(interiorMeanProbability(values, probs)).toBeCloseTo(0.2, 6);
  });

  it('takes every pixel of a breast too small to have an interior', () => {
    const probs = Float32Array.from([0.2, 0.6]);
    expect(interiorMeanProbability(rows([0.1, 0.3]), probs)).toBeCloseTo(0.4, 6);
  });

  it('does not count tissue along the removed pectoral muscle, where the muscle edge may be off', () => {
    // An MLO-like breast: the chest wall on the left, the muscle a triangle in the top-left corner
    // (cut away from the breast), fat elsewhere. The same bright band raises the percent when it
    // lies inside the breast and not when it runs along the muscle's edge (muscle the
    // segmentation left in, or tissue it may have cut away with it on the other film).
    const W = 150;
    const H = 240;
    const tissue = createMask(W, H);
    const breast = createMask(W, H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        tissue.data[y * W + x] = 1;
        breast.data[y * W + x] = x + y >= 80 ? 1 : 0;
      }
    }
    const percentWith = (band: (x: number, y: number) => boolean) => {
      const data = new Float32Array(W * H);
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) data[y * W + x] = (x + y < 80 ? 500 : 100) + ((x * 7 + y * 13) % 5) + (band(x, y) ? 300 : 0);
      }
      return measureDensity({ width: W, height: H, data }, breast, [0.2, 0.2], tissue, 1000)!.percentDensity;
    };
    const none = percentWith(() => false);
    const alongMuscle = percentWith((x, y) => x + y >= 80 && x + y < 90);
    const inside = percentWith((x, y) => x + y >= 170 && x + y < 180);
    expect(inside - none).toBeGreaterThan(0.5);
    expect(Math.abs(alongMuscle - none)).toBeLessThan(0.1);
  });
});
