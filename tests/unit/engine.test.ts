import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import { ScoredResult, VIEW_KEYS, type ViewKey } from '../../core/contract/scores';
import { analyzeStudy, ENGINE_NAME, ENGINE_VERSION, displaySize, scorePreparedStudy, withViewOverlays } from '../../server/analysis/engine';
import { measurePrepared, prepareStudy, type PreparedView } from '../../server/analysis/image/study';
import type { DecodedView } from '../../server/dicom/types';
import { syntheticView } from './image-synthetic';

function study(withMass: boolean): Record<ViewKey, DecodedView> {
  const out = {} as Record<ViewKey, DecodedView>;
  for (const key of VIEW_KEYS) {
    out[key] = syntheticView(key, {
      width: 256,
      height: 320,
      spacingMm: 0.4,
      mlo: key.endsWith('mlo'),
      chestWall: key.startsWith('r') ? 'right' : 'left',
      mass: withMass && key.startsWith('l') ? { x: 0.35, y: 0.5, radiusMm: 7 } : undefined,
      seed: 11,
    });
  }
  return out;
}

const ctx = { age: 52, ageSource: 'birthdate' as const, riskFactors: EMPTY_RISK_FACTORS };

describe('analyzeStudy', () => {
  it('returns a valid result with engine name, density per breast and overlays as PNG covering the display image', async () => {
    const views = study(true);
    const { result, overlays } = await analyzeStudy(views, ctx);
    expect(ScoredResult.safeParse(result).success).toBe(true);
    expect(result.engine).toEqual({ name: ENGINE_NAME, version: ENGINE_VERSION });
    expect(result.density.left.percent).not.toBeNull();
    expect(result.density.right.grade).not.toBeNull();
    for (const key of VIEW_KEYS) {
      expect(result.overlays[key]).toEqual(['image', 'detection', 'density', 'texture']);
      for (const kind of ['detection', 'density', 'texture'] as const) {
        const meta = await sharp(overlays[key][kind]!).metadata();
        expect(meta.format).toBe('png');
        // Stretched over the display image (as the results page and the viewer draw it), the
        // overlay lies on it: same shape to within one of its pixels, and never finer than it.
        const display = displaySize(views[key]);
        expect(meta.height!).toBeLessThanOrEqual(display.height);
        expect(Math.abs(meta.width! / meta.height! - display.width / display.height)).toBeLessThan(1 / meta.height!);
      }
    }
    // The mass is in the left breast: the left CC view's most suspicious mass region is on it, and
    // the left breast scores higher.
    const lcc = result.regions.filter((r) => r.view === 'l_cc' && r.kind === 'mass').sort((a, b) => b.score - a.score)[0];
    const halfW = 7 / 0.4 / 256;
    const halfH = 7 / 0.4 / 320;
    expect(lcc.x < 0.35 + halfW && lcc.x + lcc.width > 0.35 - halfW && lcc.y < 0.5 + halfH && lcc.y + lcc.height > 0.5 - halfH).toBe(true);
    expect(result.left.detection.score!).toBeGreaterThan(result.right.detection.score!);
  });

  it('gives identical JSON and overlays for the same study twice', async () => {
    const a = await analyzeStudy(study(false), ctx);
    const b = await analyzeStudy(study(false), ctx);
    expect(JSON.stringify(b.result)).toBe(JSON.stringify(a.result));
    for (const key of VIEW_KEYS) expect(b.overlays[key].detection!.equals(a.overlays[key].detection!)).toBe(true);
  });

  it('takes the density and texture overlays a view brought from its own step, and draws the same ones itself without them', async () => {
    const views = study(true);
    const plain = prepareStudy(views);
    const withOwn = {} as Record<ViewKey, PreparedView>;
    for (const key of VIEW_KEYS) withOwn[key] = await withViewOverlays(plain[key]!);
    expect(Object.keys(withOwn.l_cc.overlayPngs ?? {}).sort()).toEqual(['density', 'texture']);
    const a = await scorePreparedStudy(plain, ctx);
    const b = await scorePreparedStudy(withOwn, ctx);
    expect(JSON.stringify(b.result)).toBe(JSON.stringify(a.result));
    for (const key of VIEW_KEYS) {
      for (const kind of ['detection', 'density', 'texture'] as const) {
        expect(b.overlays[key][kind]!.equals(a.overlays[key][kind]!), `${key} ${kind}`).toBe(true);
      }
    }
    // The study step drew only what depends on the whole study: a view that brought its own
    // overlays has only the detection overlay left to draw.
    expect(Object.keys(measurePrepared(withOwn).overlays.l_cc ?? {})).toEqual(['detection']);
    expect(Object.keys(measurePrepared(plain).overlays.l_cc ?? {}).sort()).toEqual(['density', 'detection', 'texture']);
  });

  it('reports a missing view and a blank view as N/A with a reason, not as a score', async () => {
    const views: Partial<Record<ViewKey, DecodedView>> = study(false);
    delete views.r_mlo;
    views.l_mlo = { ...views.l_mlo!, pixels: new Float32Array(views.l_mlo!.pixels.length) };
    const { result, overlays } = await analyzeStudy(views, ctx);
    expect(ScoredResult.safeParse(result).success).toBe(true);
    expect(result.r_mlo.detection.score).toBeNull();
    expect(result.r_mlo.detection.reason).toMatch(/missing/);
    expect(result.l_mlo.masking.score).toBeNull();
    expect(result.l_mlo.masking.reason).toMatch(/blank/);
    expect(result.r_cc.detection.score).not.toBeNull();
    expect(overlays.l_mlo.density).toBeUndefined();
    expect(result.overlays.r_mlo).toBeUndefined();
  });
});
