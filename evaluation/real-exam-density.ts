/**
 * Percent density and grade per breast for the real exams in ../shared/data/mammograms, the way a
 * user's upload is read: each exam wrapped as DICOM MG (server/corpus/real-exams) and decoded as
 * the worker decodes (server/jobs/pipeline), then measured by the engine.
 * Run: npx tsx evaluation/real-exam-density.ts
 */
import type { ViewKey } from '../core/contract/scores';
import { densityGrade } from '../server/analysis/density-grade';
import { realExamDensity } from './real-exam-eval';
import { findRealExams, realMammogramsMissing } from '../server/corpus/real-exams';

async function main(): Promise<void> {
  const missing = realMammogramsMissing();
  if (missing) {
    console.log(`skipped: ${missing}`);
    return;
  }
  console.log('exam               | R PD  grade | L PD  grade | same | per view PD');
  for (const exam of findRealExams()) {
    const { views, right: r, left: l } = await realExamDensity(exam);
    const gr = r === null ? '-' : densityGrade(r);
    const gl = l === null ? '-' : densityGrade(l);
    const per = (Object.keys(views) as ViewKey[]).map((k) => `${k} ${views[k]?.toFixed(1) ?? '-'}`).join(', ');
    const fmt = (x: number | null) => (x === null ? '  -  ' : x.toFixed(1).padStart(5));
    console.log(`${exam.id.padEnd(18)} | ${fmt(r)}   ${gr}   | ${fmt(l)}   ${gl}   | ${gr === gl ? 'yes' : 'NO '}  | ${per}`);
  }
}

await main();
