/**
 * Fits the detection suspicion models (server/analysis/image/suspicion-models.ts) on generated
 * phantom studies and writes server/analysis/reference/detection-weights.json, with the CC/MLO
 * agreement gain (image/detection.ts), which it reports on but cannot fit (see agreementCurve).
 *
 * The training seeds must not overlap the seeds the detection report and tests evaluate on
 * (1-40 and the tests' own): the default starts at 1001.
 *
 * Run: npm run train:detection -- [--studies 30] [--first-seed 1001] [--width 1110] [--ridge 0.0001] [--out FILE]
 *      ... --save-rows FILE   also keep the training rows; --rows FILE [--rows FILE2 ...] refits from
 *      kept rows (a long run split over processes: give --studies and --first-seed of the whole);
 *      --agreement-gain 0.3   the CC/MLO agreement gain written with the weights
 * Afterwards rebuild the detection reference (see server/analysis/reference/README.md): the
 * scores it ranks have changed.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { addTrainingRows, AGREEMENT_ROW_DISTANCE_MM, trainingVariants, type AgreementRow, type TrainingRows, type ViewRow } from './detection-training';
import { fitLogistic, rocAuc } from './fit-logistic';
import { phantomSize } from './phantom-eval';
import { agreementScore, applyModel, ASYMMETRY_FEATURES, CALC_FEATURES, MASS_FEATURES, type DetectionWeights, type LogisticModel } from '../server/analysis/image/suspicion-models';

const { values } = parseArgs({
  options: {
    studies: { type: 'string', default: '30' },
    'first-seed': { type: 'string', default: '1001' },
    // 1110 px wide phantoms have 0.21 mm pixels: the engine then analyses them on the same grids
    // (0.21 and 0.42 mm) as a full-field 0.07 mm mammogram.
    width: { type: 'string', default: '1110' },
    ridge: { type: 'string', default: '0.0001' },
    // Not fitted (see agreementCurve): written into the weights file with that said.
    'agreement-gain': { type: 'string', default: '0.3' },
    'save-rows': { type: 'string' },
    rows: { type: 'string', multiple: true },
    out: { type: 'string', default: resolve(import.meta.dirname, '../server/analysis/reference/detection-weights.json') },
  },
});
const studies = Number(values.studies);
const first = Number(values['first-seed']);
const size = phantomSize(Number(values.width));
const ridge = Number(values.ridge);

const rows: TrainingRows = { mass: [], calcification: [], asymmetry: [], agreement: [], views: [] };
for (const file of values.rows ?? []) {
  const kept = JSON.parse(readFileSync(file, 'utf8')) as TrainingRows;
  rows.mass.push(...kept.mass);
  rows.calcification.push(...kept.calcification);
  rows.asymmetry.push(...(kept.asymmetry ?? []));
  rows.agreement!.push(...(kept.agreement ?? []));
  rows.views!.push(...(kept.views ?? []));
}
const t0 = performance.now();
for (let seed = first; !values.rows && seed < first + studies; seed++) {
  for (const opts of trainingVariants(seed, size)) await addTrainingRows(opts, rows);
  process.stdout.write(`\rseed ${seed}: ${rows.mass.length} mass candidates, ${rows.calcification.length} clusters`);
}
console.log(` (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
if (values['save-rows']) writeFileSync(values['save-rows'], JSON.stringify(rows));

type Rows<F extends string> = { features: Record<F, number>; label: 0 | 1; seed?: number }[];

function fitModel<F extends string>(names: readonly F[], data: Rows<F>) {
  const x = data.map((r) => names.map((n) => r.features[n]));
  const y = data.map((r) => r.label);
  const f = fitLogistic(x, y, ridge);
  const domain = Object.fromEntries(names.map((n, i) => [n, [round(Math.min(...x.map((r) => r[i]))), round(Math.max(...x.map((r) => r[i])))]])) as Record<F, [number, number]>;
  const model: LogisticModel<F> = { intercept: round(f.intercept), weights: Object.fromEntries(names.map((n, i) => [n, round(f.weights[i])])) as Record<F, number>, domain };
  return { model, x, y, logLoss: f.logLoss };
}

function fit<F extends string>(name: string, names: readonly F[], data: Rows<F>) {
  const { model, x, y, logLoss } = fitModel(names, data);
  const f = { logLoss };
  const scores = x.map((row) => model.intercept + row.reduce((s, v, i) => s + model.weights[names[i]] * v, 0));
  const positives = y.filter(Boolean).length;
  const auc = rocAuc(scores, y);
  console.log(`${name}: ${data.length} rows, ${positives} on a lesion; weights ${JSON.stringify(model)}; training AUC ${auc.toFixed(3)}, log-loss ${f.logLoss.toFixed(4)}`);
  return { model, rows: data.length, positives, auc };
}
function round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

const mass = fit('mass', MASS_FEATURES, rows.mass);
const calc = fit('calcification', CALC_FEATURES, rows.calcification);
const asym = fit('asymmetry', ASYMMETRY_FEATURES, rows.asymmetry);
/**
 * What the CC/MLO agreement gain does to held-out scores, for a range of gains. The own and
 * partner scores come from models fitted on the other half of the seeds (two-fold cross-fitting):
 * scored by models fitted on themselves, the training findings would look surer than new ones.
 * Two objectives are printed: how likely the findings' labels are (does a partner make a finding
 * more likely to be a lesion?), and how well a view's score (its best finding) tells views with a
 * lesion from views without. The corpus cannot settle the gain: every inserted lesion is in both
 * views of its breast, so the second objective rises all the way to gain 1, while the first,
 * dominated by normal tissue that also pairs up across views, falls from 0.
 */
function agreementCurve(data: AgreementRow[], views: ViewRow[], modelsFor: (seed: number) => Pick<DetectionWeights, 'mass' | 'calcification' | 'asymmetry'>) {
  const prob = (kind: AgreementRow['kind'], f: Record<string, number>, models: ReturnType<typeof modelsFor>): number =>
    kind === 'mass'
      ? applyModel(models.mass, MASS_FEATURES, f as Record<(typeof MASS_FEATURES)[number], number>)
      : kind === 'calcification'
        ? applyModel(models.calcification, CALC_FEATURES, f as Record<(typeof CALC_FEATURES)[number], number>)
        : applyModel(models.asymmetry, ASYMMETRY_FEATURES, f as Record<(typeof ASYMMETRY_FEATURES)[number], number>);
  const scored = data.map((r) => {
    const models = modelsFor(r.seed);
    return { own: prob(r.kind, r.own, models), partner: Math.max(0, ...r.partners.map((p) => prob(r.kind, p, models))), label: r.label, view: r.view };
  });
  const eps = 1e-9;
  const logLoss = (p: number[], y: (0 | 1)[]) => -p.reduce((s, v, i) => s + Math.log(Math.min(1 - eps, Math.max(eps, y[i] ? v : 1 - v))), 0) / p.length;
  const withPartner = scored.filter((r) => r.partner > 0).length;
  console.log(`agreement: ${scored.length} findings (${scored.filter((r) => r.label).length} on a lesion, ${withPartner} with a partner), ${views.length} views (${views.filter((v) => v.hasLesion).length} with a lesion); held-out scores:`);
  for (const gain of [0, 0.1, 0.2, 0.3, 0.5, 0.7, 1]) {
    const p = scored.map((r) => agreementScore(r.own, r.partner, gain));
    const y = scored.map((r) => r.label);
    const best = new Map<string, number>();
    scored.forEach((r, i) => best.set(r.view, Math.max(best.get(r.view) ?? 0, p[i])));
    const vp = views.map((v) => best.get(v.view) ?? 0);
    const vy = views.map((v) => (v.hasLesion ? 1 : 0) as 0 | 1);
    console.log(
      `  gain ${gain.toFixed(1)}: findings log-loss ${logLoss(p, y).toFixed(4)}, AUC ${rocAuc(p, y).toFixed(4)} | views log-loss ${logLoss(vp, vy).toFixed(4)}, AUC ${rocAuc(vp, vy).toFixed(4)}`,
    );
  }
}

/** Models fitted on the seeds of one parity: fold 0 holds the even seeds, fold 1 the odd ones. */
function foldModels(parity: number) {
  const pick = <F extends string>(data: Rows<F>) => data.filter((r) => (r.seed ?? 0) % 2 === parity);
  return {
    mass: fitModel(MASS_FEATURES, pick(rows.mass)).model,
    calcification: fitModel(CALC_FEATURES, pick(rows.calcification)).model,
    asymmetry: fitModel(ASYMMETRY_FEATURES, pick(rows.asymmetry)).model,
  };
}
const folds = [foldModels(0), foldModels(1)];
// A finding of an even seed is scored by the models of the odd seeds, and the other way round.
agreementCurve(rows.agreement ?? [], rows.views ?? [], (seed) => folds[1 - (seed % 2)]);
const agreement = { gain: Number(values['agreement-gain']), distanceMm: AGREEMENT_ROW_DISTANCE_MM };
const source =
  `fitted by ridge logistic regression (penalty ${ridge}) on the project's synthetic phantom corpus, not on real mammograms: ` +
  `${studies} studies (seeds ${first}-${first + studies - 1}, ${size.width}x${size.height} px), each with an inserted mass (contrast 0.8-3), with a calcification cluster, and with neither; ` +
  `${mass.rows} mass candidates (${mass.positives} on a mass, training AUC ${mass.auc.toFixed(3)}), ` +
  `${calc.rows} calcification clusters (${calc.positives} on a cluster, training AUC ${calc.auc.toFixed(3)}), ` +
  `${asym.rows} left-right asymmetries (${asym.positives} on a mass, training AUC ${asym.auc.toFixed(3)}); ` +
  `CC/MLO agreement gain ${agreement.gain} (partners within ${agreement.distanceMm} mm of nipple distance) set by hand, not fitted: every lesion of the corpus is in both views, so the data cannot tell how much a partner should add (npm run train:detection prints the held-out evidence)`;
const body = { source, mass: mass.model, calcification: calc.model, asymmetry: asym.model, agreement };
const version = `phantom-${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 10)}`;
const weights: DetectionWeights = { version, ...body };
writeFileSync(values.out, `${JSON.stringify(weights, null, 2)}\n`);
console.log(`wrote ${values.out} (${version})`);
