/**
 * The combined study score `merged_v_3_2025-03-14` ("smart density"), after the Karolinska
 * ScreenTrust MRI trial (NCT04832594): the three components (detection, risk, masking) are put on a
 * common scale, their population quantiles, weighted equally (their mean), and multiplied by
 * (110 - age) / 70. The trial sums the components; the mean is the same ranking divided by 3, and
 * keeps the score in [0, 1] for ages 40 and over. Below age 40 the age factor exceeds 1, so the
 * score is clamped to 1 to stay within the contract's [0, 1] (and above 110 to 0).
 */
import { MERGED_REFERENCE } from './reference';
import { quantileOf } from './quantiles';

export interface ComponentQuantiles {
  detection: number | null;
  risk: number | null;
  masking: number | null;
}

export type MergedOutcome = { score: number; quantile: number } | { score: null; quantile: null; reason: string };

export function ageFactor(ageYears: number): number {
  return (110 - ageYears) / 70;
}

/** The merged score in [0, 1], or null with the reason when an input is missing. */
export function mergedScore(q: ComponentQuantiles, ageYears: number | null): { score: number } | { score: null; reason: string } {
  if (ageYears === null || !Number.isFinite(ageYears)) return { score: null, reason: 'Age unknown: no birthdate' };
  const missing = (['detection', 'risk', 'masking'] as const).filter((k) => q[k] === null);
  if (missing.length > 0) return { score: null, reason: `Needs all three components; missing: ${missing.join(', ')}` };
  const mean = ((q.detection as number) + (q.risk as number) + (q.masking as number)) / 3;
  return { score: Math.min(1, Math.max(0, mean * ageFactor(ageYears))) };
}

/** The merged score and its quantile against the merged reference distribution. */
export function mergedEntry(q: ComponentQuantiles, ageYears: number | null, reference: readonly number[] = MERGED_REFERENCE.values): MergedOutcome {
  const m = mergedScore(q, ageYears);
  if (m.score === null) return { score: null, quantile: null, reason: m.reason };
  return { score: m.score, quantile: quantileOf(m.score, reference) };
}
