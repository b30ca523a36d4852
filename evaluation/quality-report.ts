/**
 * The score-quality report behind the public page "How good are these scores?"
 * (core/score-quality-report.json, shape in core/contract/score-quality.ts): the figures of one
 * evaluation run, read by metric id from the report sections, next to the cross-validated records
 * stored with the models and the reference populations of the registry. Pure: the caller reads
 * the files and writes the result (`npm run evaluate -- --data DIR --report`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ScoreQualityReport, type FigureBasis, type QualityFigure, type QualityModel } from '../core/contract/score-quality';
import type { ModelProvider, ModelRegistry } from '../server/analysis/model-registry';
import { womanOf, type LabelledImage } from './labelled-set';
import type { MetricId, ReportSection } from './metrics';

export const QUALITY_REPORT_COMMAND = 'npm run evaluate -- --data DIR --report';
export const DEFAULT_QUALITY_REPORT = path.resolve(import.meta.dirname, '..', 'core', 'score-quality-report.json');

/** What the density model file records of its training (server/analysis/reference/density-model.json). */
const DensityTraining = z.object({
  set: z.string(),
  crossValidated: z.object({ spearman: z.number(), meanAbsoluteError: z.number(), folds: z.number().int(), films: z.number().int() }),
});

/** What the detection weights record of their training on real films, once they have one. */
const DetectionTraining = z.object({
  set: z.string(),
  films: z.number().int(),
  women: z.number().int(),
  lesions: z.number().int(),
  normals: z.number().int(),
  folds: z.number().int(),
  crossValidated: z.object({
    imageAuc: z.number(),
    sensitivityAt1FalsePerImage: z.number(),
    sensitivityAtQuarterFalsePerImage: z.number(),
    normalsAtOrAboveQ90: z.number(),
    mergedNormalsAtOrAboveQ90: z.number(),
    /** Written by npm run train:detection since the figures by kind of lesion; absent in older records. */
    byLesionKind: z
      .array(z.object({ kind: z.string(), films: z.number().int(), imageAuc: z.number().nullable(), lesions: z.number().int(), found: z.number().int() }))
      .optional(),
  }),
});

export interface QualityReportInput {
  /** The engine named by the predictions the sections were computed from. */
  engine: string;
  sections: readonly ReportSection[];
  set: { name: string; images: readonly LabelledImage[] };
  /** DENSITY_MODEL.training. */
  densityTraining: unknown;
  /** DETECTION_WEIGHTS.training: undefined while the weights have no record on real films. */
  detectionTraining: unknown;
  registry: ModelRegistry;
}

function parseRecord<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${what}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

function metricOf(sections: readonly ReportSection[], id: MetricId): { value: number | null; n: number } | null {
  for (const s of sections) {
    // Four decimals: more than any figure is printed with, and the committed file stays readable.
    for (const l of s.lines) if (l.kind === 'metric' && l.id === id) return { value: Number.isFinite(l.value) ? Math.round(l.value * 1e4) / 1e4 : null, n: l.n };
  }
  return null;
}

function measured(sections: readonly ReportSection[], id: MetricId, unit: QualityFigure['unit'], basis: FigureBasis): QualityFigure {
  const m = metricOf(sections, id);
  return { value: m?.value ?? null, n: m ? m.n : null, unit, basis, source: `npm run evaluate: ${id}` };
}

function recorded(value: number | undefined, n: number | undefined, unit: QualityFigure['unit'], source: string): QualityFigure {
  return { value: value ?? null, n: n ?? null, unit, basis: 'cross-validated', source };
}

function modelOf(p: ModelProvider): QualityModel {
  const { name, version, source, n } = p.reference;
  return { name: p.name, version: p.version, reference: { name, version, source, n } };
}

const isAnnotated = (img: LabelledImage) => img.density?.scale === 'annotated fibroglandular percent';

/** Film, woman and lesion counts of the set, from its labels. */
export function countSet(set: { name: string; images: readonly LabelledImage[] }): ScoreQualityReport['set'] {
  const images = set.images;
  const women = new Set(images.map(womanOf));
  return {
    name: set.name,
    films: images.length,
    women: women.size,
    annotatedFilms: images.filter(isAnnotated).length,
    readingFilms: images.filter((img) => img.density?.scale === 'MIAS background tissue').length,
    abnormalFilms: images.filter((img) => img.abnormal === true).length,
    normalFilms: images.filter((img) => img.abnormal === false).length,
    locatedLesions: images
      .filter((img) => img.abnormal === true)
      .reduce((k, img) => k + (img.lesions ?? []).filter((l) => l.x !== null && l.y !== null && l.r !== null).length, 0),
  };
}

/** Whether a woman with a left and a right MLO film has one the density model was fitted on (annotated). */
function pairsIncludeAnnotated(images: readonly LabelledImage[]): boolean {
  const byWoman = new Map<string, LabelledImage[]>();
  for (const img of images) if (img.patient && img.view === 'MLO') byWoman.set(img.patient, [...(byWoman.get(img.patient) ?? []), img]);
  return [...byWoman.values()].some(
    (p) => p.length === 2 && p.some((i) => i.laterality === 'L') && p.some((i) => i.laterality === 'R') && p.some(isAnnotated),
  );
}

/**
 * The report. Throws when the predictions were made by another engine than the registry's (the
 * figures and the model records would not belong together) or when a training record is malformed.
 */
export function buildQualityReport(input: QualityReportInput): ScoreQualityReport {
  const { sections, set, registry } = input;
  const running = `${registry.engine.name} ${registry.engine.version}`;
  if (input.engine !== running) {
    throw new Error(`the predictions were made by ${input.engine}, the running engine is ${running}: predict again (evaluate without --metrics-only)`);
  }
  const density = parseRecord(DensityTraining, input.densityTraining, 'density model training record');
  const detection = input.detectionTraining === undefined ? null : parseRecord(DetectionTraining, input.detectionTraining, 'detection weights training record');

  // The density model is fitted on the annotated films of its training set and on nothing else:
  // on that set the annotated figures are in-sample, the background-tissue readings never are.
  const densityFitted = density.set === set.name;
  const annotatedBasis: FigureBasis = densityFitted ? 'in-sample' : 'unseen';
  const pairBasis: FigureBasis = densityFitted && pairsIncludeAnnotated(set.images) ? 'in-sample' : 'unseen';
  // Detection (and the combined score built on it) is in-sample on the set its weights were fitted on.
  const detectionBasis: FigureBasis = detection?.set === set.name ? 'in-sample' : 'unseen';
  const densityCv = 'density-model.json training.crossValidated';
  const detectionCv = 'detection-weights.json training.crossValidated';

  return ScoreQualityReport.parse({
    engine: input.engine,
    command: QUALITY_REPORT_COMMAND,
    set: countSet(set),
    density: {
      model: modelOf(registry.density),
      training: { set: density.set, films: density.crossValidated.films, folds: density.crossValidated.folds },
      figures: {
        rankCv: recorded(density.crossValidated.spearman, density.crossValidated.films, 'films', densityCv),
        errorCv: recorded(density.crossValidated.meanAbsoluteError, density.crossValidated.films, 'films', densityCv),
        rank: measured(sections, 'density.annotated.spearman', 'films', annotatedBasis),
        error: measured(sections, 'density.annotated.meanAbsoluteError', 'films', annotatedBasis),
        readingRank: measured(sections, 'density.mias.spearman', 'films', 'unseen'),
        readingMedianF: measured(sections, 'density.mias.median.F', 'films', 'unseen'),
        readingMedianG: measured(sections, 'density.mias.median.G', 'films', 'unseen'),
        readingMedianD: measured(sections, 'density.mias.median.D', 'films', 'unseen'),
        pairDifference: measured(sections, 'density.pairs.meanAbsoluteDifference', 'pairs', pairBasis),
      },
    },
    detection: {
      model: modelOf(registry.detection),
      training: detection && { set: detection.set, films: detection.films, women: detection.women, lesions: detection.lesions, normals: detection.normals, folds: detection.folds },
      figures: {
        aucCv: recorded(detection?.crossValidated.imageAuc, detection?.films, 'films', detectionCv),
        sensitivityAt1Cv: recorded(detection?.crossValidated.sensitivityAt1FalsePerImage, detection?.lesions, 'lesions', detectionCv),
        sensitivityAtQuarterCv: recorded(detection?.crossValidated.sensitivityAtQuarterFalsePerImage, detection?.lesions, 'lesions', detectionCv),
        normalsHighCv: recorded(detection?.crossValidated.normalsAtOrAboveQ90, detection?.normals, 'normal films', detectionCv),
        auc: measured(sections, 'detection.imageAuc', 'films', detectionBasis),
        sensitivityAt1: measured(sections, 'detection.sensitivity.at1FalsePerImage', 'lesions', detectionBasis),
        sensitivityAtQuarter: measured(sections, 'detection.sensitivity.atQuarterFalsePerImage', 'lesions', detectionBasis),
        normalsHigh: measured(sections, 'detection.normalsAtOrAboveQ90', 'normal films', detectionBasis),
      },
      byKind: (detection?.crossValidated.byLesionKind ?? []).map((k) => ({
        kind: k.kind,
        aucCv: recorded(k.imageAuc ?? undefined, k.films, 'films', `${detectionCv}.byLesionKind`),
        sensitivityAt1Cv: recorded(k.lesions > 0 ? Math.round((k.found / k.lesions) * 1e4) / 1e4 : undefined, k.lesions, 'lesions', `${detectionCv}.byLesionKind`),
      })),
    },
    risk: { model: modelOf(registry.risk) },
    masking: { model: modelOf(registry.masking) },
    merged: {
      model: modelOf(registry.merged),
      figures: {
        normalsHighCv: recorded(detection?.crossValidated.mergedNormalsAtOrAboveQ90, detection?.normals, 'normal films', detectionCv),
        normalsHigh: measured(sections, 'merged.normalsAtOrAboveQ90', 'normal films', detectionBasis),
      },
    },
  });
}

/** Writes the report as the client imports it (pretty JSON, one trailing newline). */
export function writeQualityReport(file: string, report: ScoreQualityReport): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
