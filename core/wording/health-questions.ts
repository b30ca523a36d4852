/**
 * The optional health questions (the BCRAT risk factors) in words: each question, an answer as she
 * would say it, and what the risk model assumes when she did not answer (BCRAT's reference
 * category: the lowest-risk group, and the White women's figures when race is not given). One
 * place, so the questions, Settings and the Inherent Risk tab say the same thing. The texts are in
 * English (the server shares them); translate them where they are shown, with t(text).
 */
import { msg } from '../i18n';
import { RACE_LABELS, type RaceKey } from '../contract/risk-factors';

export const ANSWER_KEYS = ['race', 'age_at_menarche', 'age_at_first_birth', 'first_degree_relatives', 'biopsies', 'atypical_hyperplasia'] as const;
export type AnswerKey = (typeof ANSWER_KEYS)[number];

export const QUESTION_LABELS: Record<AnswerKey, string> = {
  race: msg('Race or ethnicity'),
  age_at_menarche: msg('Age at your first period'),
  age_at_first_birth: msg("Age at your first child's birth"),
  first_degree_relatives: msg('Mother, sisters or daughters who had breast cancer'),
  biopsies: msg('Breast biopsies you have had'),
  atypical_hyperplasia: msg('Did a biopsy show atypical hyperplasia?'),
};

/** What the model takes in place of an answer she did not give. */
export const ASSUMED_WHEN_NOT_GIVEN: Record<AnswerKey, string> = {
  race: msg('the figures for White women'),
  age_at_menarche: msg('14 or older'),
  age_at_first_birth: msg('younger than 20'),
  first_degree_relatives: msg('none'),
  biopsies: msg('none'),
  atypical_hyperplasia: msg('not counted'),
};

/** An answer as she would say it. */
export function answerText(key: AnswerKey, value: string | number): string {
  if (key === 'race') return RACE_LABELS[value as RaceKey] ?? String(value);
  if (key === 'age_at_first_birth' && value === 'none') return msg('I have not given birth');
  if (key === 'atypical_hyperplasia') return value === 'yes' ? msg('Yes') : msg('No');
  return String(value);
}

export interface AnswersUsed {
  given: { key: AnswerKey; question: string; answer: string }[];
  notGiven: { key: AnswerKey; question: string; assumed: string }[];
}

/** Which answers a result's risk score used, and what the model assumed for the others. */
export function answersUsed(riskFactors: Record<string, string | number | null>): AnswersUsed {
  const used: AnswersUsed = { given: [], notGiven: [] };
  for (const key of ANSWER_KEYS) {
    const value = riskFactors[key] ?? null;
    if (value === null) used.notGiven.push({ key, question: QUESTION_LABELS[key], assumed: ASSUMED_WHEN_NOT_GIVEN[key] });
    else used.given.push({ key, question: QUESTION_LABELS[key], answer: answerText(key, value) });
  }
  return used;
}
