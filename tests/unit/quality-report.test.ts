/**
 * The score-quality report (evaluation/quality-report.ts) built from hand-made report sections, a
 * small labelled set and training records, and written by `npm run evaluate -- --report FILE`.
 * Never reads ../shared and never writes the committed report.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScoreQualityReport } from '../../core/contract/score-quality';
import { runCli } from '../../evaluation/evaluate';
import type { LabelledImage } from '../../evaluation/labelled-set';
import type { MetricId, ReportLine, ReportSection } from '../../evaluation/metrics';
import { buildQualityReport, countSet, type QualityReportInput } from '../../evaluation/quality-report';
import { REFERENCE_MODELS } from '../../server/analysis/model-registry';

const ENGINE = `${REFERENCE_MODELS.engine.name} ${REFERENCE_MODELS.engine.version}`;

const metric = (id: MetricId, value: number, n: number): ReportLine => ({ kind: 'metric', id, label: id, value, n, digits: 3 });

const SECTIONS: ReportSection[] = [
  { title: `Engine ${ENGINE}`, lines: [{ kind: 'text', text: '6 of 6 labelled films have a prediction' }] },
  { title: 'annotated', lines: [metric('density.annotated.spearman', 0.9, 2), metric('density.annotated.meanAbsoluteError', 4.25, 2)] },
  {
    title: 'readings',
    lines: [
      metric('density.mias.spearman', 0.5, 4),
      metric('density.mias.median.F', 20, 2),
      metric('density.mias.median.G', 35, 1),
      // One reading absent from the set: its median is NaN, which the report keeps as not measured.
      metric('density.mias.median.D', NaN, 0),
      { kind: 'check', label: 'median percent by label', ok: false, goal: 'rising F < G < D' },
    ],
  },
  { title: 'pairs', lines: [metric('density.pairs.meanAbsoluteDifference', 7.5, 1)] },
  // No sensitivity at fixed false regions and no merged band share in this run: those stay null.
  { title: 'detection', lines: [metric('detection.imageAuc', 0.75, 4), metric('detection.normalsAtOrAboveQ90', 0.5, 2)] },
];

const film = (over: Partial<LabelledImage> & { id: string }): LabelledImage => ({
  source: 'made-here',
  image: `${over.id}.png`,
  view: 'MLO',
  laterality: 'L',
  pixelSpacingMm: 0.2,
  width: 100,
  height: 100,
  ...over,
});

const reading = (label: 'F' | 'G' | 'D') => ({ scale: 'MIAS background tissue' as const, label });
const IMAGES: LabelledImage[] = [
  film({ id: 'w1-l', patient: 'w1', density: reading('F'), abnormal: false, lesions: [] }),
  film({ id: 'w1-r', patient: 'w1', laterality: 'R', density: reading('G'), abnormal: true, lesions: [{ kind: 'CIRC', x: 10, y: 10, r: 5 }, { kind: 'CALC', x: null, y: null, r: null }] }),
  film({ id: 'w2-l', patient: 'w2', density: reading('F'), abnormal: false }),
  film({ id: 'w3-l', patient: 'w3', view: 'CC', density: reading('G'), abnormal: true, lesions: [{ kind: 'ARCH', x: 50, y: 40, r: 20 }] }),
  film({ id: 'ddsm-1', mask: 'm1.png', density: { scale: 'annotated fibroglandular percent', percent: 20 } }),
  film({ id: 'ddsm-2', mask: 'm2.png', laterality: 'R', density: { scale: 'annotated fibroglandular percent', percent: 60 } }),
];

const DENSITY_TRAINING = { set: 'dev-set', crossValidated: { films: 2, folds: 2, spearman: 0.8, meanAbsoluteError: 9.5 }, readingCheck: { films: 4 } };
const DETECTION_TRAINING = {
  set: 'dev-set',
  films: 4,
  women: 3,
  lesions: 2,
  normals: 2,
  folds: 3,
  crossValidated: { imageAuc: 0.7, sensitivityAt1FalsePerImage: 0.5, sensitivityAtQuarterFalsePerImage: 0.25, normalsAtOrAboveQ90: 0.1, mergedNormalsAtOrAboveQ90: 0.12 },
};

function input(over: Partial<QualityReportInput> = {}): QualityReportInput {
  return {
    engine: ENGINE,
    sections: SECTIONS,
    set: { name: 'dev-set', images: IMAGES },
    densityTraining: DENSITY_TRAINING,
    detectionTraining: undefined,
    registry: REFERENCE_MODELS,
    ...over,
  };
}

describe('the score-quality report', () => {
  it('counts the set from its labels', () => {
    expect(countSet({ name: 'dev-set', images: IMAGES })).toEqual({
      name: 'dev-set',
      films: 6,
      women: 5,
      annotatedFilms: 2,
      readingFilms: 4,
      abnormalFilms: 2,
      normalFilms: 2,
      locatedLesions: 2,
    });
  });

  it('reads every figure by its metric id, with its n and how it was measured', () => {
    const r = buildQualityReport(input());
    expect(r.engine).toBe(ENGINE);
    expect(r.command).toBe('npm run evaluate -- --data DIR --report');
    const { figures } = r.density;
    expect(figures.rankCv).toMatchObject({ value: 0.8, n: 2, unit: 'films', basis: 'cross-validated' });
    expect(figures.errorCv).toMatchObject({ value: 9.5, n: 2, basis: 'cross-validated' });
    // The density model was fitted on this set's annotated films: their figures are in-sample.
    expect(figures.rank).toEqual({ value: 0.9, n: 2, unit: 'films', basis: 'in-sample', source: 'npm run evaluate: density.annotated.spearman' });
    expect(figures.error).toMatchObject({ value: 4.25, n: 2, basis: 'in-sample' });
    // The readings and the MLO pairs (no annotated film among them) were never fitted on.
    expect(figures.readingRank).toMatchObject({ value: 0.5, n: 4, basis: 'unseen' });
    expect(figures.readingMedianF).toMatchObject({ value: 20, n: 2, basis: 'unseen' });
    expect(figures.readingMedianD).toMatchObject({ value: null, n: 0, basis: 'unseen' });
    expect(figures.pairDifference).toMatchObject({ value: 7.5, n: 1, unit: 'pairs', basis: 'unseen' });
    expect(r.density.training).toEqual({ set: 'dev-set', films: 2, folds: 2 });
  });

  it('leaves the detection figures without a record, and metrics the run lacks, as not measured', () => {
    const r = buildQualityReport(input());
    expect(r.detection.training).toBeNull();
    for (const k of ['aucCv', 'sensitivityAt1Cv', 'sensitivityAtQuarterCv', 'normalsHighCv'] as const) {
      expect(r.detection.figures[k]).toMatchObject({ value: null, n: null, basis: 'cross-validated' });
    }
    // Weights not fitted on this set: the films were never seen.
    expect(r.detection.figures.auc).toMatchObject({ value: 0.75, n: 4, basis: 'unseen' });
    expect(r.detection.figures.sensitivityAt1).toMatchObject({ value: null, n: null });
    expect(r.merged.figures.normalsHigh).toEqual({ value: null, n: null, unit: 'normal films', basis: 'unseen', source: 'npm run evaluate: merged.normalsAtOrAboveQ90' });
    expect(r.detection.byKind).toEqual([]);
  });

  it('takes the figures by kind of finding from the record, the share found as found / lesions', () => {
    const byLesionKind = [
      { kind: 'ARCH', films: 1, imageAuc: 0.5, lesions: 1, found: 0 },
      { kind: 'CIRC', films: 1, imageAuc: 1, lesions: 3, found: 2 },
      // No scored film of the kind: no AUC (NaN written as null by JSON).
      { kind: 'SPIC', films: 0, imageAuc: null, lesions: 1, found: 1 },
    ];
    const r = buildQualityReport(input({ detectionTraining: { ...DETECTION_TRAINING, crossValidated: { ...DETECTION_TRAINING.crossValidated, byLesionKind } } }));
    const source = 'detection-weights.json training.crossValidated.byLesionKind';
    expect(r.detection.byKind).toEqual([
      { kind: 'ARCH', aucCv: { value: 0.5, n: 1, unit: 'films', basis: 'cross-validated', source }, sensitivityAt1Cv: { value: 0, n: 1, unit: 'lesions', basis: 'cross-validated', source } },
      { kind: 'CIRC', aucCv: { value: 1, n: 1, unit: 'films', basis: 'cross-validated', source }, sensitivityAt1Cv: { value: 0.6667, n: 3, unit: 'lesions', basis: 'cross-validated', source } },
      { kind: 'SPIC', aucCv: { value: null, n: 0, unit: 'films', basis: 'cross-validated', source }, sensitivityAt1Cv: { value: 1, n: 1, unit: 'lesions', basis: 'cross-validated', source } },
    ]);
    // A record written before the figures by kind existed still reads, with none.
    expect(buildQualityReport(input({ detectionTraining: DETECTION_TRAINING })).detection.byKind).toEqual([]);
  });

  it('takes the cross-validated detection record when the weights have one, and calls their own set in-sample', () => {
    const r = buildQualityReport(input({ detectionTraining: DETECTION_TRAINING }));
    expect(r.detection.training).toEqual({ set: 'dev-set', films: 4, women: 3, lesions: 2, normals: 2, folds: 3 });
    expect(r.detection.figures.aucCv).toMatchObject({ value: 0.7, n: 4, unit: 'films', basis: 'cross-validated' });
    expect(r.detection.figures.sensitivityAt1Cv).toMatchObject({ value: 0.5, n: 2, unit: 'lesions' });
    expect(r.detection.figures.sensitivityAtQuarterCv).toMatchObject({ value: 0.25, n: 2, unit: 'lesions' });
    expect(r.detection.figures.normalsHighCv).toMatchObject({ value: 0.1, n: 2, unit: 'normal films' });
    expect(r.merged.figures.normalsHighCv).toMatchObject({ value: 0.12, n: 2, unit: 'normal films', basis: 'cross-validated' });
    expect(r.detection.figures.auc.basis).toBe('in-sample');
    expect(r.merged.figures.normalsHigh.basis).toBe('in-sample');
    // On another set, the same models' figures are out-of-sample.
    const other = buildQualityReport(input({ detectionTraining: DETECTION_TRAINING, set: { name: 'held-out', images: IMAGES } }));
    expect(other.detection.figures.auc.basis).toBe('unseen');
    expect(other.density.figures.rank.basis).toBe('unseen');
  });

  it('names every model and its reference population from the registry', () => {
    const r = buildQualityReport(input());
    for (const k of ['density', 'detection', 'risk', 'masking', 'merged'] as const) {
      const p = REFERENCE_MODELS[k];
      expect(r[k].model).toEqual({
        name: p.name,
        version: p.version,
        reference: { name: p.reference.name, version: p.reference.version, source: p.reference.source, n: p.reference.n },
      });
    }
    expect(ScoreQualityReport.parse(r)).toEqual(r);
  });

  it('refuses predictions of another engine and a malformed training record', () => {
    expect(() => buildQualityReport(input({ engine: 'smart-density-reference-engine 0.0.1' }))).toThrow(/predictions were made by .* 0\.0\.1.*running engine is/);
    expect(() => buildQualityReport(input({ detectionTraining: { set: 'dev-set' } }))).toThrow(/detection weights training record: films/);
    expect(() => buildQualityReport(input({ densityTraining: {} }))).toThrow(/density model training record/);
  });
});

describe('npm run evaluate -- --report FILE', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quality-report-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('writes the report after the metrics, from an existing predictions file', async () => {
    const dir = path.join(tmp, 'dev-set');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ version: 1, images: IMAGES }));
    const predictions = path.join(tmp, 'predictions.json');
    const pred = (id: string, percent: number, score: number) => ({ id, density: { percent, grade: 'b' }, detection: { score, quantile: 0.5, regions: [] } });
    writeFileSync(
      predictions,
      JSON.stringify({
        engine: ENGINE,
        images: [pred('w1-l', 10, 0.1), pred('w1-r', 30, 0.6), pred('w2-l', 15, 0.2), pred('w3-l', 40, 0.7), pred('ddsm-1', 25, 0.1), pred('ddsm-2', 50, 0.1)],
      }),
    );
    const reportFile = path.join(tmp, 'out', 'report.json');
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(['--data', dir, '--out', predictions, '--metrics-only', '--report', reportFile], (l) => out.push(l), (l) => err.push(l));
    expect(code, err.join('\n')).toBe(0);
    expect(err.join('\n')).toContain(`score-quality report written to ${reportFile}`);
    const report = ScoreQualityReport.parse(JSON.parse(readFileSync(reportFile, 'utf8')));
    expect(report.engine).toBe(ENGINE);
    expect(report.set).toMatchObject({ name: 'dev-set', films: 6 });
    // Both films with a finding outscore both films without one.
    expect(report.detection.figures.auc).toMatchObject({ value: 1, n: 4 });
    expect(report.density.figures.readingRank.n).toBe(4);
  });
});
