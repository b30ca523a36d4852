/**
 * How a score and its population quantile are put into words (spec section 9). One place, so the
 * results tabs, the task manager, the empower result and the printed report say the same thing.
 *
 * N, the share in the ranking texts, is the share of the population whose score is higher than
 * the person's: N = round((1 - quantile) x 100), kept within 1..99 so that nobody reads "0 %" or
 * "100 %" (a quantile of 0.999 is "among the 1% most risky", 0.001 is "lower than that of 99%").
 * The same N is used both below and above the middle: below 0.5 it is the share the person is
 * lower than; from 0.5 it is the size of the top group the person belongs to.
 *
 * The texts are English (the server shares this file) and marked with msg(); the functions take
 * the client's translate function `tr` (issue 18, item 7) and speak English without one.
 */
import { msg } from '../i18n';
import { inEnglish, reasonText, type Translate } from './reasons';

export { inEnglish, reasonText, referenceText, type Translate } from './reasons';

/** The group names, English keys: translate them where they are shown, with t(label). */
export const QUANTILE_LABELS = [msg('Very Low'), msg('Low'), msg('Moderate'), msg('High')] as const;
export type QuantileLabel = (typeof QUANTILE_LABELS)[number];

/** Upper bounds (inclusive) of the first three labels; above the last one is High. */
export const LABEL_UPPER_BOUNDS = { 'Very Low': 0.1, Low: 0.5, Moderate: 0.9 } as const;

/** Below this quantile the ranking says "lower than"; from it on, "among the N% most risky". */
export const RANKING_SPLIT = 0.5;

/** Above this quantile the supplemental-screening advice appears. */
export const ADVICE_QUANTILE = 0.9;

/** Shown where a score could not be computed. */
export const NOT_AVAILABLE = msg('N/A');

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
export function percentText(score: number | null | undefined, tr: Translate = inEnglish): string {
  return score === null || score === undefined ? tr(NOT_AVAILABLE) : `${wholePercent(score)}%`;
}

/** N of the ranking texts (see the note at the top of the file). */
export function rankingShare(quantile: number): number {
  return Math.min(99, Math.max(1, Math.round((1 - quantile) * 100)));
}

export function isLowerHalf(quantile: number): boolean {
  return quantile < RANKING_SPLIT;
}

/** The ranking sentence of spec section 9. */
export function rankingText(quantile: number, tr: Translate = inEnglish): string {
  const n = rankingShare(quantile);
  return isLowerHalf(quantile) ? tr(msg('Your risk is lower than that of {{n}}% of the population.'), { n }) : tr(msg('Your score is among the {{n}}% most risky.'), { n });
}

/** The result tab's short text of spec section 9: 'lower than N%' or 'top N%'. */
export function rankingShortText(quantile: number, tr: Translate = inEnglish): string {
  const n = rankingShare(quantile);
  return isLowerHalf(quantile) ? tr(msg('lower than {{n}}%'), { n }) : tr(msg('top {{n}}%'), { n });
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

export const ADVICE_TITLE = msg('Talk to your doctor about an extra scan');
/** The advice's lines as keys; {{n}} is ADVICE_IN_100 (adviceText fills it in). */
export const ADVICE_TEXT = [
  msg('Your score is in the highest 10%.'),
  msg('In a large Swedish study, women in this top group were offered an extra MRI scan. About {{n}} in 100 of them were found to have breast cancer that the mammogram had not shown.'),
  msg('Ask your doctor if an extra scan, such as MRI or ultrasound, is right for you.'),
] as const;

/** The advice's lines, in the reader's language. */
export function adviceText(tr: Translate = inEnglish): string[] {
  return ADVICE_TEXT.map((line) => tr(line, { n: ADVICE_IN_100 }));
}

/** Everything a screen shows for one score entry. */
export type ScoreWording =
  | { available: true; percent: string; label: QuantileLabel; ranking: string; short: string; advice: boolean }
  | { available: false; percent: string; reason: string };

/**
 * `label` stays the English key (translate it where it is shown); the texts are in the language of
 * `tr` (a component passes its t from useT()).
 */
export function describeScore(entry: { score: number | null; quantile: number | null; reason?: string }, tr: Translate = inEnglish): ScoreWording {
  if (entry.score === null || entry.quantile === null) {
    return { available: false, percent: tr(NOT_AVAILABLE), reason: entry.reason ? reasonText(entry.reason, tr) : tr(msg('This score could not be computed.')) };
  }
  return {
    available: true,
    percent: percentText(entry.score, tr),
    label: quantileLabel(entry.quantile),
    ranking: rankingText(entry.quantile, tr),
    short: rankingShortText(entry.quantile, tr),
    advice: showsAdvice(entry.quantile),
  };
}
