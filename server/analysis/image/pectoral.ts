import { erodeMask } from './components';
import { gaussianBlur, gradients } from './filters';
import { cloneMask, createMask, maskedQuantiles, type Mask, type Raster } from './raster';

export interface PectoralLine {
  /**
   * The straight approximation of the muscle edge, x cos(phi) + y sin(phi) = rho in coarse
   * canonical pixels (phi the normal's angle, radians); the removed region follows the traced,
   * possibly curved, edge near it.
   */
  phi: number;
  rho: number;
  /** Where the chest-wall edge of the tissue meets its top: the muscle's corner. */
  corner: { x: number; y: number };
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

export interface PectoralOptions {
  /**
   * First row of the imaged area (below a film-edge strip removed by the segmentation): the
   * breast of an MLO view is cut by the top of the image there, which is where the muscle starts.
   */
  topRow?: number;
}

const PHI_MIN_DEG = 2;
const PHI_MAX_DEG = 75;
const ANGLE_TOLERANCE = Math.cos((20 * Math.PI) / 180);
/** Largest share of the tissue the muscle may take (large muscles on MLO views reach about half). */
const MAX_SHARE = 0.6;
const MIN_SHARE = 0.005;
/**
 * A wedge beyond this share of the tissue needs a clear edge: on dense breasts a bright band of
 * glandular tissue gives Hough lines whose wedges take half the breast (MIAS mdb061, mdb062,
 * mdb137, mdb138), while the real muscles on the labelled films stay under about 0.4.
 */
const WEAK_MAX_SHARE = 0.4;
/**
 * The clear edge: the band just inside the wedge brighter than the band just beyond by this share
 * of the breast's own contrast (its 10th to 90th percentile). Large labelled DDSM muscles measure
 * 0.2-0.36; the false half-breast wedges 0.02-0.12.
 */
const STRONG_EDGE_CONTRAST = 0.2;
/**
 * Hough peaks past the first few are texture more often than muscle (on the labelled DDSM films the
 * muscle is always the strongest line): taken only with a clear edge.
 */
const STRONG_PEAKS = 3;
/** Hough peaks tried, best first: the strongest line is sometimes a dense-tissue edge. */
const CANDIDATES = 12;

/**
 * The pectoral muscle of an MLO view (chest wall on the left) is a bright wedge in the upper corner
 * where the tissue meets the chest wall, bounded by a nearly straight, slightly curved edge
 * (Karssemeijer 1998). The corner is found on the tissue itself, not at the image corner, because
 * scanned films are padded with black. A Hough transform over edge pixels whose gradient points
 * up-left (brighter muscle above-left) proposes straight edges; the first candidate whose wedge
 * has a plausible size and is brighter than the tissue beyond it is taken (a wedge of over 40 % of
 * the tissue, or a weaker Hough peak, only with a clear edge), and the edge is then
 * traced row by row near that line (dynamic programming) so a curved edge is followed.
 */
export function removePectoral(r: Raster, breast: Mask, spacingMm: number, opts: PectoralOptions = {}): PectoralResult {
  const { width: w, height: h } = r;
  const topRow = opts.topRow ?? 0;
  // Leftmost tissue column per row: the chest-wall edge.
  const left = new Int32Array(h).fill(-1);
  const right = new Int32Array(h).fill(-1);
  let breastArea = 0;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      if (!breast.data[row + x]) continue;
      breastArea++;
      if (left[y] < 0) left[y] = x;
      right[y] = x;
    }
  }
  if (breastArea === 0) return { mask: breast, line: null, reason: 'no breast' };
  const rows: number[] = [];
  for (let y = 0; y < h; y++) if (left[y] >= 0) rows.push(left[y]);
  rows.sort((a, b) => a - b);
  // The chest wall is a vertical edge (the image or film edge): most rows start at it.
  const x0 = rows[Math.floor(rows.length * 0.1)];
  const tol = Math.max(2, Math.round(2 / spacingMm));
  let y0 = -1;
  for (let y = 0; y < h; y++) {
    if (left[y] >= 0 && left[y] <= x0 + tol) {
      y0 = y;
      break;
    }
  }
  // An MLO breast is cut by the top of the image at the chest wall; a rounded top (a CC view, or
  // an MLO view without the axilla) has no muscle corner.
  const maxTop = topRow + Math.max(2, Math.round(0.02 * h));
  if (y0 < 0 || y0 > maxTop) return { mask: breast, line: null, reason: 'the tissue does not reach the top of the image at the chest wall' };

  const sigma = Math.max(1, 1.5 / spacingMm);
  const smooth = gaussianBlur(r, sigma);
  const { gx, gy } = gradients(smooth);
  // The skin line also has up-left gradients; only edges well inside the tissue vote.
  const inner = erodeMask(breast, Math.max(1, Math.round(3 / spacingMm)));
  const tissueRight = Math.max(...right.slice(y0, Math.min(h, y0 + Math.round(h * 0.5))));
  const searchW = Math.max(2, Math.round((tissueRight - x0) * 0.9));
  const searchH = Math.round((h - y0) * 0.9);
  // The skin line's fall-off is wide (the compressed breast thins over a centimetre or two) and its
  // gradient points up-left along the lower-right border: keep clear of it along rows and columns.
  const skin = Math.round(10 / spacingMm);
  const bottom = new Int32Array(w).fill(-1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) if (breast.data[row + x]) bottom[x] = y;
  }
  const mags = new Float32Array(w * h);
  const edges = createMask(w, h);
  for (let y = y0; y < y0 + searchH; y++) {
    for (let x = x0; x < Math.min(w, x0 + searchW); x++) {
      const i = y * w + x;
      if (x > right[y] - skin || y > bottom[x] - skin) continue;
      if (inner.data[i] && gx[i] < 0 && gy[i] < 0) {
        mags[i] = Math.hypot(gx[i], gy[i]);
        edges.data[i] = 1;
      }
    }
  }
  // Only the strongest edges vote: the muscle boundary is among the sharpest edges in that corner.
  const [strong] = maskedQuantiles({ width: w, height: h, data: mags }, edges, [0.85]);
  if (!(strong > 0)) return { mask: breast, line: null, reason: 'no edge found' };

  const nPhi = PHI_MAX_DEG - PHI_MIN_DEG + 1;
  const maxRho = Math.ceil(Math.hypot(searchW, searchH));
  const stride = maxRho + 1;
  const acc = new Float64Array(nPhi * stride);
  const cosT = new Float64Array(nPhi);
  const sinT = new Float64Array(nPhi);
  for (let k = 0; k < nPhi; k++) {
    const phi = ((PHI_MIN_DEG + k) * Math.PI) / 180;
    cosT[k] = Math.cos(phi);
    sinT[k] = Math.sin(phi);
  }
  for (let y = y0; y < y0 + searchH; y++) {
    for (let x = x0; x < Math.min(w, x0 + searchW); x++) {
      const i = y * w + x;
      const m = mags[i];
      if (m < strong) continue;
      const ux = -gx[i] / m;
      const uy = -gy[i] / m;
      const dx = x - x0;
      const dy = y - y0;
      for (let k = 0; k < nPhi; k++) {
        if (ux * cosT[k] + uy * sinT[k] < ANGLE_TOLERANCE) continue;
        acc[k * stride + Math.round(dx * cosT[k] + dy * sinT[k])] += m;
      }
    }
  }
  // Lines whose wedge would take an implausible share of the tissue are not candidates at all
  // (otherwise the long skin line and dense-tissue borders crowd out the muscle edge): per angle,
  // the range of rho whose wedge holds between MIN_SHARE and MAX_SHARE of the tissue.
  const rhoLo = new Int32Array(nPhi);
  const rhoHi = new Int32Array(nPhi);
  const hist = new Float64Array(stride);
  const step = w * h > 40000 ? 2 : 1;
  // The sampled tissue pixels' offsets from the corner, gathered once for all the angles.
  const offX: number[] = [];
  const offY: number[] = [];
  for (let y = y0; y < h; y += step) {
    for (let x = x0; x < w; x += step) {
      if (!breast.data[y * w + x]) continue;
      offX.push(x - x0);
      offY.push(y - y0);
    }
  }
  const total = offX.length;
  for (let k = 0; k < nPhi; k++) {
    hist.fill(0);
    const c = cosT[k];
    const s = sinT[k];
    for (let j = 0; j < total; j++) {
      const d = Math.ceil(offX[j] * c + offY[j] * s);
      if (d < stride) hist[d]++;
    }
    let cum = 0;
    rhoLo[k] = stride;
    rhoHi[k] = -1;
    for (let rho = 0; rho < stride; rho++) {
      const share = cum / total;
      if (share >= MIN_SHARE && rhoLo[k] === stride) rhoLo[k] = rho;
      if (share <= MAX_SHARE) rhoHi[k] = rho;
      cum += hist[rho];
    }
    rhoLo[k] = Math.max(rhoLo[k], Math.round(4 / spacingMm));
  }
  const peaks = houghPeaks(acc, nPhi, stride, rhoLo, rhoHi, CANDIDATES, Math.max(2, Math.round(3 / spacingMm)));
  if (peaks.length === 0) return { mask: breast, line: null, reason: 'no edge found' };

  // The muscle is brighter than the tissue just beyond its edge; a narrow band on each side keeps
  // dense tissue further along (which can be brighter than the muscle) out of the comparison.
  const band = 4 / spacingMm;
  const [p10, p90] = maskedQuantiles(smooth, breast, [0.1, 0.9]);
  const contrast = Math.max(1e-6, p90 - p10);
  let reason = 'edge found but the wedge has an implausible size';
  for (const [rank, p] of peaks.entries()) {
    const k = Math.floor(p / stride);
    const rho = p % stride;
    const c = cosT[k];
    const s = sinT[k];
    let inN = 0;
    let nearN = 0;
    let nearSum = 0;
    let outN = 0;
    let outSum = 0;
    for (let y = y0; y < h; y++) {
      for (let x = x0; x < w; x++) {
        const i = y * w + x;
        if (!breast.data[i]) continue;
        const d = (x - x0) * c + (y - y0) * s - rho;
        if (d < 0) {
          inN++;
          if (d > -band) {
            nearN++;
            nearSum += smooth.data[i];
          }
        } else if (d < band) {
          outN++;
          outSum += smooth.data[i];
        }
      }
    }
    const share = inN / breastArea;
    if (share < MIN_SHARE || share > MAX_SHARE || outN === 0) continue;
    if (nearN === 0 || nearSum / nearN <= outSum / outN) {
      reason = 'edge found but the wedge is not brighter than the tissue beyond it';
      continue;
    }
    const strong = (nearSum / nearN - outSum / outN) / contrast >= STRONG_EDGE_CONTRAST;
    if ((share > WEAK_MAX_SHARE || rank >= STRONG_PEAKS) && !strong) {
      reason = share > WEAK_MAX_SHARE ? 'edge found but too weak for a wedge that large' : 'only faint lines with weak edges found';
      continue;
    }
    const edge = traceEdge(gx, gy, breast, w, h, x0, y0, c, s, rho, spacingMm);
    const mask = cloneMask(breast);
    let area = 0;
    for (let j = 0; j < edge.length; j++) {
      const row = (y0 + j) * w;
      for (let x = x0; x < Math.min(w, edge[j]); x++) {
        if (mask.data[row + x]) {
          mask.data[row + x] = 0;
          area++;
        }
      }
    }
    if (area / breastArea > (strong ? MAX_SHARE : WEAK_MAX_SHARE) || area === 0) continue;
    const phi = ((PHI_MIN_DEG + k) * Math.PI) / 180;
    return { mask, line: { phi, rho: rho + x0 * c + y0 * s, corner: { x: x0, y: y0 }, area } };
  }
  return { mask: breast, line: null, reason };
}

/** The strongest accumulator cells within each angle's rho range, each suppressing its neighbours within `sep` rho and 3 degrees. */
function houghPeaks(
  acc: Float64Array,
  nPhi: number,
  stride: number,
  rhoLo: Int32Array,
  rhoHi: Int32Array,
  n: number,
  sep: number,
): number[] {
  const work = acc.slice();
  const peaks: number[] = [];
  for (let p = 0; p < n; p++) {
    let best = -1;
    let bestVote = 0;
    for (let k = 0; k < nPhi; k++) {
      for (let rho = rhoLo[k]; rho <= rhoHi[k]; rho++) {
        const v = work[k * stride + rho];
        if (v > bestVote) {
          bestVote = v;
          best = k * stride + rho;
        }
      }
    }
    if (best < 0) break;
    peaks.push(best);
    const bk = Math.floor(best / stride);
    const br = best % stride;
    for (let k = Math.max(0, bk - 3); k <= Math.min(nPhi - 1, bk + 3); k++) {
      for (let rho = Math.max(0, br - sep); rho <= Math.min(stride - 1, br + sep); rho++) work[k * stride + rho] = 0;
    }
  }
  return peaks;
}

/**
 * The muscle edge row by row: within a few millimetres of the Hough line, the path of strongest
 * brightness drop across the line's normal, moving at most one pixel per row (Viterbi), so a
 * curved edge is followed without jumping to nearby texture. Returns, for each row from y0, the
 * first column that is not muscle.
 */
function traceEdge(
  gx: Float32Array,
  gy: Float32Array,
  breast: Mask,
  w: number,
  h: number,
  x0: number,
  y0: number,
  c: number,
  s: number,
  rho: number,
  spacingMm: number,
): Int32Array {
  // Rows the straight wedge covers, extended a little below where the line meets the chest wall
  // (a convex edge reaches further down).
  const delta = Math.max(2, Math.round(5 / spacingMm));
  const lineRows = s > 1e-6 ? Math.ceil(rho / s) : h - y0;
  const nRows = Math.min(h - y0, lineRows + Math.min(2 * delta, Math.round(delta / Math.max(s, 0.1))));
  const nOff = 2 * delta + 1;
  const score = new Float64Array(nRows * nOff);
  const from = new Int8Array(nRows * nOff);
  const lineX = (j: number) => x0 + (rho - j * s) / c;
  const strength = (j: number, x: number) => {
    if (x <= x0 || x >= w) return 0;
    const i = (y0 + j) * w + x;
    if (!breast.data[i]) return 0;
    return Math.max(0, -(gx[i] * c + gy[i] * s));
  };
  for (let j = 0; j < nRows; j++) {
    const lx = Math.round(lineX(j));
    for (let o = 0; o < nOff; o++) {
      const e = strength(j, lx + o - delta);
      if (j === 0) {
        score[o] = e;
        continue;
      }
      // The line itself shifts by about 1/tan(phi) columns per row; offsets are relative to it.
      let best = -1;
      let arg = 0;
      for (let d = -1; d <= 1; d++) {
        const q = o + d;
        if (q < 0 || q >= nOff) continue;
        const v = score[(j - 1) * nOff + q];
        if (v > best) {
          best = v;
          arg = d;
        }
      }
      score[j * nOff + o] = best + e;
      from[j * nOff + o] = arg;
    }
  }
  // Most rows start the path on the line, so the last row's best is the traced edge.
  let o = 0;
  for (let q = 1; q < nOff; q++) if (score[(nRows - 1) * nOff + q] > score[(nRows - 1) * nOff + o]) o = q;
  const edge = new Int32Array(nRows);
  for (let j = nRows - 1; j >= 0; j--) {
    edge[j] = Math.max(x0, Math.round(lineX(j)) + o - delta);
    o += from[j * nOff + o];
  }
  // The muscle narrows going down: a wider row below a narrower one is the path straying onto
  // dense-tissue edges. Past the straight line's end it keeps narrowing at the line's slope.
  const slope = s / Math.max(c, 1e-6);
  let cap = edge[0];
  for (let j = 0; j < nRows; j++) {
    if (j >= lineRows) cap -= slope;
    cap = Math.min(cap, edge[j]);
    edge[j] = Math.max(x0, Math.floor(cap));
  }
  return edge;
}
