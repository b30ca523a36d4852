/**
 * What the dense-tissue model sees at each breast pixel of the analysis grid: how much brighter
 * the pixel is than the fat at its depth and than a two-dimensional fat surface, at three scales,
 * the differences between scales, and the depth itself (LIBRA, Keller et al. Med Phys 2012,
 * classifies on intensity and texture; pixel models trained on drawn masks add position; see
 * design/real-films.md).
 *
 * Two choices make it work on real films from anywhere:
 * - Sizes are fractions of the breast's own size (the square root of its area), never
 *   millimetres: uploads come with wrong or missing pixel spacing (films resized by annotators,
 *   PNGs wrapped without a header).
 * - The compressed breast thins toward the skin line, so the fat there is darker than the fat
 *   inside and a global threshold calls the thick centre of a fatty breast dense (Snoeren and
 *   Karssemeijer 2004). The fat level is estimated at each depth (distance to the skin line) as a
 *   low quantile, made non-decreasing inward, and subtracted. What is left is contrast above fat,
 *   expressed in the range of values the image uses (view.ts, valueRange), which keeps the
 *   difference between a breast whose tissue is barely brighter than its fat and one whose tissue
 *   is much brighter; normalising to the breast's own brightest tissue would erase it (it ranked
 *   the DDSM masks at Spearman 0.58 against 0.72).
 * - Thickness also changes toward the chest wall, which depth below the skin does not see: a fat
 *   surface traced by a grey-scale opening inside the breast gives a second contrast (with it the
 *   cross-validated Spearman on the DDSM masks rose from 0.79 to 0.81 and the MIAS F/G/D check
 *   from 0.74 to 0.75; traced on the fine scale it reached 0.84 and 0.77, but fatty phantoms and
 *   synthetic breasts then read as dense and stopped rising with their true fraction).
 * - The surface is traced on the depth-corrected image, not the raw one. On the raw image the
 *   thin periphery is darker than any fat inside, so the opening had to stay small (0.15 of the
 *   breast size) to fit inside the breast, and the blur that smooths it pulled the periphery's
 *   low values into the surface next to it: a ring along the skin line read dense, on fatty films
 *   most of all (MIAS F films: mean probability 0.39-0.42 at depths 0.4-1.0 of FULL_DEPTH against
 *   0.25 inside), and a square smaller than a large dense region found no fat inside it, so a
 *   dense breast read dense only at the region's edges. Once the periphery is lifted to the
 *   interior's level a larger square fits (0.25): with every pixel counted, MIAS F/G/D 0.744 ->
 *   0.787, left-right pairs 8.59 -> 7.07 points, synthetic MLO breasts of 5-60 % read 5-30 %
 *   instead of 5-18 %; with the interior mean of density.ts (shipped) 0.791 and 7.25.
 * - No texture feature. Local texture (the SD in a small window) measures how the image was made
 *   as much as the tissue: the digitiser's blur, the detector's noise, the sharpening of a
 *   processed digital image. The model had learned it on scanned films, where the breast interior
 *   sits within one SD of the training mean; on the full-field digital exams in
 *   ../shared/data/mammograms it sat 2-3 SDs above (9-12 along the skin line), so every one of them
 *   read grade c or d (percent 39-72). Without it the cross-validated Spearman on the DDSM masks
 *   went 0.807 -> 0.795 and MIAS F/G/D 0.752 -> 0.744 (within the spread of fold assignments),
 *   and those exams read 26-61 %, grades b to d, closer to how they look.
 */
import { chamferDistance } from './distance';
import { dilateGrey, erodeGrey, gaussianBlur } from './filters';
import { createMask, maskedQuantiles, type Mask, type Raster } from './raster';
import { kthSmallest } from './select';

/** Smoothing scales, as fractions of the breast size. */
const SCALES = [0.006, 0.02, 0.06] as const;
/** Depth at which the breast counts as full thickness, same units. */
const FULL_DEPTH = 0.15;
const DEPTH_BINS = 40;
/**
 * The fat level at each depth is this quantile of the intensities there. Chosen by
 * cross-validation on the DDSM tissue masks (0.05 ranked them at Spearman 0.70, 0.3 at 0.72).
 */
const FAT_QUANTILE = 0.3;
/**
 * Half-width of the square that traces the fat surface in two dimensions, as a fraction of the
 * breast size: larger than most dense structures, smaller than the breast. With the interior
 * mean of density.ts, cross-validated DDSM Spearman / MIAS F/G/D / left-right pairs: 0.18 ->
 * 0.808 / 0.774 / 7.73, 0.25 -> 0.799 / 0.791 / 7.25, 0.28 -> 0.787 / 0.785 / 7.46, 0.3 -> 0.779 /
 * 0.781 / 7.46; 0.25 is the middle of the plateau of the MIAS check (0.22-0.28), which no film of
 * it was fitted on.
 */
const SURFACE_SCALE = 0.25;

export const DENSITY_FEATURES = [
  'contrastFine',
  'contrastMid',
  'contrastCoarse',
  'fineMinusMid',
  'midMinusCoarse',
  'depth',
  'aboveSurfaceFine',
  'aboveSurfaceMid',
  'aboveSurfaceCoarse',
] as const;
export type DensityFeatureName = (typeof DENSITY_FEATURES)[number];

export interface DensityFeatureRows {
  /** Feature k of breast pixel j is values[j * DENSITY_FEATURES.length + k]. */
  values: Float32Array;
  /** Raster index of each breast pixel, in raster order. */
  index: Int32Array;
  /**
   * 1 for a pixel within MUSCLE_MARGIN of the pectoral muscle (tissue that is not breast): still
   * scored, but not counted in the breast's dense fraction (density.ts).
   */
  nearMuscle: Uint8Array;
}

/**
 * How far from the removed pectoral muscle, as a fraction of the breast size, a pixel must lie to
 * count toward the breast's dense fraction. Where the muscle's edge is found a little too far in
 * or out, the pixels along it are muscle read as dense tissue or dense tissue cut away with the
 * muscle, and the two MLO films of a woman disagree: on the MIAS films the film with more muscle
 * removed read the less dense (correlation -0.43 between the differences within the 80 pairs).
 * Cross-validated DDSM Spearman / error, MIAS F/G/D, left-right pairs with margins of 0 (every
 * interior pixel), 0.05, 0.10, 0.15, 0.20, 0.30: 0.799 / 9.17, 0.791, 7.25; 0.809 / 8.95, 0.794,
 * 6.89; 0.815 / 8.92, 0.794, 6.63; 0.815 / 9.15, 0.794, 6.27; 0.806 / 9.44, 0.790, 6.01; 0.793 /
 * 10.46, 0.778, 5.77. The pairs keep agreeing better as the margin widens, but past 0.10 the
 * ranking and the error against the drawn masks get worse: too much of the breast is left out.
 */
export const MUSCLE_MARGIN = 0.1;

/**
 * Feature rows for every pixel of `breast`. `tissue` is the segmented breast including any
 * pectoral muscle (the skin line is where tissue meets air, not where the muscle was cut away);
 * `contrastRange` is the range of values the image uses.
 */
export function densityFeatures(r: Raster, breast: Mask, tissue: Mask, contrastRange: number): DensityFeatureRows | null {
  let n = 0;
  for (let i = 0; i < breast.data.length; i++) n += breast.data[i];
  if (n < 16 || !(contrastRange > 0)) return null;
  const size = Math.sqrt(n);
  const dist = chamferDistance(tissue);
  const fullDepth = FULL_DEPTH * size;
  const depthBin = (i: number) => Math.min(DEPTH_BINS, Math.floor((dist[i] / fullDepth) * DEPTH_BINS));
  const flat = subtractFatLevel(gaussianBlur(r, SCALES[0] * size), breast, depthBin);
  const smooth = [flat, gaussianBlur(flat, SCALES[1] * size), gaussianBlur(flat, SCALES[2] * size)];
  const [fat] = maskedQuantiles(smooth[0], breast, [0.02]);
  // Traced on the mid scale: an opening is a minimum filter, and on the fine scale quantum noise
  // and film grain pull it below the fat (fatty phantoms then read as dense). Traced on the
  // depth-corrected image, so that the thin periphery does not pull it down (see the header).
  const surface = fatSurface(smooth[1], breast, Math.max(1, Math.round(SURFACE_SCALE * size)));

  const k = DENSITY_FEATURES.length;
  const values = new Float32Array(n * k);
  const index = new Int32Array(n);
  const nearMuscle = new Uint8Array(n);
  const muscleDist = distanceToMuscle(breast, tissue);
  const margin = MUSCLE_MARGIN * size;
  let j = 0;
  for (let i = 0; i < breast.data.length; i++) {
    if (!breast.data[i]) continue;
    const c0 = (smooth[0].data[i] - fat) / contrastRange;
    const c1 = (smooth[1].data[i] - fat) / contrastRange;
    const c2 = (smooth[2].data[i] - fat) / contrastRange;
    const o = j * k;
    values[o] = c0;
    values[o + 1] = c1;
    values[o + 2] = c2;
    values[o + 3] = c0 - c1;
    values[o + 4] = c1 - c2;
    values[o + 5] = Math.min(1, dist[i] / fullDepth);
    values[o + 6] = (smooth[0].data[i] - surface.data[i]) / contrastRange;
    values[o + 7] = (smooth[1].data[i] - surface.data[i]) / contrastRange;
    values[o + 8] = (smooth[2].data[i] - surface.data[i]) / contrastRange;
    if (muscleDist && muscleDist[i] < margin) nearMuscle[j] = 1;
    index[j++] = i;
  }
  return { values, index, nearMuscle };
}

/** Each pixel's distance to the nearest muscle pixel (tissue that is not breast); null when none was removed. */
function distanceToMuscle(breast: Mask, tissue: Mask): Float32Array | null {
  const notMuscle = createMask(breast.width, breast.height);
  let muscle = 0;
  for (let i = 0; i < breast.data.length; i++) {
    const m = tissue.data[i] && !breast.data[i] ? 1 : 0;
    notMuscle.data[i] = 1 - m;
    muscle += m;
  }
  return muscle > 0 ? chamferDistance(notMuscle) : null;
}

/**
 * The intensity minus the fat level at the pixel's depth, plus the fat level at full depth (so
 * the interior is unchanged). Outside the breast the raster is left as it is.
 */
function subtractFatLevel(r: Raster, breast: Mask, depthBin: (i: number) => number): Raster {
  // Group the breast's values by depth bin (counting sort), then take each bin's quantile.
  const bins = new Int32Array(r.data.length);
  const counts = new Int32Array(DEPTH_BINS + 2);
  for (let i = 0; i < r.data.length; i++) {
    if (!breast.data[i]) continue;
    bins[i] = depthBin(i);
    counts[bins[i] + 1]++;
  }
  for (let d = 1; d < counts.length; d++) counts[d] += counts[d - 1];
  const grouped = new Float32Array(counts[DEPTH_BINS + 1]);
  const next = counts.slice(0, DEPTH_BINS + 1);
  for (let i = 0; i < r.data.length; i++) if (breast.data[i]) grouped[next[bins[i]]++] = r.data[i];
  const level = new Float64Array(DEPTH_BINS + 1).fill(NaN);
  for (let d = 0; d <= DEPTH_BINS; d++) {
    const l = grouped.subarray(counts[d], counts[d + 1]);
    if (l.length >= 10) level[d] = kthSmallest(l, Math.floor(FAT_QUANTILE * (l.length - 1)));
  }
  // Bins too small to tell take their inner neighbour; then the level may only rise inward.
  let inner = NaN;
  for (let d = DEPTH_BINS; d >= 0; d--) {
    if (Number.isNaN(level[d])) level[d] = inner;
    else inner = level[d];
  }
  for (let d = 0; d <= DEPTH_BINS; d++) if (Number.isNaN(level[d])) level[d] = d > 0 ? level[d - 1] : 0;
  for (let d = 1; d <= DEPTH_BINS; d++) level[d] = Math.max(level[d], level[d - 1]);
  const top = level[DEPTH_BINS];
  const out: Raster = { width: r.width, height: r.height, data: r.data.slice() };
  for (let i = 0; i < r.data.length; i++) if (breast.data[i]) out.data[i] = r.data[i] - level[bins[i]] + top;
  return out;
}

/**
 * The fat level as a smooth surface in two dimensions: a grey-scale opening inside the breast
 * (what is left when every bright structure narrower than the square is shaved off), smoothed.
 * Traced on the depth-corrected image, it follows what the depth profile misses, the thickening
 * toward the chest wall. Where the square does not fit inside the breast (a narrow breast's
 * periphery) there is no surface to trace and the pixel's own value stands for it: the
 * depth-corrected features carry the periphery.
 */
function fatSurface(r: Raster, breast: Mask, radius: number): Raster {
  const outside = 1e30;
  const masked: Raster = { width: r.width, height: r.height, data: new Float32Array(r.data.length) };
  for (let i = 0; i < r.data.length; i++) masked.data[i] = breast.data[i] ? r.data[i] : outside;
  const eroded = erodeGrey(masked, radius);
  for (let i = 0; i < r.data.length; i++) if (!breast.data[i]) eroded.data[i] = -outside;
  const opened = dilateGrey(eroded, radius);
  for (let i = 0; i < r.data.length; i++) if (!breast.data[i] || opened.data[i] <= -outside) opened.data[i] = r.data[i];
  return gaussianBlur(opened, radius / 2);
}
