/**
 * `npm run evaluate -- --data DIR [--out FILE] [--metrics-only] [--report [FILE]]`: every film of a
 * labelled set (DIR/manifest.json) through the upload path and the engine, the predictions written
 * to FILE, then the metrics of issue 14 printed from that file and the labels. With --metrics-only
 * the metrics are recomputed from an existing FILE without running the engine (no pectoral Dice
 * then: it needs the engine's masks, which the file does not hold). --report then writes the
 * score-quality report of the public page (evaluation/quality-report.ts; by default
 * core/score-quality-report.json).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DENSITY_MODEL } from '../server/analysis/image/density';
import { DETECTION_WEIGHTS } from '../server/analysis/image/suspicion-models';
import { REFERENCE_MODELS } from '../server/analysis/model-registry';
import { readLabelPng, type FilmResult } from './film';
import { readLabelledSet, type LabelledSet } from './labelled-set';
import { buildReport, formatReport, type MergedBandShare, type ReportSection } from './metrics';
import { mergedTopBandShare } from './calibration/build';
import { DENSITY_REFERENCE, MASKING_REFERENCE, MERGED_REFERENCE, RISK_REFERENCE } from '../server/analysis/reference';
import { PredictionsFile, predictSet } from './predict';
import { buildQualityReport, DEFAULT_QUALITY_REPORT, writeQualityReport } from './quality-report';
import { pectoralDice } from './segmentation-metrics';

export const USAGE = 'usage: npm run evaluate -- --data DIR [--out FILE] [--metrics-only] [--report [FILE]]';

export interface EvaluateOptions {
  data: string;
  out?: string;
  metricsOnly?: boolean;
}

export interface EvaluateResult {
  outFile: string;
  predictions: PredictionsFile;
  report: ReportSection[];
  lines: string[];
}

/** The merged top band's share over films, with the shipped references (see metrics.ts, mergedSection). */
const shippedMergedShare: MergedBandShare = (films) =>
  mergedTopBandShare(
    films.map((f) => ({ ...f, denseAreaCm2: null })),
    DENSITY_REFERENCE.population.weights,
    RISK_REFERENCE,
    MASKING_REFERENCE,
    MERGED_REFERENCE.values,
  );

export function defaultOutFile(set: LabelledSet): string {
  return path.resolve(import.meta.dirname, 'out', `${set.name}-predictions.json`);
}

/**
 * Dice of the engine's pectoral muscle against the mask's 255 region, in the input PNG's pixels.
 * Labels are read here, on the metrics side, after the prediction of the film is made.
 */
export async function pectoralDiceOf(set: LabelledSet, film: FilmResult): Promise<number | null> {
  const { img, analysis } = film;
  if (!img.mask) return null;
  const label = await readLabelPng(path.join(set.dir, img.mask));
  if (label.width !== img.width || label.height !== img.height) {
    throw new Error(`${img.id}: mask is ${label.width}x${label.height}, image ${img.width}x${img.height}`);
  }
  // No analysis or no muscle found counts as an empty prediction (Dice 0 where there is muscle).
  return pectoralDice(analysis, img, label.data);
}

export async function evaluate(opts: EvaluateOptions, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<EvaluateResult> {
  const set = readLabelledSet(opts.data);
  const outFile = path.resolve(opts.out ?? defaultOutFile(set));
  let predictions: PredictionsFile;
  let dices: Map<string, number> | null = null;
  if (opts.metricsOnly) {
    if (!existsSync(outFile)) throw new Error(`--metrics-only: no predictions file at ${outFile} (run without --metrics-only first, or give --out FILE)`);
    predictions = PredictionsFile.parse(JSON.parse(readFileSync(outFile, 'utf8')));
  } else {
    const found = new Map<string, number>();
    predictions = await predictSet(set, {
      log,
      onFilm: async (film) => {
        // A mask that cannot be read or does not fit its film costs that film its Dice, not the
        // whole set its predictions (the film's own prediction is already made).
        try {
          const d = await pectoralDiceOf(set, film);
          if (d !== null) found.set(film.img.id, d);
        } catch (e) {
          log(`${film.img.id}: mask not used for the pectoral Dice (${e instanceof Error ? e.message : String(e)})`);
        }
      },
    });
    dices = found;
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, `${JSON.stringify(predictions, null, 1)}\n`);
    log(`predictions written to ${outFile}`);
  }
  const report = buildReport(predictions, set.images, dices, shippedMergedShare);
  return { outFile, predictions, report, lines: [...formatReport(report), ...inSampleNote(set)] };
}

/**
 * The shipped density model was fitted on the masked films of one set, the detection weights and
 * the merged reference on the films of one set that say whether they have findings: evaluated on
 * that set, those figures are in-sample, so say so and give the cross-validated ones the
 * trainings recorded.
 */
export function inSampleNote(set: LabelledSet): string[] {
  const lines: string[] = [];
  const density = DENSITY_MODEL.training as { set?: string; crossValidated?: { spearman: number; meanAbsoluteError: number; folds: number; films: number } };
  if (density.set === set.name && set.images.some((img) => img.mask)) {
    const cv = density.crossValidated;
    lines.push(
      `Note: the density model (${DENSITY_MODEL.version}) was fitted on the masked films of "${set.name}", so the annotated-percent figures above are in-sample.`,
      ...(cv ? [`  cross-validated by woman (${cv.folds} folds, ${cv.films} films; npm run train:density): Spearman ${cv.spearman}, mean absolute error ${cv.meanAbsoluteError} points`] : []),
    );
  }
  const detection = DETECTION_WEIGHTS.training as
    | { set?: string; folds?: number; films?: number; crossValidated?: Record<'imageAuc' | 'sensitivityAt1FalsePerImage' | 'sensitivityAtQuarterFalsePerImage' | 'normalsAtOrAboveQ90' | 'mergedNormalsAtOrAboveQ90', number> }
    | undefined;
  if (detection?.set === set.name && set.images.some((img) => typeof img.abnormal === 'boolean')) {
    const cv = detection.crossValidated;
    lines.push(
      `Note: the detection weights (${DETECTION_WEIGHTS.version}) and the detection and merged references were fitted on the films of "${set.name}" that say whether they have findings, so the detection and merged figures above are in-sample.`,
      ...(cv
        ? [
            `  cross-validated by woman (${detection.folds} folds, ${detection.films} films; npm run train:detection): image AUC ${cv.imageAuc}, sensitivity at 1 false region per image ${cv.sensitivityAt1FalsePerImage}, at 0.25 ${cv.sensitivityAtQuarterFalsePerImage}, films without findings at detection quantile >= 0.9 ${cv.normalsAtOrAboveQ90}, at merged quantile >= 0.9 ${cv.mergedNormalsAtOrAboveQ90}`,
          ]
        : []),
    );
  }
  return lines;
}

/** The command line; returns the exit code (2 for a usage error). */
export async function runCli(argv: string[], out: (l: string) => void = (l) => process.stdout.write(`${l}\n`), err: (l: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<number> {
  let values: { data?: string; out?: string; 'metrics-only'?: boolean; report?: string; help?: boolean };
  // --report takes an optional FILE: alone, it writes the default report.
  const bareReport = (a: string, next: string | undefined) => a === '--report' && (next === undefined || next.startsWith('-'));
  const args = argv.map((a, i) => (bareReport(a, argv[i + 1]) ? `--report=${DEFAULT_QUALITY_REPORT}` : a));
  try {
    ({ values } = parseArgs({
      args,
      options: {
        data: { type: 'string' },
        out: { type: 'string' },
        'metrics-only': { type: 'boolean' },
        report: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    err(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (!values.data) {
    err(`--data DIR is required (a folder with a manifest.json)\n${USAGE}`);
    return 2;
  }
  const started = Date.now();
  const res = await evaluate({ data: values.data, out: values.out, metricsOnly: values['metrics-only'] }, err);
  for (const l of res.lines) out(l);
  if (values.report) {
    const report = buildQualityReport({
      engine: res.predictions.engine,
      sections: res.report,
      set: readLabelledSet(values.data),
      densityTraining: DENSITY_MODEL.training,
      detectionTraining: (DETECTION_WEIGHTS as { training?: unknown }).training,
      registry: REFERENCE_MODELS,
    });
    writeQualityReport(path.resolve(values.report), report);
    err(`score-quality report written to ${path.resolve(values.report)}`);
  }
  err(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runCli(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
