/**
 * How a score and its population quantile are put into words (spec section 9). One place, so the
 * results tabs, the task manager, the empower result and the printed report say the same thing.
 *
 * N, the share in the ranking texts, is the share of the population whose score is higher than
 * the person's: N = round((1 - quantile) x 100), kept within 1..99 so that nobody reads "0 %" or
 * "100 %" (a quantile of 0.999 is "among the 1% most risky", 0.001 is "lower than that of 99%").
 * The same N is used both below and above the middle: below 0.5 it is the share the person is
 * lower than; from 0.5 it is the size of the top group the person belongs to.
 */

export const QUANTILE_LABELS = ['Very Low', 'Low', 'Moderate', 'High'] as const;
export type QuantileLabel = (typeof QUANTILE_LABELS)[number];

/** Upper bounds (inclusive) of the first three labels; above the last one is High. */
export const LABEL_UPPER_BOUNDS = { 'Very Low': 0.1, Low: 0.5, Moderate: 0.9 } as const;

/** Below this quantile the ranking says "lower than"; from it on, "among the N% most risky". */
export const RANKING_SPLIT = 0.5;

/** Above this quantile the supplemental-screening advice appears. */
export const ADVICE_QUANTILE = 0.9;

/** Shown where a score could not be computed. */
export const NOT_AVAILABLE = 'N/A';

export function quantileLabel(quantile: number): QuantileLabel {
  if (quantile <= LABEL_UPPER_BOUNDS['Very Low']) return 'Very Low';
  if (quantile <= LABEL_UPPER_BOUNDS.Low) return 'Low';
  if (quantile <= LABEL_UPPER_BOUNDS.Moderate) return 'Moderate';
  return 'High';
}

/** The whole percent of a score in [0, 1]: round(score x 100). */
export function wholePercent(score: number): number {
  return Math.round(score * 100);
}

/** "23%", or "N/A" for a score that could not be computed. */
export function percentText(score: number | null | undefined): string {
  return score === null || score === undefined ? NOT_AVAILABLE : `${wholePercent(score)}%`;
}

/** N of the ranking texts (see the note at the top of the file). */
export function rankingShare(quantile: number): number {
  return Math.min(99, Math.max(1, Math.round((1 - quantile) * 100)));
}

export function isLowerHalf(quantile: number): boolean {
  return quantile < RANKING_SPLIT;
}

/** The ranking sentence of spec section 9. */
export function rankingText(quantile: number): string {
  const n = rankingShare(quantile);
  return isLowerHalf(quantile) ? `Your risk is lower than that of ${n}% of the population.` : `Your score is among the ${n}% most risky.`;
}

/** The result tab's short text of spec section 9: 'lower than N%' or 'top N%'. */
export function rankingShortText(quantile: number): string {
  const n = rankingShare(quantile);
  return isLowerHalf(quantile) ? `lower than ${n}%` : `top ${n}%`;
}

/** True when the supplemental-screening advice (MRI or ultrasound) should be shown. */
export function showsAdvice(quantile: number | null | undefined): boolean {
  return quantile !== null && quantile !== undefined && quantile > ADVICE_QUANTILE;
}

/**
 * The ScreenTrust MRI figure behind the advice: 64 cancers found per 1,000 MRIs in the top group
 * (Salim et al., Nat Med 2024), said as "about 6 in 100".
 */
export const ADVICE_IN_100 = 6;

export const ADVICE_TITLE = 'Talk to your doctor about an extra scan';
export const ADVICE_TEXT = [
  'Your score is in the highest 10%.',
  `In a large Swedish study, women in this top group were offered an extra MRI scan. About ${ADVICE_IN_100} in 100 of them were found to have breast cancer that the mammogram had not shown.`,
  'Ask your doctor if an extra scan, such as MRI or ultrasound, is right for you.',
] as const;

/** Everything a screen shows for one score entry. */
export type ScoreWording =
  | { available: true; percent: string; label: QuantileLabel; ranking: string; short: string; advice: boolean }
  | { available: false; percent: typeof NOT_AVAILABLE; reason: string };

export function describeScore(entry: { score: number | null; quantile: number | null; reason?: string }): ScoreWording {
  if (entry.score === null || entry.quantile === null) {
    return { available: false, percent: NOT_AVAILABLE, reason: entry.reason ?? 'This score could not be computed.' };
  }
  return {
    available: true,
    percent: percentText(entry.score),
    label: quantileLabel(entry.quantile),
    ranking: rankingText(entry.quantile),
    short: rankingShortText(entry.quantile),
    advice: showsAdvice(entry.quantile),
  };
}
