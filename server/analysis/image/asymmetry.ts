import { asymmetrySuspicion } from './suspicion-models';
import type { ViewAnalysis } from './view';

export interface AsymmetryFinding {
  /** The view whose breast has the extra dense tissue. */
  key: ViewAnalysis['key'];
  /** Box in that view's coarse canonical pixels. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Largest local difference in dense-tissue share between the breasts (0-1). */
  localDifference: number;
  /** Difference in percent density between the breasts, in points. */
  pdDifference: number;
  score: number;
}

const GRID_COLS = 12;
const GRID_ROWS = 16;

/**
 * Left-right asymmetry for one view position: both breasts, in canonical orientation (chest wall
 * left, same up-down anatomy), are mapped to a grid normalised to each breast's extent (chest wall
 * to nipple, top to bottom of the breast) and their dense-tissue shares compared cell by cell.
 */
export function findAsymmetry(a: ViewAnalysis, b: ViewAnalysis): AsymmetryFinding | null {
  const ga = denseGrid(a);
  const gb = denseGrid(b);
  if (!ga || !gb || !a.density || !b.density) return null;
  let best = 0;
  let bestCell = -1;
  for (let r = 0; r < GRID_ROWS; r++) {
    for (let c = 0; c < GRID_COLS; c++) {
      const d = smoothedDiff(ga.share, gb.share, r, c);
      if (d !== null && Math.abs(d) > Math.abs(best)) {
        best = d;
        bestCell = r * GRID_COLS + c;
      }
    }
  }
  if (bestCell < 0) return null;
  const owner = best >= 0 ? ga : gb;
  const ownerView = best >= 0 ? a : b;
  const row = Math.floor(bestCell / GRID_COLS);
  const col = bestCell % GRID_COLS;
  const pdDifference = Math.abs(a.density.percentDensity - b.density.percentDensity);
  const localDifference = Math.abs(best);
  return {
    key: ownerView.key,
    minX: owner.x0 + Math.max(0, col - 1) * owner.cw,
    maxX: owner.x0 + Math.min(GRID_COLS, col + 2) * owner.cw,
    minY: owner.y0 + Math.max(0, row - 1) * owner.ch,
    maxY: owner.y0 + Math.min(GRID_ROWS, row + 2) * owner.ch,
    localDifference,
    pdDifference,
    score: asymmetrySuspicion({ localDifference, pdDifference }),
  };
}

interface Grid {
  share: Float64Array;
  x0: number;
  y0: number;
  cw: number;
  ch: number;
}

function denseGrid(v: ViewAnalysis): Grid | null {
  if (!v.density || !v.nipple) return null;
  const { width: w, height: h } = v.breast;
  let y0 = h;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (v.breast.data[y * w + x]) {
        if (y < y0) y0 = y;
        y1 = y;
        break;
      }
    }
  }
  const x0 = 0;
  const x1 = v.nipple.x + 1;
  if (y1 < y0 || x1 <= x0) return null;
  const cw = (x1 - x0) / GRID_COLS;
  const ch = (y1 + 1 - y0) / GRID_ROWS;
  const dense = new Float64Array(GRID_COLS * GRID_ROWS);
  const count = new Float64Array(GRID_COLS * GRID_ROWS);
  const cells = new Float64Array(GRID_COLS * GRID_ROWS);
  for (let y = y0; y <= y1; y++) {
    const r = Math.min(GRID_ROWS - 1, Math.floor((y - y0) / ch));
    for (let x = x0; x < x1; x++) {
      const c = Math.min(GRID_COLS - 1, Math.floor((x - x0) / cw));
      const k = r * GRID_COLS + c;
      cells[k]++;
      const i = y * w + x;
      if (!v.breast.data[i]) continue;
      count[k]++;
      dense[k] += v.density.membership[i];
    }
  }
  const share = new Float64Array(GRID_COLS * GRID_ROWS).fill(NaN);
  for (let k = 0; k < share.length; k++) if (count[k] >= 0.5 * cells[k] && count[k] > 0) share[k] = dense[k] / count[k];
  return { share, x0, y0, cw, ch };
}

/** Mean difference over the 3x3 cells around (r, c) where both breasts have tissue. */
function smoothedDiff(a: Float64Array, b: Float64Array, r: number, c: number): number | null {
  let s = 0;
  let n = 0;
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const rr = r + dr;
      const cc = c + dc;
      if (rr < 0 || cc < 0 || rr >= GRID_ROWS || cc >= GRID_COLS) continue;
      const k = rr * GRID_COLS + cc;
      if (Number.isNaN(a[k]) || Number.isNaN(b[k])) continue;
      s += a[k] - b[k];
      n++;
    }
  }
  return n >= 5 ? s / n : null;
}
