/**
 * Fits the detection suspicion models (server/analysis/image/suspicion-models.ts) on real films
 * with located lesions and films without findings, and builds from the same films the references
 * the detection and merged scores are ranked against:
 *
 *   npm run train:detection -- --data ../shared/data/real-labelled [--folds 5] [--ridge 0.001]
 *        [--out-dir DIR] [--save-rows FILE | --rows FILE] [--dry-run]
 *
 * - Rows: every mass candidate, calcification cluster and left-right asymmetry the engine proposes
 *   on the set's films (evaluation/detection-training.ts); a row is positive when its centre lies
 *   in a lesion's circle (radius at least 5 mm).
 * - Cross-validation with folds by woman: every figure printed is from models that never saw the
 *   woman scored, and the regions are chosen by the engine's own rule (selectRegions).
 * - Writes, in DIR (default server/analysis/reference): detection-weights.json (the three models,
 *   the region policy and the cross-validated figures; its version is a hash of the coefficients
 *   and is part of the engine version), detection.json (view, breast and study references from
 *   the films without findings) and merged.json (the merged score over those films' component
 *   ranks). --dry-run prints the figures and writes nothing.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { selectRegions } from '../server/analysis/image/detection';
import { applyModel, ASYMMETRY_FEATURES, CALC_FEATURES, DETECTION_WEIGHTS, imageShift, MASS_FEATURES, shiftedScore, type DetectionWeights, type LogisticModel, type RegionPolicy } from '../server/analysis/image/suspicion-models';
import { buildQuantileTable, quantileOf } from '../server/analysis/quantiles';
import { buildDetectionLevels, buildMergedFromFilms, mergedTopBandShare, TABLE_POINTS, type NormalFilm } from './calibration/build';
import { fitDensityPopulation } from './calibration/density-population';
import { collectRows, phantomRows, type CandidateKind, type CandidateRow, type FilmRows } from './detection-training';
import { phantomSize } from './phantom-eval';
import { fitLogistic, rocAuc } from './fit-logistic';
import { readLabelledSet } from './labelled-set';
import { auc, byLesionKind, located, plural, sensitivityAtFalseRate, type FrocFilm } from './metrics';
import { REFERENCE_DIR } from './calibrate';
import { MASKING_REFERENCE, RISK_REFERENCE } from '../server/analysis/reference';

const USAGE = 'usage: npm run train:detection -- --data DIR [--folds 5] [--ridge 0.001] [--out-dir DIR] [--save-rows FILE | --rows FILE] [--dry-run]';
const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    folds: { type: 'string', default: '5' },
    ridge: { type: 'string', default: '0.001' },
    'out-dir': { type: 'string', default: REFERENCE_DIR },
    'save-rows': { type: 'string' },
    rows: { type: 'string' },
    'dry-run': { type: 'boolean' },
    // Phantom studies added to every training fold (never to a figure): see phantomRows.
    phantoms: { type: 'string', default: '10' },
    // How much a phantom candidate counts against a real one in the fit, per kind: the real films
    // hold few calcification clusters (8 candidates on one), so there the phantoms weigh more.
    'phantom-weight': { type: 'string', default: '0.1' },
    'phantom-weight-calcification': { type: 'string', default: '1' },
    'phantom-first-seed': { type: 'string', default: '1001' },
  },
});
if (!args.data) {
  console.error(USAGE);
  process.exit(2);
}
const set = readLabelledSet(args.data);
const ridge = Number(args.ridge);
const log = (l: string) => process.stderr.write(`${l}\n`);

// 1110 px wide phantoms have 0.21 mm pixels: analysed on the grids of a full-field mammogram.
const collected: FilmRows[] = args.rows
  ? (JSON.parse(readFileSync(args.rows, 'utf8')) as FilmRows[])
  : [...(await collectRows(set, log)), ...(await phantomRows(Number(args.phantoms), Number(args['phantom-first-seed']), phantomSize(1110), log))];
if (args['save-rows']) writeFileSync(args['save-rows'], JSON.stringify(collected));
const films = collected.filter((f) => !f.phantom);
const phantoms = collected.filter((f) => f.phantom);
if (!films.some((f) => f.lesions > 0) || !films.some((f) => !f.abnormal)) throw new Error(`${set.name}: needs films with located lesions and films without findings`);

// ---- fitting ------------------------------------------------------------------------------------

const NAMES: Record<CandidateKind, readonly string[]> = { mass: MASS_FEATURES, calcification: CALC_FEATURES, asymmetry: ASYMMETRY_FEATURES };
type Models = Record<CandidateKind, LogisticModel<string>>;
const round = (v: number) => Math.round(v * 1e6) / 1e6;

const phantomWeights: Record<CandidateKind, number> = {
  mass: Number(args['phantom-weight']),
  calcification: Number(args['phantom-weight-calcification']),
  asymmetry: Number(args['phantom-weight']),
};

function fitKind(kind: CandidateKind, rows: readonly (CandidateRow & { phantom: boolean })[]): LogisticModel<string> {
  const names = NAMES[kind];
  const x = rows.map((r) => names.map((n) => r.features[n]));
  const y = rows.map((r) => (r.lesion >= 0 ? 1 : 0));
  const w = rows.map((r) => (r.phantom ? phantomWeights[kind] : 1));
  // A kind with no positive row in the training films cannot learn what a lesion looks like:
  // it scores nothing (intercept far below, no weights) rather than a guess.
  if (!y.some(Boolean)) return silent(kind);
  const f = fitLogistic(x, y, ridge, 100, w);
  const domain = Object.fromEntries(names.map((n, i) => [n, [round(Math.min(...x.map((r) => r[i]))), round(Math.max(...x.map((r) => r[i])))] as [number, number]]));
  return { intercept: round(f.intercept), weights: Object.fromEntries(names.map((n, i) => [n, round(f.weights[i])])), domain };
}

/** A model that scores nothing: for a kind the real films give no evidence for. */
const silent = (kind: CandidateKind): LogisticModel<string> => ({ intercept: -20, weights: Object.fromEntries(NAMES[kind].map((n) => [n, 0])) });

function fitAll(of: readonly FilmRows[], disabled: ReadonlySet<CandidateKind> = new Set()): Models {
  const rows = of.flatMap((f) => f.candidates.map((r) => ({ ...r, phantom: f.phantom === true })));
  const fit = (kind: CandidateKind) => (disabled.has(kind) ? silent(kind) : fitKind(kind, rows.filter((r) => r.kind === kind)));
  return { mass: fit('mass'), calcification: fit('calcification'), asymmetry: fit('asymmetry') };
}

const score = (m: Models, r: CandidateRow) => applyModel(m[r.kind], NAMES[r.kind], r.features);
const logit = (p: number) => Math.log(Math.max(1e-12, p) / Math.max(1e-12, 1 - p));
const median = (v: readonly number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? 0 : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** The median logit of a film's mass candidates under `models` (imageShift's statistic). */
const filmMedianLogit = (m: Models, f: FilmRows) => median(f.candidates.filter((r) => r.kind === 'mass').map((r) => logit(score(m, r))));
/** The normalisation the weights file carries: the median over real films of each film's median. */
const normalisationOf = (m: Models, of: readonly FilmRows[]) => ({
  medianLogit: round(median(of.filter((f) => f.candidates.some((r) => r.kind === 'mass')).map((f) => filmMedianLogit(m, f)))),
});
/** A film's candidates scored as the engine scores them: the models, then the image's shift (asymmetries unshifted). */
function engineScores(m: Models, normalisation: { medianLogit: number }, f: FilmRows): number[] {
  const masses = f.candidates.filter((r) => r.kind === 'mass').map((r) => score(m, r));
  const shift = imageShift(masses, { normalisation } as DetectionWeights);
  return f.candidates.map((r) => (r.kind === 'asymmetry' ? score(m, r) : shiftedScore(score(m, r), shift)));
}

// ---- cross-validation by woman ------------------------------------------------------------------

const women = [...new Set(films.map((f) => f.woman))].sort();
const folds = Math.max(2, Math.min(Number(args.folds) || 5, women.length));
const foldOf = new Map(women.map((w, i) => [w, i % folds]));
/** Held-out score of every candidate of every real film, by models fitted without the film's woman. */
function crossValidate(disabled: ReadonlySet<CandidateKind>): Map<FilmRows, number[]> {
  const out = new Map<FilmRows, number[]>();
  for (let k = 0; k < folds; k++) {
    const train = films.filter((f) => foldOf.get(f.woman) !== k);
    const models = fitAll([...train, ...phantoms], disabled);
    const normalisation = normalisationOf(models, train);
    for (const f of films.filter((g) => foldOf.get(g.woman) === k)) out.set(f, engineScores(models, normalisation, f));
  }
  return out;
}

/** Each kind's held-out candidate AUC (its candidates on a lesion against the others). */
function kindFigures(scores: Map<FilmRows, number[]>) {
  return (['mass', 'calcification', 'asymmetry'] as const).map((kind) => {
    const held = films.flatMap((f) => f.candidates.map((r, i) => ({ r, s: (scores.get(f) as number[])[i] })).filter((c) => c.r.kind === kind));
    return { kind, rows: held.length, positives: held.filter((c) => c.r.lesion >= 0).length, auc: rocAuc(held.map((c) => c.s), held.map((c) => (c.r.lesion >= 0 ? 1 : 0))) };
  });
}

// A kind whose held-out candidates rank lesions no better than chance on the real films is left
// out (it scores nothing): its regions would show the reader noise.
const kinds = kindFigures(crossValidate(new Set()));
const disabled = new Set(kinds.filter((k) => !(k.auc > 0.5)).map((k) => k.kind));
const heldOut = crossValidate(disabled);

/** A film's scored findings, as the engine would report them: sorted, chosen by the region rule. */
function scored(f: FilmRows, scores: number[], withAsymmetry: boolean) {
  const all = f.candidates
    .map((r, i) => ({ r, score: scores[i], xMm: r.xMm, yMm: r.yMm }))
    .filter((c) => withAsymmetry || c.r.kind !== 'asymmetry')
    .sort((a, b) => b.score - a.score);
  return all;
}
const viewScore = (f: FilmRows, withAsymmetry: boolean) => scored(f, heldOut.get(f) as number[], withAsymmetry)[0]?.score ?? 0;

/**
 * The report threshold: the held-out score at which the films' regions make one false region per
 * image (regions chosen with no threshold), so that what the overlay shows is the FROC's point.
 */
function reportThreshold(base: Omit<RegionPolicy, 'reportThreshold'>): number {
  const order = films
    .flatMap((f) => selectRegions(scored(f, heldOut.get(f) as number[], false), { ...base, reportThreshold: 0 }).map((c) => [c.score, c.r.lesion < 0] as const))
    .sort((a, b) => b[0] - a[0]);
  let falses = 0;
  let threshold = order.length ? order[0][0] : 1;
  for (const [s, isFalse] of order) {
    if (isFalse) falses++;
    if (falses > films.length) break;
    threshold = s;
  }
  return round(threshold);
}
const basePolicy = { suppressionMm: 10, max: 3 };
const policy: RegionPolicy = { ...basePolicy, reportThreshold: reportThreshold(basePolicy) };

const frocFilms: FrocFilm[] = films.map((f) => ({
  lesions: f.lesions,
  regions: selectRegions(scored(f, heldOut.get(f) as number[], false), policy).map((c) => ({ score: c.score, hits: c.r.lesion >= 0 ? [c.r.lesion] : [] })),
}));
const withLesion = films.filter((f) => f.lesions > 0);
const normals = films.filter((f) => !f.abnormal);
const imageAuc = auc(withLesion.map((f) => viewScore(f, false)), normals.map((f) => viewScore(f, false)));
const sens1 = sensitivityAtFalseRate(frocFilms, 1);
const sensQuarter = sensitivityAtFalseRate(frocFilms, 0.25);
// The same held-out figures by kind of lesion (the labels' kinds: CALC, CIRC, SPIC...).
const imageOf = new Map(set.images.map((img) => [img.id, img]));
const lesionKinds = byLesionKind(
  films.map((f) => ({ lesions: imageOf.has(f.id) ? located(imageOf.get(f.id)!) : [], score: viewScore(f, false) })),
  frocFilms,
  normals.map((f) => viewScore(f, false)),
);

/** Share of held-out normal films at or above quantile 0.9 of a reference built without their fold. */
function normalsAtOrAboveQ90(): number {
  let high = 0;
  for (let k = 0; k < folds; k++) {
    const others = normals.filter((f) => foldOf.get(f.woman) !== k).map((f) => viewScore(f, true));
    const table = buildQuantileTable(others, undefined, TABLE_POINTS);
    high += normals.filter((f) => foldOf.get(f.woman) === k && quantileOf(viewScore(f, true), table) >= 0.9).length;
  }
  return high / normals.length;
}
const normalsHigh = normalsAtOrAboveQ90();

// ---- the shipped models and references ------------------------------------------------------------

const models = fitAll([...films, ...phantoms], disabled);
const normalViewScores = normals.map((f) => viewScore(f, true));
// In plain words: it is shown to the patient under her ranking ("Compared with: ...").
const population = `${normals.length} real mammogram films without findings, from ${new Set(normals.map((f) => f.woman)).size} women`;
// Each film scored by models that never saw its woman: the reference is what a new film meets.
const detectionLevels = buildDetectionLevels(normalViewScores, population, `set "${set.name}", each scored by models fitted without that woman's films (${folds} folds)`);
const pop = fitDensityPopulation();
/** The films without findings as the merged reference needs them: density, and detection quantile against `table`. */
const normalFilms = (of: readonly FilmRows[], table: readonly number[]): NormalFilm[] =>
  of.filter((f) => f.percentDensity !== null).map((f) => ({ percentDensity: f.percentDensity as number, denseAreaCm2: f.denseAreaCm2, detectionQuantile: quantileOf(viewScore(f, true), table) }));
const merged = buildMergedFromFilms(normalFilms(normals, detectionLevels.levels.view), pop.weights, RISK_REFERENCE, MASKING_REFERENCE, population);

/** Merged band share in cross-validation: each fold's normal films against references built without it. */
function mergedNormalsAtOrAboveQ90(): number {
  let high = 0;
  let total = 0;
  for (let k = 0; k < folds; k++) {
    const train = normals.filter((f) => foldOf.get(f.woman) !== k);
    const test = normals.filter((f) => foldOf.get(f.woman) === k);
    const table = buildQuantileTable(train.map((f) => viewScore(f, true)), undefined, TABLE_POINTS);
    const ref = buildMergedFromFilms(normalFilms(train, table), pop.weights, RISK_REFERENCE, MASKING_REFERENCE, 'training folds');
    const share = mergedTopBandShare(normalFilms(test, table), pop.weights, RISK_REFERENCE, MASKING_REFERENCE, ref.values);
    high += share * test.length;
    total += test.length;
  }
  return high / total;
}
const mergedHigh = mergedNormalsAtOrAboveQ90();

const lesions = films.reduce((s, f) => s + f.lesions, 0);
const crossValidated = {
  imageAuc: round(imageAuc),
  sensitivityAt1FalsePerImage: round(sens1),
  sensitivityAtQuarterFalsePerImage: round(sensQuarter),
  normalsAtOrAboveQ90: round(normalsHigh),
  mergedNormalsAtOrAboveQ90: round(mergedHigh),
  byLesionKind: lesionKinds.map((k) => ({ ...k, imageAuc: round(k.imageAuc) })),
};
const training = { set: set.name, phantomViews: phantoms.length, phantomWeights, films: films.length, women: women.length, lesions, normals: normals.length, folds, ridge, crossValidated, candidates: kinds.map((k) => ({ ...k, auc: round(k.auc), leftOut: disabled.has(k.kind) })) };

console.log(`${set.name}: ${films.length} films (${women.length} women), ${withLesion.length} with ${lesions} located lesions, ${normals.length} without findings`);
for (const k of kinds) console.log(`  ${k.kind}: ${k.rows} candidates, ${k.positives} on a lesion; held-out candidate AUC ${k.auc.toFixed(3)}${disabled.has(k.kind) ? ' (no better than chance: left out, scores nothing)' : ''}`);
console.log(`cross-validated by woman (${folds} folds):`);
console.log(`  image AUC, films with a located lesion vs without findings: ${imageAuc.toFixed(3)} (goal >= 0.75)`);
console.log(`  lesion sensitivity at 1 false region per image: ${sens1.toFixed(3)} (goal >= 0.6); at 0.25: ${sensQuarter.toFixed(3)} (goal >= 0.4)`);
for (const k of lesionKinds) console.log(`    ${k.kind}: image AUC ${k.imageAuc.toFixed(3)} (${plural(k.films, 'film')}), sensitivity at 1 false region per image ${k.found} of ${plural(k.lesions, 'lesion')}`);
console.log(`  films without findings at or above detection quantile 0.9: ${(100 * normalsHigh).toFixed(1)} % (goal 3-20 %)`);
console.log(`  films without findings at or above merged quantile 0.9 (ages 40-74): ${(100 * mergedHigh).toFixed(1)} % (goal about 10 %)`);
console.log(`  region policy: threshold ${policy.reportThreshold} (1 false region per image), at most ${policy.max} per view, ${policy.suppressionMm} mm apart`);

const body = {
  source: `fitted by ridge logistic regression (penalty ${ridge}) on real films: the ${films.length} films of "${set.name}" that say whether they have findings (${lesions} located lesions, ${normals.length} films without findings), candidates positive when their centre lies in a lesion's circle, with ${phantoms.length} phantom views of the project's corpus (${new Set(phantoms.map((p) => p.woman)).size} seeds, a phantom mass or asymmetry candidate weighing ${phantomWeights.mass} of a real one, a phantom cluster ${phantomWeights.calcification}) in every training fold; CC/MLO agreement gain ${DETECTION_WEIGHTS.agreement.gain} (partners within ${DETECTION_WEIGHTS.agreement.distanceMm} mm of nipple distance) set by hand, not fitted: the films are MLO views only`,
  mass: models.mass,
  calcification: models.calcification,
  asymmetry: models.asymmetry,
  agreement: DETECTION_WEIGHTS.agreement,
  regions: policy,
  normalisation: normalisationOf(models, films),
};
const version = `real-${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 10)}`;
const weights = { version, ...body, training } as DetectionWeights;
if (args['dry-run']) {
  console.log(`dry run: nothing written (would be ${version})`);
} else {
  const dir = resolve(args['out-dir'] as string);
  writeFileSync(resolve(dir, 'detection-weights.json'), `${JSON.stringify(weights, null, 2)}\n`);
  const versioned = (name: string, built: object) => ({ name, version: `${name}-${createHash('sha256').update(JSON.stringify(built)).digest('hex').slice(0, 10)}`, ...built });
  writeFileSync(resolve(dir, 'detection.json'), `${JSON.stringify(versioned('detection', detectionLevels))}\n`);
  const { samples: _s, weights: _w, ...mergedRef } = merged;
  writeFileSync(resolve(dir, 'merged.json'), `${JSON.stringify(versioned('merged', mergedRef))}\n`);
  console.log(`wrote detection-weights.json (${version}), detection.json and merged.json in ${dir}`);
}
