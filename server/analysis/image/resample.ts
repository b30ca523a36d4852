import { createRaster, type Raster } from './raster';

/** Spacing the analysis works at: fine enough for calcifications, coarse enough to be fast. */
export const FINE_SPACING_MM = 0.2;
/** Segmentation, density and masses work at twice the fine spacing. */
export const COARSE_FACTOR = 2;

export interface Resampled {
  raster: Raster;
  /** [row, column] spacing of the result in mm. */
  spacingMm: [number, number];
  /** Integer box factors [rows, columns] applied. */
  factor: [number, number];
}

/**
 * Box-average by integer factors chosen so each output pixel is about `targetMm` wide. Averaging
 * (not sampling) is what a lower-resolution detector would see and suppresses quantum noise.
 */
export function downsampleToSpacing(
  pixels: Float32Array,
  width: number,
  height: number,
  spacingMm: [number, number],
  targetMm: number,
): Resampled {
  const fy = Math.max(1, Math.round(targetMm / spacingMm[0]));
  const fx = Math.max(1, Math.round(targetMm / spacingMm[1]));
  return { raster: boxDownsample(pixels, width, height, fy, fx), spacingMm: [spacingMm[0] * fy, spacingMm[1] * fx], factor: [fy, fx] };
}

/** Average over fy x fx blocks; a partial last block averages what it has. */
export function boxDownsample(pixels: Float32Array, width: number, height: number, fy: number, fx: number): Raster {
  const ow = Math.ceil(width / fx);
  const oh = Math.ceil(height / fy);
  const out = createRaster(ow, oh);
  if (fx === 1 && fy === 1) {
    out.data.set(pixels.subarray(0, width * height));
    return out;
  }
  const acc = new Float64Array(ow);
  const fullCols = Math.floor(width / fx);
  for (let oy = 0; oy < oh; oy++) {
    acc.fill(0);
    const y0 = oy * fy;
    const y1 = Math.min(height, y0 + fy);
    for (let y = y0; y < y1; y++) {
      let p = y * width;
      // Whole blocks, then the partial last one (sums in the same order as pixel by pixel).
      for (let ox = 0; ox < fullCols; ox++) {
        let s = 0;
        for (let t = 0; t < fx; t++) s += pixels[p++];
        acc[ox] += s;
      }
      if (fullCols < ow) {
        let s = 0;
        for (let x = fullCols * fx; x < width; x++) s += pixels[p++];
        acc[fullCols] += s;
      }
    }
    const rows = y1 - y0;
    const outRow = oy * ow;
    for (let ox = 0; ox < ow; ox++) {
      const cols = Math.min(width, (ox + 1) * fx) - ox * fx;
      out.data[outRow + ox] = acc[ox] / (rows * cols);
    }
  }
  return out;
}
