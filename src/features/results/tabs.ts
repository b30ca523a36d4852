import type { ScoredResult } from '../../../core/contract';
import { MERGED, type ScoreKey } from './labels';

export type ScoreTabKey = 'smart-density' | 'cancer-signs' | 'inherent-risk' | 'masking';

/**
 * What each score tab says (ui.md: grade 6/7 reading level, short sentences, what it means and
 * what it does not mean).
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
    what: 'Your combined score',
    means: [
      'This score puts the other three scores together: cancer signs, inherent risk and masking. It also takes your age into account.',
      'It compares you with other women who had a mammogram.',
      'It can help you and your doctor decide if an extra scan could be useful for you.',
    ],
    doesNotMean: [
      'It does not tell you if you have cancer.',
      'A high score does not mean that you have cancer. Most women with a high score do not.',
      'A low score does not mean you can skip your next mammogram.',
    ],
  },
  {
    key: 'cancer-signs',
    title: 'Cancer Signs',
    score: 'detection',
    what: 'How much your images show signs that can point to cancer',
    means: [
      'A computer looked at your four images for spots that can be signs of cancer, such as a lump or small bright specks.',
      'The score is higher when such spots are clearer or larger.',
      'You can see where it looked most closely in the Images tab.',
    ],
    doesNotMean: [
      'It is not a diagnosis. Only a doctor can say if something is cancer, often after more tests.',
      'Many spots that look like signs turn out to be harmless.',
    ],
  },
  {
    key: 'inherent-risk',
    title: 'Inherent Risk',
    score: 'risk',
    what: 'Your chance of getting breast cancer in the next 5 years',
    means: [
      'This is an estimate of how likely it is that you get breast cancer in the next 5 years.',
      'It uses your age, how dense your breasts are, and the health facts you gave us.',
    ],
    doesNotMean: [
      'It does not mean you have cancer now.',
      'It is about groups of women like you. It cannot say what will happen to you.',
      'Most women with a higher risk never get breast cancer.',
    ],
  },
  {
    key: 'masking',
    title: 'Masking',
    score: 'masking',
    what: 'How likely it is that dense tissue could hide cancer',
    means: [
      'Dense breast tissue looks white on a mammogram. Cancer also looks white.',
      'So dense tissue can hide cancer, like a white rabbit in the snow.',
      'This score shows how likely it is that dense tissue could hide cancer on your mammogram.',
    ],
    doesNotMean: [
      'It does not mean that something is hidden in your images.',
      'It tells you how clear your mammogram can be, not what is in it.',
      'Dense breasts are common and normal.',
    ],
  },
];

export const studyEntry = (result: ScoredResult, key: ScoreKey) => result.study[key];
