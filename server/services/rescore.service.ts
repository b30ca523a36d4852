import { isFailed, type RiskFactors, type ScoredResult } from '../../core/contract';
import { rescoreRisk } from '../analysis/rescore';
import type { TasksRepository } from '../db/repositories/tasks.repository';
import type { UserRow } from '../db/repositories/users.repository';
import { scoringSubject } from '../jobs/scoring-age';

const ANSWER_KEYS = ['race', 'age_at_menarche', 'age_at_first_birth', 'first_degree_relatives', 'biopsies', 'atypical_hyperplasia'] as const;

export function sameAnswers(a: RiskFactors, b: RiskFactors): boolean {
  return ANSWER_KEYS.every((k) => (a[k] ?? null) === (b[k] ?? null));
}

/**
 * When her health answers change, her latest completed result gets a new version with the inherent
 * risk and combined scores worked out again (the old version is kept). An administrator's studies
 * are his patients', scored without his own answers (jobs/scoring-age.ts), so they stay as they are.
 */
export function rescoreService(deps: { tasks: TasksRepository; now?: () => Date }) {
  const { tasks } = deps;
  return {
    async answersChanged(owner: UserRow): Promise<ScoredResult | null> {
      if (owner.is_superuser) return null;
      const task = await tasks.lastCompleted(owner.id);
      if (!task || !task.result || isFailed(task.result)) return null;
      const subject = scoringSubject(owner, task);
      const at = (deps.now?.() ?? new Date()).toISOString();
      return tasks.reviseResult(task.id, (current) =>
        rescoreRisk(current, { ageYears: subject.age, ageSource: subject.ageSource, riskFactors: subject.riskFactors, at }),
      );
    },
  };
}
export type RescoreService = ReturnType<typeof rescoreService>;
