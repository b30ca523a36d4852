import { describe, expect, it } from 'vitest';
import {
  describeScore,
  percentText,
  quantileLabel,
  rankingShare,
  rankingShortText,
  rankingText,
  showsAdvice,
  wholePercent,
} from '../../core/wording/scores';

const EPS = 1e-9;

describe('quantile labels (spec section 9): Very Low up to 0.1, Low up to 0.5, Moderate up to 0.9, High above', () => {
  it.each([
    [0, 'Very Low'],
    [0.05, 'Very Low'],
    [0.1 - EPS, 'Very Low'],
    [0.1, 'Very Low'],
    [0.1 + EPS, 'Low'],
    [0.3, 'Low'],
    [0.5 - EPS, 'Low'],
    [0.5, 'Low'],
    [0.5 + EPS, 'Moderate'],
    [0.7, 'Moderate'],
    [0.9 - EPS, 'Moderate'],
    [0.9, 'Moderate'],
    [0.9 + EPS, 'High'],
    [0.95, 'High'],
    [1, 'High'],
  ] as const)('quantile %s is %s', (q, label) => {
    expect(quantileLabel(q)).toBe(label);
  });
});

describe('ranking text: below 0.5 "lower than", otherwise "among the N% most risky"', () => {
  it('just below 0.5 says lower than half of the population', () => {
    expect(rankingText(0.5 - EPS)).toBe('Your risk is lower than that of 50% of the population.');
    expect(rankingText(0.49)).toBe('Your risk is lower than that of 51% of the population.');
  });
  it('at 0.5 and just above, the top half', () => {
    expect(rankingText(0.5)).toBe('Your score is among the 50% most risky.');
    expect(rankingText(0.5 + EPS)).toBe('Your score is among the 50% most risky.');
    expect(rankingText(0.51)).toBe('Your score is among the 49% most risky.');
  });
  it('around 0.1 and 0.9', () => {
    expect(rankingText(0.09)).toBe('Your risk is lower than that of 91% of the population.');
    expect(rankingText(0.1)).toBe('Your risk is lower than that of 90% of the population.');
    expect(rankingText(0.11)).toBe('Your risk is lower than that of 89% of the population.');
    expect(rankingText(0.89)).toBe('Your score is among the 11% most risky.');
    expect(rankingText(0.9)).toBe('Your score is among the 10% most risky.');
    expect(rankingText(0.91)).toBe('Your score is among the 9% most risky.');
  });
  it('never says 0% or 100% at the ends', () => {
    expect(rankingText(0)).toBe('Your risk is lower than that of 99% of the population.');
    expect(rankingText(1)).toBe('Your score is among the 1% most risky.');
    expect(rankingText(0.999)).toBe('Your score is among the 1% most risky.');
    expect(rankingShare(0.004)).toBe(99);
  });
  it('the short tab texts use the same N', () => {
    expect(rankingShortText(0.3)).toBe('lower than 70%');
    expect(rankingShortText(0.5 - EPS)).toBe('lower than 50%');
    expect(rankingShortText(0.5)).toBe('top 50%');
    expect(rankingShortText(0.93)).toBe('top 7%');
  });
});

describe('supplemental-screening advice above the 0.9 quantile', () => {
  it('is shown only strictly above 0.9', () => {
    expect(showsAdvice(0.9 - EPS)).toBe(false);
    expect(showsAdvice(0.9)).toBe(false);
    expect(showsAdvice(0.9 + EPS)).toBe(true);
    expect(showsAdvice(0.99)).toBe(true);
  });
  it('is never shown for a missing quantile', () => {
    expect(showsAdvice(null)).toBe(false);
    expect(showsAdvice(undefined)).toBe(false);
  });
});

describe('score display: whole percent, N/A when missing', () => {
  it('rounds score x 100', () => {
    expect(wholePercent(0)).toBe(0);
    expect(wholePercent(0.014)).toBe(1);
    expect(wholePercent(0.235)).toBe(24);
    expect(wholePercent(0.999)).toBe(100);
    expect(percentText(0.42)).toBe('42%');
  });
  it('N/A for null, with the reason kept', () => {
    expect(percentText(null)).toBe('N/A');
    const w = describeScore({ score: null, quantile: null, reason: 'Age unknown: no birthdate' });
    expect(w).toEqual({ available: false, percent: 'N/A', reason: 'Age unknown: no birthdate' });
  });
  it('describeScore puts the pieces together', () => {
    expect(describeScore({ score: 0.31, quantile: 0.95 })).toEqual({
      available: true,
      percent: '31%',
      label: 'High',
      ranking: 'Your score is among the 5% most risky.',
      short: 'top 5%',
      advice: true,
    });
    expect(describeScore({ score: 0.12, quantile: 0.1 })).toMatchObject({ label: 'Very Low', advice: false, short: 'lower than 90%' });
  });
});
