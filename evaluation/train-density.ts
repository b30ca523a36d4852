/**
 * Fits the dense-tissue model (server/analysis/image/density.ts) on labelled real films and writes
 * server/analysis/reference/density-model.json.
 *
 *   npm run train:density -- --data ../shared/data/real-labelled [--folds 5] [--out FILE] [--dry-run] [--cv-out FILE]
 *
 * Training films are those with a hand-drawn tissue mask (128 fat, 192 fibroglandular): each goes
 * through the upload path (evaluation/film.ts), its feature rows are computed exactly as the
 * engine computes them, and each sampled breast pixel gets the fibroglandular share of the mask
 * under it as a soft label (pixels the mask calls background or muscle are not used). A logistic
 * model is fitted to those pixels; the calibration from the mean probability over the breast's
 * interior (density.ts) to the annotated percent is a straight line on the logit scale, fitted on
 * the same films.
 *
 * Cross-validation: folds by woman (the manifest's `patient`, else the film); every figure printed
 * as "cross-validated" comes from films the model and calibration never saw. Films labelled only
 * with a density reading (MIAS F/G/D) are never fitted on: they are the check, with the model
 * fitted on every masked film.
 */
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { calibrate, densityModelVersion, interiorMeanProbability, pixelProbabilities, type DensityModel } from '../server/analysis/image/density';
import { DENSITY_FEATURES, densityFeatures } from '../server/analysis/image/density-features';
import { valueRange } from '../server/analysis/image/view';
import { analyseFilm, inputLabelsToCoarse, readLabelPng } from './film';
import { fitLogistic } from './fit-logistic';
import { readLabelledSet, womanOf, type LabelledImage } from './labelled-set';
import { leftRightMloPairs, meanAbsoluteError, median, spearman } from './metrics';

const FAT = 128;
const FIBROGLANDULAR = 192;
/** Pixels sampled per training film: enough for seven weights, and every film counts alike. */
const ROWS_PER_FILM = 1500;
/** A pixel is a training row only when the mask is fat or fibroglandular over most of it. */
const MIN_TISSUE_SHARE = 0.9;

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    folds: { type: 'string', default: '5' },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '../server/analysis/reference/density-model.json') },
    'dry-run': { type: 'boolean', default: false },
    'cv-out': { type: 'string' },
  },
});
if (!args.data) {
  console.error('usage: npm run train:density -- --data DIR [--folds 5] [--out FILE] [--dry-run] [--cv-out FILE]');
  process.exit(2);
}

interface FilmRows {
  img: LabelledImage;
  woman: string;
  /** Every breast pixel's features (for the film's percent). */
  values: Float32Array;
  nearMuscle: Uint8Array;
  n: number;
  /** Sampled training rows and their soft labels (masked films only). */
  rows: number[][];
  labels: number[];
  /** Annotated percent, or the F/G/D reading. */
  percent: number | null;
  reading: 'F' | 'G' | 'D' | null;
}

const K = DENSITY_FEATURES.length;
const set = readLabelledSet(args.data);
const films: FilmRows[] = [];
for (const [i, img] of set.images.entries()) {
  const film = await analyseFilm(set, img);
  const a = film.analysis;
  if (!a) continue;
  const feats = densityFeatures(a.coarse, a.breast, a.tissue, valueRange(a.coarse));
  if (!feats) continue;
  const n = feats.index.length;
  const rows: number[][] = [];
  const labels: number[] = [];
  if (img.mask) {
    const mask = await readLabelPng(path.join(set.dir, img.mask));
    const [fat, fg] = inputLabelsToCoarse(a, img, mask.data, [FAT, FIBROGLANDULAR]);
    const step = Math.max(1, Math.floor(n / ROWS_PER_FILM));
    for (let j = 0; j < n; j += step) {
      const p = feats.index[j];
      const share = fat[p] + fg[p];
      if (share < MIN_TISSUE_SHARE) continue;
      rows.push(Array.from(feats.values.subarray(j * K, (j + 1) * K)));
      labels.push(fg[p] / share);
    }
  }
  const d = img.density;
  films.push({
    img,
    woman: womanOf(img),
    values: feats.values,
    nearMuscle: feats.nearMuscle,
    n,
    rows,
    labels,
    percent: d && 'percent' in d ? d.percent : null,
    reading: d && 'label' in d ? d.label : null,
  });
  if ((i + 1) % 40 === 0) console.error(`${i + 1} of ${set.images.length} films read`);
}

const masked = films.filter((f) => f.rows.length > 0 && f.percent !== null);
if (masked.length < 5) {
  console.error(`only ${masked.length} films with a tissue mask and an annotated percent: not enough to fit`);
  process.exit(1);
}

/** The statistic measureDensity calibrates: the mean probability over the breast's interior. */
function meanProbability(model: DensityModel, f: FilmRows): number {
  return interiorMeanProbability(f.values, pixelProbabilities(model, f.values, f.n), f.nearMuscle);
}

const logit = (p: number) => {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return Math.log(q / (1 - q));
};

/** Pixel model and calibration fitted on `train`. */
function fit(train: FilmRows[]): DensityModel {
  const x = train.flatMap((f) => f.rows);
  const y = train.flatMap((f) => f.labels);
  const mean = DENSITY_FEATURES.map((_, k) => x.reduce((s, r) => s + r[k], 0) / x.length);
  const sd = DENSITY_FEATURES.map((_, k) => Math.sqrt(x.reduce((s, r) => s + (r[k] - mean[k]) ** 2, 0) / x.length) || 1);
  const z = x.map((r) => r.map((v, k) => (v - mean[k]) / sd[k]));
  const pixel = fitLogistic(z, y, 1e-3, 50);
  const model: DensityModel = {
    name: 'density-model',
    version: '',
    source: '',
    features: [...DENSITY_FEATURES],
    mean,
    sd,
    intercept: pixel.intercept,
    weights: pixel.weights,
    calibration: { intercept: 0, slope: 1 },
    training: {},
  };
  // Least squares of logit(annotated) on logit(mean probability).
  const u = train.map((f) => logit(meanProbability(model, f)));
  const v = train.map((f) => logit(f.percent! / 100));
  const mu = u.reduce((s, t) => s + t, 0) / u.length;
  const mv = v.reduce((s, t) => s + t, 0) / v.length;
  let cov = 0;
  let varU = 0;
  u.forEach((t, i) => {
    cov += (t - mu) * (v[i] - mv);
    varU += (t - mu) ** 2;
  });
  const slope = varU > 0 ? cov / varU : 1;
  model.calibration = { intercept: mv - slope * mu, slope };
  return model;
}

const percentOf = (model: DensityModel, f: FilmRows) => 100 * calibrate(model, meanProbability(model, f));

// Cross-validation by woman.
const folds = Math.max(2, Math.min(Number(args.folds) || 5, masked.length));
const women = [...new Set(masked.map((f) => f.woman))].sort();
const foldOf = new Map(women.map((w, i) => [w, i % folds]));
const cvPredicted: number[] = [];
const cvTruth: number[] = [];
const cvIds: string[] = [];
for (let k = 0; k < folds; k++) {
  const model = fit(masked.filter((f) => foldOf.get(f.woman) !== k));
  for (const f of masked.filter((g) => foldOf.get(g.woman) === k)) {
    cvPredicted.push(percentOf(model, f));
    cvTruth.push(f.percent!);
    cvIds.push(f.img.id);
  }
}
const cv = {
  films: masked.length,
  folds,
  spearman: round(spearman(cvPredicted, cvTruth), 3),
  meanAbsoluteError: round(meanAbsoluteError(cvPredicted, cvTruth), 2),
};
console.log(`annotated percent, ${folds}-fold cross-validated by woman over ${masked.length} films: Spearman ${cv.spearman}, mean absolute error ${cv.meanAbsoluteError} points`);

if (args['cv-out']) {
  const rows = cvIds.map((id, i) => ({ id, percent: round(cvPredicted[i], 2), annotated: cvTruth[i] }));
  writeFileSync(args['cv-out'], `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`cross-validated percent per film written to ${args['cv-out']}`);
}

const model = fit(masked);
const inSample = masked.map((f) => percentOf(model, f));
console.log(
  `same films, model fitted on all of them (not a fair figure): Spearman ${spearman(inSample, masked.map((f) => f.percent!)).toFixed(3)}, ` +
    `mean absolute error ${meanAbsoluteError(inSample, masked.map((f) => f.percent!)).toFixed(2)}`,
);

// The check: films with a density reading only, never fitted on.
const read = films.filter((f) => f.reading !== null);
let check: Record<string, unknown> = {};
if (read.length > 0) {
  const pds = read.map((f) => percentOf(model, f));
  const code = read.map((f) => 'FGD'.indexOf(f.reading!));
  const medians = Object.fromEntries((['F', 'G', 'D'] as const).map((l) => [l, round(median(pds.filter((_, i) => read[i].reading === l)), 1)]));
  check = { films: read.length, spearmanFGD: round(spearman(pds, code), 3), medianPercent: medians };
  console.log(`F/G/D readings (never fitted on), ${read.length} films: Spearman ${check.spearmanFGD}, median percent F ${medians.F}, G ${medians.G}, D ${medians.D}`);
  // The left-right figure npm run evaluate reports, and the same per point between the F and D
  // medians: a model that squeezes every breast toward one percent makes the two films of a woman
  // agree without telling them apart any better, and only the second figure shows it.
  const percentOfFilm = new Map(read.map((f, i) => [f, pds[i]]));
  const diffs = leftRightMloPairs(read).map(([a, b]) => Math.abs((percentOfFilm.get(a) as number) - (percentOfFilm.get(b) as number)));
  if (diffs.length > 0) {
    const pairs = diffs.reduce((s, d) => s + d, 0) / diffs.length;
    const spread = medians.D - medians.F;
    check = { ...check, pairs: diffs.length, pairsMeanAbsoluteDifference: round(pairs, 2) };
    console.log(`left and right MLO films of one woman, ${diffs.length} pairs: mean absolute difference ${pairs.toFixed(2)} points, ${spread > 0 ? (pairs / spread).toFixed(3) : 'n/a'} per point between the F and D medians`);
  }
}

const coefficients = roundModel({ features: model.features, mean: model.mean, sd: model.sd, intercept: model.intercept, weights: model.weights, calibration: model.calibration });
const out: DensityModel = {
  ...model,
  ...coefficients,
  version: densityModelVersion(coefficients),
  source: `fitted by evaluation/train-density.ts on ${masked.length} hand-annotated films of ${set.name} (${masked.reduce((s, f) => s + f.rows.length, 0)} pixels)`,
  training: { set: set.name, crossValidated: cv, readingCheck: check },
};
if (args['dry-run']) {
  console.log(`dry run: ${out.version} not written`);
} else {
  writeFileSync(args.out!, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`wrote ${args.out} (${out.version})`);
}

function round(v: number, digits: number): number {
  const k = 10 ** digits;
  return Math.round(v * k) / k;
}

type Coefficients = Pick<DensityModel, 'features' | 'mean' | 'sd' | 'intercept' | 'weights' | 'calibration'>;

function roundModel(c: Coefficients): Coefficients {
  const r = (v: number) => Number(v.toPrecision(8));
  return {
    ...c,
    mean: c.mean.map(r),
    sd: c.sd.map(r),
    intercept: r(c.intercept),
    weights: c.weights.map(r),
    calibration: { intercept: r(c.calibration.intercept), slope: r(c.calibration.slope) },
  };
}
