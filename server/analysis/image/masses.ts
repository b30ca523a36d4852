import { erodeMask } from './components';
import { dilateGrey, gaussianBlur, gradients } from './filters';
import { maskedMeanStd, maskedQuantiles, type Mask, type Raster } from './raster';
import { massSuspicion } from './suspicion-models';

export interface MassCandidate {
  /** Centre in analysis pixels (canonical orientation, chest wall left). */
  x: number;
  y: number;
  radiusPx: number;
  /** Difference-of-Gaussians response at the best scale, in robust SDs of that scale's response over the breast. */
  blob: number;
  /** Mean inside the disc minus mean of the surrounding ring, in SDs of the ring. */
  contrast: number;
  /**
   * log(fine texture in the ring / fine texture inside the disc's core), the texture being what a
   * 0.5 mm blur removes: a mass replaces the tissue's structure with its own even attenuation, so
   * it is smoother than what surrounds it, whatever its overall profile; a tissue crossing is not.
   */
  smoothness: number;
  /** Mean cosine between gradient and the direction to the centre, in [-1, 1]. */
  gradientConcentration: number;
  /** Excess share of radial line structures around the candidate (0 random, 1 all radial). */
  spiculation: number;
  score: number;
}

/**
 * Mass radii searched, mm: masses of about 6 to 26 mm in diameter, in a geometric series whose
 * ratio is also the difference-of-Gaussians ratio, so each blur serves two scales.
 */
const DOG_K = 1.45;
export const MASS_RADII_MM = [0, 1, 2, 3, 4].map((i) => 3 * DOG_K ** i);
const MAX_CANDIDATES = 20;

/**
 * Mass candidates after Karssemeijer and te Brake (IEEE TMI 1996): a multi-scale blob detector
 * (scale-normalised difference of Gaussians, a LoG approximation) proposes bright round regions
 * inside the breast; each is described by its contrast to the surroundings, by the concentration
 * of intensity gradients toward its centre (round masses), by the concentration of line
 * orientations toward it (spiculated masses and architectural distortion) and by how even its
 * interior is; the suspicion model (suspicion-models.ts) turns these into a score.
 */
export function findMassCandidates(r: Raster, breast: Mask, spacingMm: number): MassCandidate[] {
  const { width: w, height: h } = r;
  const { mean, std } = maskedMeanStd(r, breast);
  if (!(std > 0)) return [];
  // z-score inside the breast; outside set to the breast mean so the skin line and the removed
  // pectoral muscle make no bright blobs.
  const z: Raster = { width: w, height: h, data: new Float32Array(w * h) };
  const zd = z.data;
  const bd = breast.data;
  const rd = r.data;
  for (let i = 0; i < zd.length; i++) zd[i] = bd[i] ? (rd[i] - mean) / std : 0;

  const best = new Float32Array(w * h).fill(-Infinity);
  const bestScale = new Uint8Array(w * h);
  // Candidates keep 3 mm from the skin line and from the image's edge.
  const margin = Math.max(1, Math.round(3 / spacingMm));
  const inner = awayFromImageEdge(erodeMask(breast, margin), margin);
  let g1 = gaussianBlur(z, MASS_RADII_MM[0] / spacingMm / Math.SQRT2);
  const dog: Raster = { width: w, height: h, data: new Float32Array(w * h) };
  const dd = dog.data;
  MASS_RADII_MM.forEach((radiusMm, s) => {
    const g2 = gaussianBlur(z, (radiusMm * DOG_K) / spacingMm / Math.SQRT2);
    const a = g1.data;
    const b = g2.data;
    for (let i = 0; i < dd.length; i++) dd[i] = a[i] - b[i];
    // Each scale's response in units of its own spread over this breast: how exceptional a blob
    // of this size is against this breast's texture, whatever the image processing.
    const [q25, q50, q75] = maskedQuantiles(dog, inner, [0.25, 0.5, 0.75]);
    const spread = Math.max(1e-6, (q75 - q25) / 1.349);
    for (let i = 0; i < best.length; i++) {
      const v = (dd[i] - q50) / spread;
      if (v > best[i]) {
        best[i] = v;
        bestScale[i] = s;
      }
    }
    g1 = g2;
  });
  const peaks = dilateGrey({ width: w, height: h, data: best }, Math.max(1, Math.round(2 / spacingMm)));
  const raw: Array<{ x: number; y: number; blob: number; radiusPx: number }> = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!inner.data[i] || best[i] <= 1 || best[i] < peaks.data[i]) continue;
      raw.push({ x, y, blob: best[i], radiusPx: MASS_RADII_MM[bestScale[i]] / spacingMm });
    }
  }
  raw.sort((a, b) => b.blob - a.blob || a.y - b.y || a.x - b.x);
  const kept: typeof raw = [];
  for (const c of raw) {
    if (kept.some((k) => Math.hypot(k.x - c.x, k.y - c.y) < Math.max(k.radiusPx, c.radiusPx))) continue;
    kept.push(c);
    if (kept.length >= MAX_CANDIDATES) break;
  }

  const smooth = gaussianBlur(z, Math.max(0.7, 1 / spacingMm));
  // Fine texture: what a 0.5 mm blur removes (septa, ducts, noise), not a mass's own smooth profile.
  const fineBlur = gaussianBlur(z, Math.max(0.7, 0.5 / spacingMm));
  const fine = new Float32Array(w * h);
  const fb = fineBlur.data;
  for (let i = 0; i < fine.length; i++) fine[i] = zd[i] - fb[i];
  const { gx, gy } = gradients(smooth);
  const lines = lineOrientation(z, Math.max(0.7, 0.8 / spacingMm));
  return kept.map((peak) => {
    const c = { ...peak, radiusPx: sizeByContrast(z, breast, peak, spacingMm) };
    const { contrast, smoothness } = discContrast(z, fine, breast, inner, c.x, c.y, c.radiusPx);
    const gradientConcentration = concentration(gx, gy, breast, w, h, c.x, c.y, c.radiusPx);
    const spiculation = lineConcentration(lines, breast, w, h, c.x, c.y, c.radiusPx);
    const score = massSuspicion({ contrast, smoothness, blob: c.blob, gradientConcentration, spiculation, radiusMm: c.radiusPx * spacingMm });
    return { ...c, contrast, smoothness, gradientConcentration, spiculation, score };
  });
}

/**
 * The candidate's size: the searched radius whose disc stands out most from its ring (discContrast).
 * The blob detector's best scale is a poor size: each scale's response is measured against its own
 * spread over the breast, and large structures vary more, so 94 % of the candidates on the MIAS
 * films took the smallest radius (3 mm), masses of 6-20 mm in radius among them, whose disc and
 * ring then both lay inside the mass. Measured at the radius chosen here, the held-out candidate AUC
 * rose from 0.628 to 0.679 (npm run train:detection); the sensitivity at 0.25 false regions per
 * image from 0.097 to 0.226, at 1 it fell from 0.419 to 0.371, the image AUC 0.656 -> 0.651. Over
 * eight other assignments of women to folds (a scratch re-implementation of the training's rules):
 * image AUC 0.642 -> 0.660, sensitivity at 1 false region 0.375 -> 0.377, at 0.25 0.125 -> 0.165.
 * Choosing the radius of the largest unnormalised response instead gained less (0.643, 0.327, 0.131).
 */
function sizeByContrast(z: Raster, breast: Mask, c: { x: number; y: number; radiusPx: number }, spacingMm: number): number {
  const radii = MASS_RADII_MM.map((mm) => mm / spacingMm);
  const contrasts = discContrasts(z, breast, c.x, c.y, radii);
  let best = c.radiusPx;
  let bestContrast = -Infinity;
  radii.forEach((r, k) => {
    if (contrasts[k] > bestContrast) {
      bestContrast = contrasts[k];
      best = r;
    }
  });
  return best;
}

/**
 * discContrast's contrast at each of `radii` in one pass over the largest ring: each pixel's distance
 * is taken once, and the pixels are summed in the same order, so each value equals discContrast's.
 */
function discContrasts(z: Raster, breast: Mask, cx: number, cy: number, radii: readonly number[]): number[] {
  const { width: w, height: h } = z;
  const k = radii.length;
  const inN = new Float64Array(k);
  const inS = new Float64Array(k);
  const ringN = new Float64Array(k);
  const ringS = new Float64Array(k);
  const ringS2 = new Float64Array(k);
  const reach = 2.5 * Math.max(...radii);
  for (let y = Math.max(0, Math.floor(cy - reach)); y <= Math.min(h - 1, Math.ceil(cy + reach)); y++) {
    for (let x = Math.max(0, Math.floor(cx - reach)); x <= Math.min(w - 1, Math.ceil(cx + reach)); x++) {
      const i = y * w + x;
      if (!breast.data[i]) continue;
      const d = Math.hypot(x - cx, y - cy);
      if (d > reach) continue;
      const v = z.data[i];
      for (let j = 0; j < k; j++) {
        const r = radii[j];
        if (d <= r) {
          inN[j]++;
          inS[j] += v;
        } else if (d >= 1.5 * r && d <= 2.5 * r) {
          ringN[j]++;
          ringS[j] += v;
          ringS2[j] += v * v;
        }
      }
    }
  }
  return radii.map((_, j) => ringContrast(inN[j], inS[j], ringN[j], ringS[j], ringS2[j]));
}

/**
 * The disc's mean above its ring's, in SDs of the ring (0 without pixels enough to tell): a mass
 * stands out from its neighbourhood, a dense-tissue island does not.
 */
function ringContrast(inN: number, inS: number, ringN: number, ringS: number, ringS2: number): number {
  if (inN === 0 || ringN < 4) return 0;
  const ringMean = ringS / ringN;
  const ringSd = Math.sqrt(Math.max(0, ringS2 / ringN - ringMean * ringMean));
  return (inS / inN - ringMean) / Math.max(0.05, ringSd);
}

/**
 * Contrast of the disc against its ring in z, and the ratio of their fine textures (`fine`: z minus
 * its 0.5 mm blur), the texture counted only away from the skin line (`inner`), whose falling
 * edge is no tissue texture.
 */
function discContrast(z: Raster, fine: Float32Array, breast: Mask, inner: Mask, cx: number, cy: number, rad: number): { contrast: number; smoothness: number } {
  const { width: w, height: h } = z;
  const outer = 2.5 * rad;
  let inN = 0;
  let inS = 0;
  let inF2 = 0;
  let inCoreN = 0;
  let ringF2 = 0;
  let ringFN = 0;
  let ringN = 0;
  let ringS = 0;
  let ringS2 = 0;
  for (let y = Math.max(0, Math.floor(cy - outer)); y <= Math.min(h - 1, Math.ceil(cy + outer)); y++) {
    for (let x = Math.max(0, Math.floor(cx - outer)); x <= Math.min(w - 1, Math.ceil(cx + outer)); x++) {
      const i = y * w + x;
      if (!breast.data[i]) continue;
      const d = Math.hypot(x - cx, y - cy);
      if (d <= rad) {
        inN++;
        inS += z.data[i];
        // The interior only: a mass's margin is sharp, and its texture is what the margin encloses.
        if (d <= 0.6 * rad && inner.data[i]) {
          inCoreN++;
          inF2 += fine[i] * fine[i];
        }
      } else if (d >= 1.5 * rad && d <= outer) {
        ringN++;
        ringS += z.data[i];
        ringS2 += z.data[i] * z.data[i];
        if (inner.data[i]) {
          ringFN++;
          ringF2 += fine[i] * fine[i];
        }
      }
    }
  }
  if (inN === 0 || ringN < 4) return { contrast: 0, smoothness: 0 };
  return {
    contrast: ringContrast(inN, inS, ringN, ringS, ringS2),
    // The fine texture is zero-mean, so its RMS is its SD.
    smoothness:
      inCoreN > 0 && ringFN >= 4 ? Math.log(Math.max(0.01, Math.sqrt(ringF2 / ringFN)) / Math.max(0.01, Math.sqrt(inF2 / inCoreN))) : 0,
  };
}

/** Mean cosine of the angle between the gradient and the direction to the centre. */
function concentration(gx: Float32Array, gy: Float32Array, breast: Mask, w: number, h: number, cx: number, cy: number, rad: number): number {
  const outer = 1.6 * rad;
  let n = 0;
  let s = 0;
  for (let y = Math.max(0, Math.floor(cy - outer)); y <= Math.min(h - 1, Math.ceil(cy + outer)); y++) {
    for (let x = Math.max(0, Math.floor(cx - outer)); x <= Math.min(w - 1, Math.ceil(cx + outer)); x++) {
      const i = y * w + x;
      if (!breast.data[i]) continue;
      const dx = cx - x;
      const dy = cy - y;
      const d = Math.hypot(dx, dy);
      if (d < 0.4 * rad || d > outer) continue;
      const m = Math.hypot(gx[i], gy[i]);
      if (m < 1e-6) continue;
      s += (gx[i] * dx + gy[i] * dy) / (m * d);
      n++;
    }
  }
  return n === 0 ? 0 : s / n;
}

interface LineField {
  /** Line direction, radians in [0, pi). */
  angle: Float32Array;
  /** Ridge strength (negative second derivative across the line), 0 where not a bright line. */
  strength: Float32Array;
  threshold: number;
}

/** Bright line orientation from the Hessian: the line runs along the eigenvector of the smaller curvature. */
function lineOrientation(z: Raster, sigma: number): LineField {
  const { width: w, height: h } = z;
  const s = gaussianBlur(z, sigma).data;
  const angle = new Float32Array(w * h);
  const strength = new Float32Array(w * h);
  let sum = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const dxx = s[i + 1] - 2 * s[i] + s[i - 1];
      const dyy = s[i + w] - 2 * s[i] + s[i - w];
      const dxy = (s[i + w + 1] - s[i + w - 1] - s[i - w + 1] + s[i - w - 1]) / 4;
      const tr = dxx + dyy;
      const disc = Math.sqrt(((dxx - dyy) / 2) ** 2 + dxy * dxy);
      const l1 = tr / 2 - disc; // most negative curvature: across a bright line
      if (l1 >= 0) continue;
      const acrossAngle = 0.5 * Math.atan2(2 * dxy, dxx - dyy) + Math.PI / 2;
      let along = acrossAngle + Math.PI / 2;
      along = ((along % Math.PI) + Math.PI) % Math.PI;
      angle[i] = along;
      strength[i] = -l1;
      sum += -l1;
      n++;
    }
  }
  return { angle, strength, threshold: n ? (2 * sum) / n : Infinity };
}

/**
 * Fraction of strong line pixels in a ring around the centre whose direction points at it
 * (within 20 degrees), as the excess over the 2/9 expected from random orientations (0 = random,
 * 1 = every line radial).
 */
function lineConcentration(f: LineField, breast: Mask, w: number, h: number, cx: number, cy: number, rad: number): number {
  const outer = 3 * rad;
  const tol = Math.cos((20 * Math.PI) / 180);
  const p0 = 40 / 180;
  let n = 0;
  let hits = 0;
  for (let y = Math.max(0, Math.floor(cy - outer)); y <= Math.min(h - 1, Math.ceil(cy + outer)); y++) {
    for (let x = Math.max(0, Math.floor(cx - outer)); x <= Math.min(w - 1, Math.ceil(cx + outer)); x++) {
      const i = y * w + x;
      if (!breast.data[i] || f.strength[i] < f.threshold) continue;
      const dx = x - cx;
      const dy = y - cy;
      const d = Math.hypot(dx, dy);
      if (d < rad || d > outer) continue;
      const c = Math.abs((Math.cos(f.angle[i]) * dx + Math.sin(f.angle[i]) * dy) / d);
      n++;
      if (c >= tol) hits++;
    }
  }
  if (n < 10) return 0;
  return (hits / n - p0) / (1 - p0);
}

/**
 * The mask without its pixels within `r` of the image's edge. The breast runs off the image at the
 * chest wall (and at the top of an MLO view), where the erosion that keeps candidates off the skin
 * line does not reach: the film cuts the tissue there, and the bright cut edge, continued by the
 * blurs, looks like half a blob. On the processed digital exams in ../shared/data/mammograms such
 * edge blobs were the top finding of 9 of 12 views (their study ranks 0.77-0.93); on the MIAS
 * films, whose breasts rarely reach the image edge, dropping them changed no figure beyond the
 * noise (cross-validated image AUC 0.658 -> 0.656, sensitivity at 1 false region 0.403 -> 0.419).
 */
function awayFromImageEdge(m: Mask, r: number): Mask {
  const { width: w, height: h } = m;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (x < r || y < r || x >= w - r || y >= h - r) m.data[y * w + x] = 0;
    }
  }
  return m;
}
