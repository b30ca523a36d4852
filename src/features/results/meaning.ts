import type { ScoreEntry } from '../../../core/contract';
import { wholePercent, type QuantileLabel } from '../../../core/wording/scores';
import { msg, t } from '../../i18n';
import type { ScoreTabKey } from './tabs';

/**
 * What the big number itself is, in one sentence under it. A worried reader otherwise takes
 * "76%" for a 76 % chance of cancer, so the two scores that are not chances say so, and the two
 * that are chances say it as "N in 100".
 */
export function numberMeaning(tab: ScoreTabKey, entry: ScoreEntry): string {
  if (entry.score === null) return '';
  const n = wholePercent(entry.score);
  const inHundred = n < 1 ? t('fewer than 1 in 100') : t('about {{n}} in 100', { n });
  switch (tab) {
    case 'smart-density':
      return t('This is a score from 0% to 100%. It is not the chance that you have cancer.');
    case 'cancer-signs':
      return t('This is a score from 0% to 100%. It is not the chance that you have cancer.');
    case 'inherent-risk':
      return t('Out of 100 women like you, {{inHundred}} get breast cancer in the next 5 years.', { inHundred });
    case 'masking':
      return t('If a cancer were there, the chance that dense tissue would hide it is {{inHundred}}.', { inHundred });
  }
}

/** The icon array's count for the scores that are chances; null for the others. */
export function absoluteCount(tab: ScoreTabKey, entry: ScoreEntry): number | null {
  if (entry.score === null || (tab !== 'inherent-risk' && tab !== 'masking')) return null;
  return wholePercent(entry.score);
}

/** One calm sentence on what to do, by group: the thing a worried reader looks for first (shown with t(text)). */
export const NEXT_STEP: Record<QuantileLabel, string> = {
  'Very Low': msg('Keep going to your regular screening appointments.'),
  Low: msg('Keep going to your regular screening appointments.'),
  Moderate: msg('Keep going to your regular screening. You can talk about this score with your doctor.'),
  High: msg('Talk with your doctor about this score. It is not a diagnosis.'),
};
