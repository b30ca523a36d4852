/**
 * Percent density from a dense-tissue model learned on real films: each breast pixel's
 * probability of being fibroglandular tissue comes from a logistic model over the features of
 * density-features.ts, fitted to radiologists' hand-drawn tissue masks (DDSM; Tiryaki and
 * Kaplanoglu, IRBM 2022) by evaluation/train-density.ts. The breast's dense fraction is the mean
 * probability over its interior (interiorMeanProbability), mapped by the model's calibration (also
 * fitted there) onto the annotators' scale.
 * The coefficients are data (reference/density-model.json); their hash is in the engine version.
 *
 * Why a plane over the features and not a curved surface: a logistic model over the features,
 * their squares and pairwise products ranked the DDSM masks better under cross-validation
 * (Spearman 0.85-0.88 and error 7.8-8.2 points over three fold assignments, against 0.79-0.81
 * and 9.2-9.5) with the F/G/D check unchanged (0.75), but fatty phantoms then read 40 % and
 * denser phantoms and synthetic breasts read less dense than lighter ones; squares alone (0.84)
 * still turned down on the densest synthetic breast. A model that inverts the order of breasts
 * it was not fitted on would do the same on an unfamiliar scanner.
 *
 * Why the mean probability and not the share of pixels the model calls dense: counting pixels at
 * probability >= 0.5 agreed better on real films (cross-validated DDSM Spearman 0.809 against
 * 0.795, MIAS F/G/D 0.763 against 0.744, the two MLO films of a woman 6.6 points apart against 8.6,
 * 0.23 against 0.27 per point between the F and D medians; mean error 10.0 against 9.4), and
 * sharpened probabilities (odds squared) about half as much, but both turned the densest synthetic
 * MLO breasts the wrong way round (counting: 19.3 % at 30 % dense tissue, 12.8 % at 45 %;
 * sharpened: 17.8 % at 45 %, 17.4 % at 60 %). Those read low with the mean too (16.5 % and
 * 18.4 % at 45 and 60 %): in a large even dense region the fat surface landed inside the dense
 * tissue, so only its edges read dense. With the surface traced on the depth-corrected image
 * (density-features.ts) all three rise with the true fraction, and the gap closed: counting 0.817
 * / 0.792 / 5.2 points (mean error 11.2), sharpened 0.814 / 0.796 / 6.8 (9.5), the mean 0.799 /
 * 0.791 / 7.3 (9.2); per point between the F and D medians all three 0.19. The mean stays: it is
 * as good where the others are not squeezing the breasts together, with no added constant.
 */
import { createHash } from 'node:crypto';
import modelFile from '../reference/density-model.json';
import { DENSITY_FEATURES, densityFeatures, type DensityFeatureName } from './density-features';
import { createMask, type Mask, type Raster } from './raster';
import { kthSmallest } from './select';

export interface DensityModel {
  name: string;
  /** `density-model-<hash of the coefficients>`. */
  version: string;
  source: string;
  features: DensityFeatureName[];
  /** Standardisation of each feature before the weights apply. */
  mean: number[];
  sd: number[];
  intercept: number;
  weights: number[];
  /** logit(percent / 100) = intercept + slope * logit(mean probability over the interior). */
  calibration: { intercept: number; slope: number };
  /** What the model was fitted on and how well it did under cross-validation (for the README). */
  training: Record<string, unknown>;
}

export const DENSITY_MODEL = modelFile as DensityModel;

/**
 * The version a model's coefficients give it: their hash, so that two files with the same
 * coefficients have one version and any change to them shows in the engine version.
 */
export function densityModelVersion(m: Pick<DensityModel, 'features' | 'mean' | 'sd' | 'intercept' | 'weights' | 'calibration'>): string {
  const coefficients = { features: m.features, mean: m.mean, sd: m.sd, intercept: m.intercept, weights: m.weights, calibration: m.calibration };
  return `density-model-${sha256Hex(JSON.stringify(coefficients)).slice(0, 10)}`;
}

export interface DensityMeasurement {
  /** Dense area / breast area, in percent. */
  percentDensity: number;
  denseAreaCm2: number;
  breastAreaCm2: number;
  /** Per-pixel probability of dense tissue (0 outside the breast). */
  membership: Float32Array;
  /** The most probable pixels, as many as the percent density says are dense. */
  denseMask: Mask;
}

/**
 * PD of one view. `tissue` is the segmented breast including any pectoral muscle (for the skin
 * line); `contrastRange` the range of values the image uses (see density-features.ts).
 */
export function measureDensity(
  r: Raster,
  breast: Mask,
  spacingMm: [number, number],
  tissue: Mask,
  contrastRange: number,
  model: DensityModel = DENSITY_MODEL,
): DensityMeasurement | null {
  const rows = densityFeatures(r, breast, tissue, contrastRange);
  if (!rows) return null;
  const n = rows.index.length;
  const membership = new Float32Array(r.data.length);
  const probs = pixelProbabilities(model, rows.values, n);
  for (let j = 0; j < n; j++) membership[rows.index[j]] = probs[j];
  const percentDensity = 100 * calibrate(model, interiorMeanProbability(rows.values, probs, rows.nearMuscle));
  const denseMask = createMask(r.width, r.height);
  const denseCount = Math.round((percentDensity / 100) * n);
  if (denseCount > 0) {
    const cut = kthSmallest(probs.slice(), n - denseCount);
    for (let j = 0; j < n; j++) if (probs[j] >= cut) denseMask.data[rows.index[j]] = 1;
  }
  const pixelCm2 = (spacingMm[0] * spacingMm[1]) / 100;
  return {
    percentDensity,
    denseAreaCm2: (percentDensity / 100) * n * pixelCm2,
    breastAreaCm2: n * pixelCm2,
    membership,
    denseMask,
  };
}

/**
 * Pixels count toward the breast's dense fraction from this depth below the skin line (the
 * `depth` feature: 1 is full thickness). The thin periphery is mostly fat whatever the breast,
 * and the thickness correction is least sure there: on fatty MIAS films it read as dense as the
 * interior of denser ones. Cross-validated DDSM Spearman / MIAS F/G/D / left-right pairs with the
 * mean over depths from 0 (every pixel), 0.4, 0.5, 0.6, 0.8: 0.789 / 0.787 / 7.07, 0.787 / 0.790
 * / 7.09, 0.792 / 0.791 / 7.16, 0.799 / 0.791 / 7.25, 0.809 / 0.791 / 7.40; 0.6 is a middle
 * value, not the best of the DDSM figures. The calibration maps the interior's mean onto the
 * percent of the whole breast the annotators drew.
 */
export const INTERIOR_DEPTH = 0.6;
const DEPTH_COLUMN = DENSITY_FEATURES.indexOf('depth');

/**
 * Mean of `probs` (one per row of `values`, laid out as DENSITY_FEATURES) over the rows at least
 * INTERIOR_DEPTH deep and not `excluded` (those along the pectoral muscle, density-features.ts
 * MUSCLE_MARGIN); over every row of a breast too small to have such an interior.
 */
export function interiorMeanProbability(values: Float32Array, probs: Float32Array, excluded?: Uint8Array): number {
  const k = DENSITY_FEATURES.length;
  let sum = 0;
  let count = 0;
  let all = 0;
  for (let j = 0; j < probs.length; j++) {
    all += probs[j];
    if (values[j * k + DEPTH_COLUMN] < INTERIOR_DEPTH || excluded?.[j]) continue;
    sum += probs[j];
    count++;
  }
  return count > 0 ? sum / count : all / Math.max(1, probs.length);
}

/** The model's probability for each of the first n rows of a feature table. */
export function pixelProbabilities(model: DensityModel, values: Float32Array, n: number): Float32Array {
  const probability = pixelScorer(model);
  const probs = new Float32Array(n);
  for (let j = 0; j < n; j++) probs[j] = probability(values, j);
  return probs;
}

/** The model's probability for row j of a feature table laid out as DENSITY_FEATURES. */
function pixelScorer(model: DensityModel): (values: Float32Array, j: number) => number {
  const k = DENSITY_FEATURES.length;
  const cols = model.features.map((f) => {
    const col = DENSITY_FEATURES.indexOf(f);
    if (col < 0) throw new Error(`density model ${model.version}: unknown feature ${f}`);
    return col;
  });
  // Typed copies: this runs for every breast pixel, and the arithmetic stays as written.
  const col = Int32Array.from(cols);
  const weight = Float64Array.from(model.weights);
  const mean = Float64Array.from(model.mean);
  const sd = Float64Array.from(model.sd);
  const intercept = model.intercept;
  return (values, j) => {
    let z = intercept;
    const o = j * k;
    for (let f = 0; f < col.length; f++) z += (weight[f] * (values[o + col[f]] - mean[f])) / sd[f];
    return 1 / (1 + Math.exp(-z));
  };
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Mean probability -> dense fraction on the annotators' scale (0-1). */
export function calibrate(model: DensityModel, meanProbability: number): number {
  const p = Math.min(1 - 1e-6, Math.max(1e-6, meanProbability));
  const z = model.calibration.intercept + model.calibration.slope * Math.log(p / (1 - p));
  return 1 / (1 + Math.exp(-z));
}
