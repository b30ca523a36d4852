import { gaussianBlur, gradients } from './filters';
import { cloneMask, createMask, maskedQuantiles, type Mask, type Raster } from './raster';

export interface PectoralLine {
  /** Normal angle of the edge line x cos(phi) + y sin(phi) = rho, radians. */
  phi: number;
  rho: number;
  /** Breast pixels removed as muscle. */
  area: number;
}

export interface PectoralResult {
  /** The breast without the muscle (the input mask when no muscle was found). */
  mask: Mask;
  line: PectoralLine | null;
  /** Why no muscle was removed, when none was. */
  reason?: string;
}

const PHI_MIN_DEG = 5;
const PHI_MAX_DEG = 65;
const ANGLE_TOLERANCE = Math.cos((20 * Math.PI) / 180);

/**
 * The pectoral muscle of an MLO view (chest wall on the left) is a bright wedge in the upper-left
 * corner bounded by a nearly straight edge. A Hough transform over edge pixels whose gradient
 * points up-left (brighter muscle above-left of the edge) finds that edge; the wedge is kept as
 * muscle only if it is brighter than the tissue just beyond it and of a plausible size.
 */
export function removePectoral(r: Raster, breast: Mask, spacingMm: number): PectoralResult {
  const { width: w, height: h } = r;
  let maxX = 0;
  let breastArea = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (breast.data[y * w + x]) {
        breastArea++;
        if (x > maxX) maxX = x;
      }
    }
  }
  if (breastArea === 0) return { mask: breast, line: null, reason: 'no breast' };
  if (!breast.data[0]) return { mask: breast, line: null, reason: 'breast does not reach the upper chest-wall corner' };

  const smooth = gaussianBlur(r, Math.max(1, 1.5 / spacingMm));
  const { gx, gy } = gradients(smooth);
  const searchW = Math.max(2, Math.round(maxX * 0.8));
  const searchH = Math.round(h * 0.8);
  const mags = new Float32Array(w * h);
  for (let y = 0; y < searchH; y++) {
    for (let x = 0; x < searchW; x++) {
      const i = y * w + x;
      if (breast.data[i] && gx[i] < 0 && gy[i] < 0) mags[i] = Math.hypot(gx[i], gy[i]);
    }
  }
  const edges = createMask(w, h);
  for (let i = 0; i < mags.length; i++) edges.data[i] = mags[i] > 0 ? 1 : 0;
  // Only the strongest edges vote: the muscle boundary is the sharpest edge in that corner.
  const [strong] = maskedQuantiles({ width: w, height: h, data: mags }, edges, [0.9]);
  if (!(strong > 0)) return { mask: breast, line: null, reason: 'no edge found' };

  const nPhi = PHI_MAX_DEG - PHI_MIN_DEG + 1;
  const maxRho = Math.ceil(Math.hypot(searchW, searchH));
  const acc = new Float64Array(nPhi * (maxRho + 1));
  const cosT = new Float64Array(nPhi);
  const sinT = new Float64Array(nPhi);
  for (let k = 0; k < nPhi; k++) {
    const phi = ((PHI_MIN_DEG + k) * Math.PI) / 180;
    cosT[k] = Math.cos(phi);
    sinT[k] = Math.sin(phi);
  }
  for (let y = 0; y < searchH; y++) {
    for (let x = 0; x < searchW; x++) {
      const i = y * w + x;
      const m = mags[i];
      if (m < strong) continue;
      const ux = -gx[i] / m;
      const uy = -gy[i] / m;
      for (let k = 0; k < nPhi; k++) {
        if (ux * cosT[k] + uy * sinT[k] < ANGLE_TOLERANCE) continue;
        const rho = Math.round(x * cosT[k] + y * sinT[k]);
        acc[k * (maxRho + 1) + rho] += m;
      }
    }
  }
  const minRho = Math.round(5 / spacingMm);
  let best = -1;
  let bestVote = 0;
  for (let k = 0; k < nPhi; k++) {
    for (let rho = minRho; rho <= maxRho; rho++) {
      const v = acc[k * (maxRho + 1) + rho];
      if (v > bestVote) {
        bestVote = v;
        best = k * (maxRho + 1) + rho;
      }
    }
  }
  if (best < 0) return { mask: breast, line: null, reason: 'no edge found' };
  const k = Math.floor(best / (maxRho + 1));
  const rho = best % (maxRho + 1);
  const c = cosT[k];
  const s = sinT[k];

  // Check the wedge: plausible size and brighter than a band of tissue beyond the edge.
  const band = 8 / spacingMm;
  let inN = 0;
  let inSum = 0;
  let outN = 0;
  let outSum = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!breast.data[i]) continue;
      const d = x * c + y * s - rho;
      if (d < 0) {
        inN++;
        inSum += smooth.data[i];
      } else if (d < band) {
        outN++;
        outSum += smooth.data[i];
      }
    }
  }
  const share = inN / breastArea;
  if (share < 0.01 || share > 0.45 || outN === 0) {
    return { mask: breast, line: null, reason: 'edge found but the wedge has an implausible size' };
  }
  if (inSum / inN <= outSum / outN) {
    return { mask: breast, line: null, reason: 'edge found but the wedge is not brighter than the tissue beyond it' };
  }
  const mask = cloneMask(breast);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) if (x * c + y * s < rho) mask.data[y * w + x] = 0;
  }
  return { mask, line: { phi: ((PHI_MIN_DEG + k) * Math.PI) / 180, rho, area: inN } };
}
