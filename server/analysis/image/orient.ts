import { flipRasterHorizontal, maskedQuantiles, type Raster } from './raster';

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
 * fills the chest-wall side, the other side is mostly background.
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

/** The brighter outer quarter is the chest wall; null when the two are too close to tell. */
export function chestWallSideFromPixels(r: Raster): Side | null {
  const [bg] = maskedQuantiles(r, null, [0.02]);
  const { width: w, height: h, data } = r;
  const band = Math.max(1, Math.floor(w / 4));
  let left = 0;
  let right = 0;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < band; x++) {
      left += Math.max(0, data[row + x] - bg);
      right += Math.max(0, data[row + w - 1 - x] - bg);
    }
  }
  const total = left + right;
  if (!(total > 0)) return null;
  const share = left / total;
  if (share > 0.6) return 'left';
  if (share < 0.4) return 'right';
  return null;
}
