/**
 * Percent density of the real exams in ../shared (server/corpus/real-exams), read the way a user's
 * upload is read: wrapped as DICOM MG, decoded as the worker decodes (at its size), then measured
 * by the engine. For the density test and evaluation/real-exam-density.ts.
 */
import type { ViewKey } from '../core/contract/scores';
import { buildRealExamStudy, type RealExam } from '../server/corpus/real-exams';
import { decodeDicom } from '../server/dicom/decode';
import type { DecodedView } from '../server/dicom/types';
import { DECODE_MAX_HEIGHT } from '../server/jobs/pipeline';
import { measureStudy } from '../server/analysis/image/study';

export interface RealExamDensity {
  id: string;
  /** PD of each view present (null when the view could not be measured). */
  views: Partial<Record<ViewKey, number | null>>;
  /** Breast PD: the mean of its measured views, as assembleResult combines them; null if none. */
  left: number | null;
  right: number | null;
}

function breastPd(views: RealExamDensity['views'], side: 'l' | 'r'): number | null {
  const v = [views[`${side}_cc`], views[`${side}_mlo`]].filter((x): x is number => typeof x === 'number');
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
}

/** The exam's views as an upload's: wrapped as DICOM MG, decoded as the worker decodes them. */
export async function decodeRealExam(exam: RealExam): Promise<Partial<Record<ViewKey, DecodedView>>> {
  const study = await buildRealExamStudy(exam);
  const decoded: Partial<Record<ViewKey, DecodedView>> = {};
  for (const [key, bytes] of Object.entries(study.files) as [ViewKey, Uint8Array][]) {
    decoded[key] = { key, ...(await decodeDicom(bytes, { maxHeight: DECODE_MAX_HEIGHT })) };
  }
  return decoded;
}

export async function realExamDensity(exam: RealExam): Promise<RealExamDensity> {
  const decoded = await decodeRealExam(exam);
  const m = measureStudy(decoded);
  const views: RealExamDensity['views'] = {};
  for (const key of Object.keys(decoded) as ViewKey[]) views[key] = m.views[key].percentDensity;
  return { id: exam.id, views, left: breastPd(views, 'l'), right: breastPd(views, 'r') };
}
