/**
 * Fits the detection suspicion models (server/analysis/image/suspicion-models.ts) on generated
 * phantom studies and writes server/analysis/reference/detection-weights.json.
 *
 * The training seeds must not overlap the seeds the detection report and tests evaluate on
 * (1-40 and the tests' own): the default starts at 1001.
 *
 * Run: npm run train:detection -- [--studies 30] [--first-seed 1001] [--width 1110] [--ridge 0.0001] [--out FILE]
 *      ... --save-rows FILE   also keep the training rows; --rows FILE [--rows FILE2 ...] refits from
 *      kept rows (a long run split over processes: give --studies and --first-seed of the whole)
 * Afterwards rebuild the detection reference (see server/analysis/reference/README.md): the
 * scores it ranks have changed.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { addTrainingRows, trainingVariants, type TrainingRows } from '../server/analysis/evaluation/detection-training';
import { fitLogistic, rocAuc } from '../server/analysis/evaluation/fit-logistic';
import { phantomSize } from '../server/analysis/evaluation/phantom-eval';
import { ASYMMETRY_FEATURES, CALC_FEATURES, MASS_FEATURES, type DetectionWeights, type LogisticModel } from '../server/analysis/image/suspicion-models';

const { values } = parseArgs({
  options: {
    studies: { type: 'string', default: '30' },
    'first-seed': { type: 'string', default: '1001' },
    // 1110 px wide phantoms have 0.21 mm pixels: the engine then analyses them on the same grids
    // (0.21 and 0.42 mm) as a full-field 0.07 mm mammogram.
    width: { type: 'string', default: '1110' },
    ridge: { type: 'string', default: '0.0001' },
    'save-rows': { type: 'string' },
    rows: { type: 'string', multiple: true },
    out: { type: 'string', default: resolve(import.meta.dirname, '../server/analysis/reference/detection-weights.json') },
  },
});
const studies = Number(values.studies);
const first = Number(values['first-seed']);
const size = phantomSize(Number(values.width));
const ridge = Number(values.ridge);

const rows: TrainingRows = { mass: [], calcification: [], asymmetry: [] };
for (const file of values.rows ?? []) {
  const kept = JSON.parse(readFileSync(file, 'utf8')) as TrainingRows;
  rows.mass.push(...kept.mass);
  rows.calcification.push(...kept.calcification);
  rows.asymmetry.push(...(kept.asymmetry ?? []));
}
const t0 = performance.now();
for (let seed = first; !values.rows && seed < first + studies; seed++) {
  for (const opts of trainingVariants(seed, size)) await addTrainingRows(opts, rows);
  process.stdout.write(`\rseed ${seed}: ${rows.mass.length} mass candidates, ${rows.calcification.length} clusters`);
}
console.log(` (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
if (values['save-rows']) writeFileSync(values['save-rows'], JSON.stringify(rows));

function fit<F extends string>(name: string, names: readonly F[], data: { features: Record<F, number>; label: 0 | 1 }[]) {
  const x = data.map((r) => names.map((n) => r.features[n]));
  const y = data.map((r) => r.label);
  const f = fitLogistic(x, y, ridge);
  const domain = Object.fromEntries(names.map((n, i) => [n, [round(Math.min(...x.map((r) => r[i]))), round(Math.max(...x.map((r) => r[i])))]])) as Record<F, [number, number]>;
  const model: LogisticModel<F> = { intercept: round(f.intercept), weights: Object.fromEntries(names.map((n, i) => [n, round(f.weights[i])])) as Record<F, number>, domain };
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
const source =
  `fitted by ridge logistic regression (penalty ${ridge}) on the project's synthetic phantom corpus, not on real mammograms: ` +
  `${studies} studies (seeds ${first}-${first + studies - 1}, ${size.width}x${size.height} px), each with an inserted mass (contrast 0.8-3), with a calcification cluster, and with neither; ` +
  `${mass.rows} mass candidates (${mass.positives} on a mass, training AUC ${mass.auc.toFixed(3)}), ` +
  `${calc.rows} calcification clusters (${calc.positives} on a cluster, training AUC ${calc.auc.toFixed(3)}), ` +
  `${asym.rows} left-right asymmetries (${asym.positives} on a mass, training AUC ${asym.auc.toFixed(3)})`;
const body = { source, mass: mass.model, calcification: calc.model, asymmetry: asym.model };
const version = `phantom-${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 10)}`;
const weights: DetectionWeights = { version, ...body };
writeFileSync(values.out, `${JSON.stringify(weights, null, 2)}\n`);
console.log(`wrote ${values.out} (${version})`);
