import { erodeMask, dilateMask, fillHoles, largestComponent } from './components';
import { gaussianBlur } from './filters';
import { createMask, maskedQuantiles, type Mask, type Raster } from './raster';
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
}

/**
 * Background by Otsu, the breast as the largest connected component, holes filled. Labels and
 * markers are bright but disconnected from the breast, so taking the largest component drops
 * them; a light opening first breaks the thin bridges a marker can make with the skin line.
 */
export function segmentBreast(r: Raster): BreastSegmentation {
  const smooth = gaussianBlur(r, 1);
  const [lo, hi] = maskedQuantiles(smooth, null, [0.001, 0.999]);
  const otsu = otsuThreshold(smooth, lo, hi);
  const background = modeBelow(smooth, otsu, lo);
  const threshold = background + EDGE_FRACTION * (otsu - background);
  const raw = createMask(r.width, r.height);
  for (let i = 0; i < raw.data.length; i++) raw.data[i] = smooth.data[i] > threshold ? 1 : 0;
  const opened = dilateMask(erodeMask(raw, 1), 1);
  const { mask, others } = largestComponent(opened);
  const minObject = Math.max(4, Math.round(r.width * r.height * 1e-5));
  return {
    mask: fillHoles(mask),
    otsu,
    threshold,
    background,
    removedObjects: others.filter((c) => c.area >= minObject).map((c) => c.area),
  };
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
