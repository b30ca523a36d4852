/**
 * Density on phantoms of the corpus (server/phantom, written as DICOM and decoded like an upload)
 * over a sweep of true dense fractions: rising, grades in order; and on the real exams in
 * ../shared, the left and right breast in agreement.
 */
import { describe, expect, it } from 'vitest';
import { VIEW_KEYS } from '../../core/contract/scores';
import { densityGrade, gradeIndex } from '../../server/analysis/density-grade';
import { densityRows, measurePhantom, phantomSize, studyPercentDensity } from '../../evaluation/phantom-eval';
import { realExamDensity } from '../../evaluation/real-exam-eval';
import { findRealExams, realMammogramsDir, realMammogramsMissing } from '../../server/corpus/real-exams';
import { DENSITY_REFERENCE } from '../../server/analysis/reference';

const LONG = { timeout: 240_000 };
/** How far apart a woman's two breasts may read (issue 14's goal for her two MLO films, points). */
const PAIR_POINTS = 5;
/** 416 x 512 pixels, about 0.56 mm: the image pipeline's coarse grid is about this size anyway. */
const SIZE = phantomSize(416);
const TRUE_FRACTIONS = [0.05, 0.15, 0.3, 0.45, 0.6];

describe('percent density on corpus phantoms of known dense fraction', LONG, () => {
  const sweep = TRUE_FRACTIONS.map(async (density) => {
    const { study, measured } = await measurePhantom({ seed: 7, ...SIZE, density });
    return { density, rows: densityRows(study, measured), study: studyPercentDensity(measured)!, truth: 100 * study.truth.denseFraction };
  });

  // Issue 14 dropped the phantom error goal: the density model is learned from radiologists'
  // tissue masks on real films (evaluation/train-density.ts), whose percent runs higher than the
  // phantoms' pixel-wise truth. Phantoms stay a sanity check: order and grades.
  it('grades the phantoms in order of their true fraction (the error is printed, not a goal)', async () => {
    const results = await Promise.all(sweep);
    const errors = results.flatMap((r) => r.rows.map((v) => Math.abs(v.measured! - v.truth)));
    console.log(
      `phantom density, mean absolute difference from the pixel-wise truth ${(errors.reduce((a, b) => a + b, 0) / errors.length).toFixed(2)} points over ${errors.length} views; truth -> study PD: ` +
        results.map((r) => `${r.truth.toFixed(0)} -> ${r.study.toFixed(1)} (${densityGrade(r.study)})`).join(', '),
    );
    const grades = results.map((r) => gradeIndex(densityGrade(r.study)));
    for (let i = 1; i < grades.length; i++) expect(grades[i]).toBeGreaterThanOrEqual(grades[i - 1]);
    expect(grades[grades.length - 1]).toBeGreaterThan(grades[0]);
  });

  it('rises with the true fraction, per view and per study', async () => {
    const results = await Promise.all(sweep);
    for (let i = 1; i < results.length; i++) {
      expect(results[i].study).toBeGreaterThan(results[i - 1].study);
      for (const [k, key] of VIEW_KEYS.entries()) {
        expect(results[i].rows[k].key).toBe(key);
        expect(results[i].rows[k].measured!).toBeGreaterThan(results[i - 1].rows[k].measured!);
      }
    }
  });
});

const DIR = realMammogramsDir();
const missing = realMammogramsMissing(DIR);
if (missing) console.warn(`phantom-density.test.ts: real-exam grade check not run: ${missing}`);

/** Both breasts' PD and grade, as a user would read them (see realExamDensity). */
async function examDensity(exam: ReturnType<typeof findRealExams>[number]) {
  const r = await realExamDensity(exam);
  const left = r.left!;
  const right = r.right!;
  return { id: r.id, left, right, leftGrade: densityGrade(left), rightGrade: densityGrade(right) };
}

describe.runIf(!missing)('density grade of the real exams in ../shared', LONG, () => {
  const exams = missing ? [] : findRealExams(DIR);
  const results = new Map(exams.map((e) => [e.id, examDensity(e)]));

  for (const exam of exams) {
    it(`${exam.id}: left and right breast at a plausible density, a few points apart`, async () => {
      const r = await results.get(exam.id)!;
      console.log(`${r.id}: right PD ${r.right.toFixed(1)} grade ${r.rightGrade}, left PD ${r.left.toFixed(1)} grade ${r.leftGrade}`);
      for (const pd of [r.left, r.right]) {
        expect(pd).toBeGreaterThan(5);
        expect(pd).toBeLessThan(75);
      }
      expect(Math.abs(r.left - r.right)).toBeLessThan(8);
    });
  }

  // These are processed digital mammograms; the density model learned on digitised films, so
  // their level is not validated (README, "How good is the density"), but a breast and its twin
  // must agree: the same grade, or, when the cut between two grades runs between them, neighbouring
  // grades with both breasts within PAIR_POINTS of that cut (a breast at 53.6 % and its twin at
  // 57.0 % agree as well as the issue asks of a woman's two films, whichever side of 53.8 % each
  // falls).
  it('left and right get the same grade in every exam, or neighbouring grades on either side of a cut both lie close to', async () => {
    const all = await Promise.all(results.values());
    const cuts = DENSITY_REFERENCE.cutPoints;
    const differing = all.filter((r) => r.leftGrade !== r.rightGrade);
    console.log(`same grade left and right in ${all.length - differing.length} of ${all.length} exams; differing: ${differing.map((r) => `${r.id} (R ${r.rightGrade} ${r.right.toFixed(1)}, L ${r.leftGrade} ${r.left.toFixed(1)})`).join(', ') || 'none'}`);
    for (const r of differing) {
      const lower = Math.min(gradeIndex(r.leftGrade), gradeIndex(r.rightGrade));
      expect(Math.abs(gradeIndex(r.leftGrade) - gradeIndex(r.rightGrade)), r.id).toBe(1);
      for (const pd of [r.left, r.right]) expect(Math.abs(pd - cuts[lower]), r.id).toBeLessThan(PAIR_POINTS);
    }
  });
});
