import { flipRasterHorizontal, maskedQuantiles, type Raster } from './raster';
import { otsuThreshold } from './threshold';

export type Side = 'left' | 'right';

export interface Orientation {
  /** The raster with the chest wall on the left edge (the analysis's canonical orientation). */
  raster: Raster;
  /** True when `raster` is the mirror image of the display image. */
  flipped: boolean;
  /** Side of the display image the chest wall is on. */
  chestWallSide: Side;
  /** Side the DICOM header implies. */
  headerSide: Side;
  /** Whether the pixels overruled the header. */
  pixelsOverruledHeader: boolean;
}

/**
 * In the DICOM default presentation a right breast has its chest wall on the right edge and a left
 * breast on the left (Patient Orientation P\L and A\R); FieldOfViewHorizontalFlip mirrors that.
 * Many exported images are already mirrored, so the pixels decide when they are clear: the breast
 * is tallest at the chest wall (chestWallSideFromPixels).
 */
export function orientChestWallLeft(r: Raster, laterality: 'L' | 'R', horizontalFlip: boolean): Orientation {
  let headerSide: Side = laterality === 'R' ? 'right' : 'left';
  if (horizontalFlip) headerSide = headerSide === 'right' ? 'left' : 'right';
  const pixelSide = chestWallSideFromPixels(r);
  const chestWallSide = pixelSide ?? headerSide;
  const flipped = chestWallSide === 'right';
  return {
    raster: flipped ? flipRasterHorizontal(r) : r,
    flipped,
    chestWallSide,
    headerSide,
    pixelsOverruledHeader: pixelSide !== null && pixelSide !== headerSide,
  };
}

/** Columns shorter than this share of the tallest tissue column are labels, markers or noise. */
const MIN_COLUMN_SHARE = 0.15;
/** Share of the tissue's width compared at each end. */
const END_BAND = 0.25;

/**
 * The chest wall is where the tissue is tallest: an MLO or CC breast is cut by the film (or
 * detector) edge at its full height there and narrows towards the nipple. Scanned films are padded
 * with black on both sides and carry bright labels, so neither the image's outer quarters nor raw
 * brightness will do (a label, or a padding slightly lighter on one side, decided those): the
 * tissue is thresholded (halfway from the background to Otsu's cut), the columns it fills are
 * counted, and the tissue's own two ends are compared. Null when they are too close to tell.
 */
export function chestWallSideFromPixels(r: Raster): Side | null {
  const { width: w, height: h, data } = r;
  const [lo, bg, hi] = maskedQuantiles(r, null, [0.001, 0.02, 0.999]);
  const otsu = otsuThreshold(r, lo, hi);
  const cut = bg + 0.5 * (otsu - bg);
  if (!(otsu > bg)) return null;
  const counts = new Float64Array(w);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) if (data[row + x] > cut) counts[x]++;
  }
  let tallest = 0;
  for (let x = 0; x < w; x++) tallest = Math.max(tallest, counts[x]);
  if (!(tallest > 0)) return null;
  let x0 = -1;
  let x1 = -1;
  for (let x = 0; x < w; x++) {
    if (counts[x] < MIN_COLUMN_SHARE * tallest) continue;
    if (x0 < 0) x0 = x;
    x1 = x;
  }
  const band = Math.max(1, Math.floor((x1 - x0 + 1) * END_BAND));
  let left = 0;
  let right = 0;
  for (let k = 0; k < band; k++) {
    left += counts[x0 + k];
    right += counts[x1 - k];
  }
  const total = left + right;
  if (!(total > 0)) return null;
  const share = left / total;
  if (share > 0.6) return 'left';
  if (share < 0.4) return 'right';
  return null;
}
