/**
 * Detection and the combined score's top band on the labelled real films of ../shared, through the
 * upload path with the shipped weights and references: the films without findings must not crowd
 * the top bands (the fault of the phantom-fitted engine: most real studies at detection quantile
 * 1.0), and a view shows few regions. Every third film without findings (34 of 101) keeps it
 * quick; the full figures come from `npm run evaluate` and `npm run train:detection`.
 * Skipped, with the reason printed, when the labelled films are absent.
 */
import { describe, expect, it } from 'vitest';
import { mergedTopBandShare } from '../../evaluation/calibration/build';
import { analyseFilm } from '../../evaluation/film';
import { readLabelledSet, realLabelledDir, realLabelledMissing } from '../../evaluation/labelled-set';
import { predictionOf } from '../../evaluation/predict';
import { DETECTION_WEIGHTS } from '../../server/analysis/image/suspicion-models';
import { DENSITY_REFERENCE, MASKING_REFERENCE, MERGED_REFERENCE, RISK_REFERENCE } from '../../server/analysis/reference';
import { measureStudy } from '../../server/analysis/image/study';
import { findRealExams, realMammogramsMissing } from '../../server/corpus/real-exams';
import type { DecodedView } from '../../server/dicom/types';
import { decodeRealExam } from '../../evaluation/real-exam-eval';
import type { ViewKey } from '../../core/contract/scores';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import { AI_MODEL } from '../../core/decisions';
import { analyzeStudy } from '../../server/analysis/engine';

const DIR = realLabelledDir();
const missing = realLabelledMissing(DIR);
if (missing) console.warn(`real-detection.test.ts: not run: ${missing}`);

describe.skipIf(missing !== null)('detection on real films without findings', { timeout: 240_000 }, () => {
  it('about one in ten in the top bands of detection and of the combined score, and few regions per view', async () => {
    const set = readLabelledSet(DIR);
    const normals = set.images.filter((img) => img.abnormal === false).filter((_, i) => i % 3 === 0);
    expect(normals.length).toBeGreaterThan(30);
    const predictions = [];
    for (const img of normals) predictions.push(predictionOf(await analyseFilm(set, img)));
    const measured = predictions.filter((p) => p.detection.quantile !== null && p.density.percent !== null);
    expect(measured.length).toBe(normals.length);
    const detectionHigh = measured.filter((p) => (p.detection.quantile as number) >= 0.9).length / measured.length;
    const mergedHigh = mergedTopBandShare(
      measured.map((p) => ({ percentDensity: p.density.percent as number, denseAreaCm2: null, detectionQuantile: p.detection.quantile as number })),
      DENSITY_REFERENCE.population.weights,
      RISK_REFERENCE,
      MASKING_REFERENCE,
      MERGED_REFERENCE.values,
    );
    const regions = measured.reduce((s, p) => s + p.detection.regions.length, 0) / measured.length;
    console.log(`${measured.length} films without findings: detection top band ${(100 * detectionHigh).toFixed(1)} %, combined top band ${(100 * mergedHigh).toFixed(1)} %, ${regions.toFixed(2)} regions per film`);
    // About 10 % each (these films are part of what the references were built on; 34 films leave
    // a wide margin). The phantom-fitted engine put most of them at the top.
    expect(detectionHigh).toBeLessThanOrEqual(0.25);
    expect(mergedHigh).toBeGreaterThan(0.02);
    expect(mergedHigh).toBeLessThanOrEqual(0.25);
    expect(regions).toBeLessThanOrEqual(DETECTION_WEIGHTS.regions.max);
    for (const p of measured) expect(p.detection.regions.length).toBeGreaterThanOrEqual(1);
  });
});

const examsMissing = realMammogramsMissing();
if (examsMissing) console.warn(`real-detection.test.ts: digital exams not run: ${examsMissing}`);

describe.skipIf(examsMissing !== null)('detection on the digital exams', { timeout: 240_000 }, () => {
  // The breast runs off the image at the chest wall; its cut edge is no finding. Before the edge
  // was excluded, the top finding of 9 of these 12 views sat on it.
  it('finds no mass within 3 mm of the image edge, where the film cuts the breast', async () => {
    let views = 0;
    for (const exam of findRealExams()) {
      for (const [key, decoded] of Object.entries(await decodeRealExam(exam)) as [ViewKey, DecodedView][]) {
        const a = measureStudy({ [key]: decoded }).analyses[key];
        expect(a, `${exam.id} ${key} analysed`).toBeTruthy();
        if (!a) continue;
        views++;
        const edge = 3 / a.coarseSpacingMm;
        expect(a.masses.length, `${exam.id} ${key} has mass candidates`).toBeGreaterThan(0);
        for (const m of a.masses) {
          const inside = m.x >= edge - 1 && m.y >= edge - 1 && m.x <= a.coarse.width - edge && m.y <= a.coarse.height - edge;
          expect(inside, `${exam.id} ${key}: mass at (${m.x}, ${m.y}) of ${a.coarse.width}x${a.coarse.height}`).toBe(true);
        }
      }
    }
    expect(views).toBeGreaterThanOrEqual(8);
  });

  // The references are built from scanned films; these are processed full-field digital exams
  // (sample exams of public classifiers; one has a benign finding). A change to the detector that reads
  // digital images differently from films lifts them all together: a brightness-profile feature
  // that raised the films' cross-validated image AUC by 0.014 put these four at detection ranks
  // 0.96, 0.68, 0.80 and 0.59 (0.71, 0.69, 0.33 and 0.15 without it), and was not kept. Ranked
  // against women without findings, such exams should sit around the middle, not at the top.
  it('ranks the four digital exams at 55 around the middle, not in the top bands', async () => {
    const detection: number[] = [];
    const combined: number[] = [];
    for (const exam of findRealExams()) {
      const { result } = await analyzeStudy(await decodeRealExam(exam), { age: 55, ageSource: 'birthdate', riskFactors: EMPTY_RISK_FACTORS });
      expect(result.study.detection.quantile, `${exam.id} detection ranked`).not.toBeNull();
      expect(result.study[AI_MODEL].quantile, `${exam.id} combined score ranked`).not.toBeNull();
      detection.push(result.study.detection.quantile as number);
      combined.push(result.study[AI_MODEL].quantile as number);
    }
    console.log(`digital exams at 55: detection ranks ${detection.map((q) => q.toFixed(2)).join(', ')}; combined ${combined.map((q) => q.toFixed(2)).join(', ')}`);
    expect(detection.length).toBe(4);
    expect(detection.filter((q) => q >= 0.9).length).toBeLessThanOrEqual(1);
    expect(combined.filter((q) => q >= 0.9).length).toBeLessThanOrEqual(1);
    // The mean of four ranks from the reference population has an SD of about 0.14 around 0.5.
    expect(detection.reduce((a, b) => a + b, 0) / detection.length).toBeLessThanOrEqual(0.75);
  });
});
