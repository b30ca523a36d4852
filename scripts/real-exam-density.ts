/**
 * Percent density and grade per breast for the real exams in ../shared/data/mammograms, the way a
 * user's upload is read: each exam wrapped as DICOM MG (server/corpus/real-exams) and decoded as
 * the worker decodes (server/jobs/pipeline), then measured by the engine.
 * Run: npx tsx scripts/real-exam-density.ts
 */
import type { ViewKey } from '../core/contract/scores';
import { densityGrade } from '../server/analysis/density-grade';
import { measureStudy } from '../server/analysis/image/study';
import { buildRealExamStudy, findRealExams, realMammogramsMissing } from '../server/corpus/real-exams';
import { decodeDicom } from '../server/dicom/decode';
import type { DecodedView } from '../server/dicom/types';
import { DECODE_MAX_HEIGHT } from '../server/jobs/pipeline';

function breastPd(a: number | null, b: number | null): number | null {
  const v = [a, b].filter((x): x is number => x !== null);
  return v.length ? v.reduce((s, x) => s + x, 0) / v.length : null;
}

async function main(): Promise<void> {
  const missing = realMammogramsMissing();
  if (missing) {
    console.log(`skipped: ${missing}`);
    return;
  }
  console.log('exam               | R PD  grade | L PD  grade | same | per view PD');
  for (const exam of findRealExams()) {
    const study = await buildRealExamStudy(exam);
    const views: Partial<Record<ViewKey, DecodedView>> = {};
    for (const [key, bytes] of Object.entries(study.files) as [ViewKey, Uint8Array][]) {
      views[key] = { key, ...(await decodeDicom(bytes, { maxHeight: DECODE_MAX_HEIGHT })) };
    }
    const m = measureStudy(views);
    const r = breastPd(m.views.r_cc.percentDensity, m.views.r_mlo.percentDensity);
    const l = breastPd(m.views.l_cc.percentDensity, m.views.l_mlo.percentDensity);
    const gr = r === null ? '-' : densityGrade(r);
    const gl = l === null ? '-' : densityGrade(l);
    const per = (Object.keys(views) as ViewKey[]).map((k) => `${k} ${m.views[k].percentDensity?.toFixed(1)}`).join(', ');
    const fmt = (x: number | null) => (x === null ? '  -  ' : x.toFixed(1).padStart(5));
    console.log(`${exam.id.padEnd(18)} | ${fmt(r)}   ${gr}   | ${fmt(l)}   ${gl}   | ${gr === gl ? 'yes' : 'NO '}  | ${per}`);
  }
}

await main();
