import type { ScoredResult } from '../../../core/contract';
import { msg } from '../../../core/i18n';
import { MERGED, type ScoreKey } from './labels';

export type ScoreTabKey = 'smart-density' | 'cancer-signs' | 'inherent-risk' | 'masking';

/**
 * What each score tab says (ui.md: grade 6/7 reading level, short sentences, what it means and
 * what it does not mean). English keys, marked with msg(): translate them where they are shown,
 * with t(text) ("Smart Density" is the product's name and stays).
 */
export interface ScoreTabText {
  key: ScoreTabKey;
  title: string;
  score: ScoreKey;
  /** One line under the big number. */
  what: string;
  means: string[];
  doesNotMean: string[];
}

export const SCORE_TABS: readonly ScoreTabText[] = [
  {
    key: 'smart-density',
    title: 'Smart Density',
    score: MERGED,
    what: msg('Your combined score'),
    means: [
      msg('This score puts the other three scores together: cancer signs, inherent risk and masking. It also takes your age into account.'),
      msg('It compares you with other women who had a mammogram.'),
      msg('It can help you and your doctor decide if an extra scan could be useful for you.'),
    ],
    doesNotMean: [
      msg('It does not tell you if you have cancer.'),
      msg('A high score does not mean that you have cancer. Most women with a high score do not.'),
      msg('A low score does not mean you can skip your next mammogram.'),
    ],
  },
  {
    key: 'cancer-signs',
    title: msg('Cancer Signs'),
    score: 'detection',
    what: msg('How much your images show signs that can point to cancer'),
    means: [
      msg('A computer looked at your four images for spots that can be signs of cancer, such as a lump or small bright specks.'),
      msg('The score is higher when such spots are clearer or larger.'),
      msg('You can see where it looked most closely in the Images tab.'),
    ],
    doesNotMean: [
      msg('It is not a diagnosis. Only a doctor can say if something is cancer, often after more tests.'),
      msg('Many spots that look like signs turn out to be harmless.'),
    ],
  },
  {
    key: 'inherent-risk',
    title: msg('Inherent Risk'),
    score: 'risk',
    what: msg('Your chance of getting breast cancer in the next 5 years'),
    means: [
      msg('This is an estimate of how likely it is that you get breast cancer in the next 5 years.'),
      msg('It uses your age, how dense your breasts are, and your answers to the health questions, if you gave any.'),
    ],
    doesNotMean: [
      msg('It does not mean you have cancer now.'),
      msg('It is about groups of women like you. It cannot say what will happen to you.'),
      msg('Most women with a higher risk never get breast cancer.'),
    ],
  },
  {
    key: 'masking',
    title: msg('Masking'),
    score: 'masking',
    what: msg('How likely it is that dense tissue could hide cancer'),
    means: [
      msg('Dense breast tissue looks white on a mammogram. Cancer also looks white.'),
      msg('So dense tissue can hide cancer, like a white rabbit in the snow.'),
      msg('This score shows how likely it is that dense tissue could hide cancer on your mammogram.'),
    ],
    doesNotMean: [
      msg('It does not mean that something is hidden in your images.'),
      msg('It tells you how clear your mammogram can be, not what is in it.'),
      msg('Dense breasts are common and normal.'),
    ],
  },
];

export const studyEntry = (result: ScoredResult, key: ScoreKey) => result.study[key];
