import type { Finding } from './detection';
import { localStd } from './filters';
import { flipBytesHorizontal, maskedQuantiles, type Raster } from './raster';
import type { ViewAnalysis } from './view';

import type { OverlayKind } from '../../../core/contract/scores';

export type { OverlayKind };

/** An RGBA image (straight alpha) in display orientation, at the coarse analysis size. */
export interface RgbaOverlay {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * The three overlays the results page blends with its sliders: suspicious regions (detection heat
 * map), dense tissue (the pixels the density model counts as dense, shaded by their probability)
 * and density texture (local variation of the tissue, the texture that density-based risk models
 * look at). The page stretches them to the
 * display image, so they are drawn at analysis resolution and mirrored back to display
 * orientation.
 */
export function renderOverlays(v: ViewAnalysis, findings: Finding[]): Record<OverlayKind, RgbaOverlay> {
  return { detection: renderDetectionOverlay(v, findings), ...renderViewOverlays(v) };
}

/** The overlays that depend on the study's findings (CC/MLO agreement, left-right asymmetry). */
export function renderDetectionOverlay(v: ViewAnalysis, findings: Finding[]): RgbaOverlay {
  return toDisplay(v, detectionRgba(v, findings));
}

/** The overlays of one view alone: a pipeline thread renders them right after the view's analysis. */
export const VIEW_OVERLAY_KINDS = ['density', 'texture'] as const satisfies readonly OverlayKind[];
export type ViewOverlayKind = (typeof VIEW_OVERLAY_KINDS)[number];

export function renderViewOverlays(v: ViewAnalysis): Record<ViewOverlayKind, RgbaOverlay> {
  return { density: toDisplay(v, densityRgba(v)), texture: toDisplay(v, textureRgba(v)) };
}

function toDisplay(v: ViewAnalysis, data: Uint8Array): RgbaOverlay {
  const { width, height } = v.coarse;
  return { width, height, data: v.flipped ? flipBytesHorizontal(data, width, height, 4) : data };
}

/**
 * The regions the view reports, and nothing else: each finding (the same list the result's regions
 * are made from, see selectRegions, so the first is the one the view's score came from) is a
 * Gaussian bump of its score with its box outlined, so even a low-scored region is marked. Colour
 * runs yellow to red with the heat.
 */
function detectionRgba(v: ViewAnalysis, findings: Finding[]): Uint8Array {
  const { width: w, height: h } = v.coarse;
  const heat = new Float32Array(w * h);
  for (const f of findings) {
    const cx = (f.minX + f.maxX) / 2;
    const cy = (f.minY + f.maxY) / 2;
    const sx = Math.max(2, (f.maxX - f.minX) / 2.5);
    const sy = Math.max(2, (f.maxY - f.minY) / 2.5);
    const x0 = Math.max(0, Math.floor(cx - 3 * sx));
    const x1 = Math.min(w - 1, Math.ceil(cx + 3 * sx));
    const y0 = Math.max(0, Math.floor(cy - 3 * sy));
    const y1 = Math.min(h - 1, Math.ceil(cy + 3 * sy));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const g = f.score * Math.exp(-0.5 * (((x - cx) / sx) ** 2 + ((y - cy) / sy) ** 2));
        const i = y * w + x;
        if (g > heat[i]) heat[i] = g;
      }
    }
  }
  const out = new Uint8Array(w * h * 4);
  for (let i = 0; i < heat.length; i++) {
    const t = heat[i];
    if (t < 0.02) continue;
    out[i * 4] = 255;
    out[i * 4 + 1] = Math.round(230 * (1 - t));
    out[i * 4 + 2] = 0;
    out[i * 4 + 3] = Math.round(255 * Math.min(1, 0.25 + t));
  }
  for (const f of findings) outlineBox(out, w, h, f);
  return out;
}

/** A finding's box (the one its Region reports), one coarse pixel wide, opaque, coloured by its score. */
function outlineBox(out: Uint8Array, w: number, h: number, f: Finding): void {
  const clampX = (x: number) => Math.min(w - 1, Math.max(0, Math.round(x)));
  const clampY = (y: number) => Math.min(h - 1, Math.max(0, Math.round(y)));
  const x0 = clampX(f.minX);
  const x1 = clampX(f.maxX);
  const y0 = clampY(f.minY);
  const y1 = clampY(f.maxY);
  const green = Math.round(230 * (1 - Math.min(1, Math.max(0, f.score))));
  const paint = (x: number, y: number) => {
    const i = (y * w + x) * 4;
    out[i] = 255;
    out[i + 1] = green;
    out[i + 2] = 0;
    out[i + 3] = 255;
  };
  for (let x = x0; x <= x1; x++) {
    paint(x, y0);
    paint(x, y1);
  }
  for (let y = y0; y <= y1; y++) {
    paint(x0, y);
    paint(x1, y);
  }
}

function densityRgba(v: ViewAnalysis): Uint8Array {
  const { width: w, height: h } = v.coarse;
  const out = new Uint8Array(w * h * 4);
  const m = v.density?.membership;
  const dense = v.density?.denseMask.data;
  if (!m || !dense) return out;
  for (let i = 0; i < w * h; i++) {
    if (!dense[i]) continue;
    const t = Math.max(0.5, m[i]);
    out[i * 4] = 236;
    out[i * 4 + 1] = 72;
    out[i * 4 + 2] = 153;
    out[i * 4 + 3] = Math.round(90 + 140 * (t - 0.5) * 2);
  }
  return out;
}

/** Local standard deviation over about 3 mm, scaled by its spread inside the breast. */
function textureRgba(v: ViewAnalysis): Uint8Array {
  const { width: w, height: h } = v.coarse;
  const out = new Uint8Array(w * h * 4);
  const texture: Raster = localStd(v.coarse, Math.max(1, Math.round(1.5 / v.coarseSpacingMm)));
  const [lo, hi] = maskedQuantiles(texture, v.breast, [0.05, 0.95]);
  if (!(hi > lo)) return out;
  for (let i = 0; i < w * h; i++) {
    if (!v.breast.data[i]) continue;
    const t = Math.min(1, Math.max(0, (texture.data[i] - lo) / (hi - lo)));
    // Blue (smooth) through green to yellow (busy), a perceptually ordered ramp.
    out[i * 4] = Math.round(255 * Math.max(0, 2 * t - 1));
    out[i * 4 + 1] = Math.round(255 * Math.min(1, 1.6 * t));
    out[i * 4 + 2] = Math.round(255 * Math.max(0, 1 - 1.6 * t));
    out[i * 4 + 3] = Math.round(60 + 150 * t);
  }
  return out;
}
