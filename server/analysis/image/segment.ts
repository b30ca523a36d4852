import { erodeMask, dilateMask, fillHoles, largestComponent } from './components';
import { gaussianBlur } from './filters';
import { cloneMask, createMask, maskedQuantiles, type Mask, type Raster } from './raster';
import { otsuThreshold } from './threshold';

/**
 * Where between the background peak and Otsu's cut the breast edge is taken. Otsu alone cuts into
 * the fatty periphery when a bright pectoral muscle or dense tissue raises it (seen on the real
 * MLO views); a quarter of the way keeps the skin line and stays clear of background noise.
 */
const EDGE_FRACTION = 0.25;

export interface BreastSegmentation {
  mask: Mask;
  /** Otsu's cut between background and tissue. */
  otsu: number;
  /** The lower cut actually used, so the thin skin-line tissue stays inside. */
  threshold: number;
  /** Background level (histogram mode below the Otsu cut). */
  background: number;
  /** Disconnected bright objects dropped (labels, markers, text), as pixel counts. */
  removedObjects: number[];
  /**
   * First row below a bright film-edge strip cut off the top of the tissue (0 when none): the
   * imaged area starts there, so the pectoral search treats it as the top of the image.
   */
  topRow: number;
  /** Rows cut off as film-edge strips along the top and bottom borders. */
  stripRows: number;
}

/**
 * Background by Otsu, the breast as the largest connected component, holes filled. Labels and
 * markers are bright but disconnected from the breast, so taking the largest component drops
 * them; a light opening first breaks the thin bridges a marker can make with the skin line, and
 * film-edge strips along the top and bottom borders are cut off (they would otherwise join the
 * breast, and labels lying on them). `spacingMm` is the raster's pixel size.
 */
export function segmentBreast(r: Raster, spacingMm = 0.4): BreastSegmentation {
  const smooth = gaussianBlur(r, 1);
  const [lo, hi] = maskedQuantiles(smooth, null, [0.001, 0.999]);
  const otsu = otsuThreshold(smooth, lo, hi);
  const background = modeBelow(smooth, otsu, lo);
  const threshold = background + EDGE_FRACTION * (otsu - background);
  const raw = createMask(r.width, r.height);
  for (let i = 0; i < raw.data.length; i++) raw.data[i] = smooth.data[i] > threshold ? 1 : 0;
  const opened = dilateMask(erodeMask(raw, 1), 1);
  const first = largestComponent(opened);
  // A bright strip along the top or bottom film edge joins the breast and any label touching it;
  // cut it off, then keep the largest piece again.
  const strips = cutBorderStrips(first.mask, spacingMm);
  const { mask, others } = strips.rows > 0 ? largestComponent(strips.mask) : first;
  const dropped = strips.rows > 0 ? [...first.others, ...others] : others;
  const minObject = Math.max(4, Math.round(r.width * r.height * 1e-5));
  return {
    mask: fillHoles(mask),
    otsu,
    threshold,
    background,
    removedObjects: dropped.filter((c) => c.area >= minObject).map((c) => c.area),
    topRow: strips.topRow,
    stripRows: strips.rows,
  };
}

/** Width change between consecutive rows that no skin line makes: a strip's end, in mm. */
const STRIP_STEP_MM = 8;
/** Strips are narrow bands at the film edge, not a fifth of the image. */
const STRIP_MAX_SHARE = 0.15;

/**
 * Scanned films carry bright strips along their top or bottom edge (the film's border, exposed
 * outside the breast). Touching the image border, they run much further from the chest wall than
 * the breast just beside them, and end in an abrupt narrowing no skin line makes. Those rows are
 * removed whole: under the strip nothing is breast that can be trusted.
 */
function cutBorderStrips(m: Mask, spacingMm: number): { mask: Mask; topRow: number; rows: number } {
  const { width: w, height: h } = m;
  const right = new Int32Array(h).fill(-1);
  for (let y = 0; y < h; y++) {
    for (let x = w - 1; x >= 0; x--) {
      if (m.data[y * w + x]) {
        right[y] = x;
        break;
      }
    }
  }
  const jump = Math.max(3, Math.round(STRIP_STEP_MM / spacingMm));
  const maxRows = Math.round(STRIP_MAX_SHARE * h);
  // Last strip row counting from the border at `start` inward by `dir`; -1 when there is none.
  const stripEnd = (start: number, dir: 1 | -1): number => {
    if (right[start] < 0) return -1;
    let end = -1;
    for (let n = 0; n < maxRows; n++) {
      const y = start + dir * n;
      const next = y + dir;
      if (next < 0 || next >= h) break;
      if (right[y] >= 0 && right[next] >= 0 && right[y] - right[next] >= jump) {
        // Most rows between the border and here must be that wide too, like a band.
        let wide = 0;
        for (let k = 0; k <= n; k++) if (right[start + dir * k] >= right[next] + jump) wide++;
        if (wide >= 0.8 * (n + 1)) end = y;
      }
    }
    return end;
  };
  const topEnd = stripEnd(0, 1);
  const bottomEnd = stripEnd(h - 1, -1);
  if (topEnd < 0 && bottomEnd < 0) return { mask: m, topRow: 0, rows: 0 };
  const out = cloneMask(m);
  let rows = 0;
  if (topEnd >= 0) {
    out.data.fill(0, 0, (topEnd + 1) * w);
    rows += topEnd + 1;
  }
  if (bottomEnd >= 0) {
    out.data.fill(0, bottomEnd * w, h * w);
    rows += h - bottomEnd;
  }
  return { mask: out, topRow: topEnd + 1, rows };
}

/**
 * The background is flat, so it is the sharpest peak below Otsu's cut; a median would be pulled
 * up by fatty tissue when a bright pectoral muscle raises the cut.
 */
function modeBelow(r: Raster, cut: number, lo: number, bins = 256): number {
  if (!(cut > lo)) return lo;
  const hist = new Float64Array(bins);
  const scale = (bins - 1) / (cut - lo);
  for (let i = 0; i < r.data.length; i++) {
    const v = r.data[i];
    if (v <= cut) hist[Math.max(0, Math.round((v - lo) * scale))]++;
  }
  let best = 0;
  for (let b = 1; b < bins; b++) if (hist[b] > hist[best]) best = b;
  return lo + best / scale;
}
