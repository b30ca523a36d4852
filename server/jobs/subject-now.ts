import type { RiskFactors, ScoredResult } from '../../core/contract';
import { rescoreRisk } from '../analysis/rescore';
import type { OwnerNow } from '../db/repositories/tasks.repository';
import { demoProfileSubject, scoringSubject, type AgeTask, type ScoringSubject } from './scoring-age';

const ANSWER_KEYS = ['race', 'age_at_menarche', 'age_at_first_birth', 'first_degree_relatives', 'biopsies', 'atypical_hyperplasia'] as const;

export function sameAnswers(a: RiskFactors, b: RiskFactors): boolean {
  return ANSWER_KEYS.every((k) => (a[k] ?? null) === (b[k] ?? null));
}

/** The subject a task's owner gives its scores as she is now; null when she (or the demo profile) is gone. */
export function subjectNow(owner: OwnerNow, task: AgeTask): ScoringSubject | null {
  if (!owner) return null;
  return 'demoProfile' in owner ? demoProfileSubject(owner.demoProfile) : scoringSubject(owner.person, task);
}

/**
 * The result a finished analysis stores, when what scored it changed while it ran (the worker reads
 * the owner when the study step begins, which takes seconds). Her health answers (or her
 * birthdate) changed: the images' result is kept as version 1 and a revision with her answers and
 * age now becomes current, as a change just after the store would have made (rescore.service.ts). A demo
 * profile's age changed: the result as if scored at the new age, without versions (demo.service
 * scores a finished demo study again from the start on such a change; the risk and combined scores
 * are the only ones the age enters). An administrator's studies never take his own answers
 * (scoring-age.ts). null: stored as the engine gave it.
 */
export function resultForNow(result: ScoredResult, scored: ScoringSubject, owner: OwnerNow, task: AgeTask, at: string): ScoredResult | null {
  const now = subjectNow(owner, task);
  if (!now || !owner) return null;
  const input = { ageYears: now.age, ageSource: now.ageSource, riskFactors: now.riskFactors, at };
  if ('demoProfile' in owner) {
    if (now.age === scored.age && now.ageSource === scored.ageSource) return null;
    const { revision: _r, ...again } = rescoreRisk(result, input);
    return again;
  }
  if (owner.person.is_superuser) return null;
  const sameAge = now.age === scored.age && now.ageSource === scored.ageSource;
  if (sameAnswers(scored.riskFactors, now.riskFactors)) {
    return sameAge ? null : rescoreRisk(result, { ...input, reason: 'birthdate_changed' });
  }
  return rescoreRisk(result, input);
}
