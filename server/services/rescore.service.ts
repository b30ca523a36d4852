import { isDeepStrictEqual } from 'node:util';
import { isFailed, type ScoredResult } from '../../core/contract';
import { rescoreRisk } from '../analysis/rescore';
import type { TasksRepository } from '../db/repositories/tasks.repository';
import type { UserRow } from '../db/repositories/users.repository';
import { subjectNow } from '../jobs/subject-now';

/** The same scores, inputs and notes: a revision that would change nothing a person reads. */
function sameScores(a: ScoredResult, b: ScoredResult): boolean {
  const { revision: _a, ...restA } = a;
  const { revision: _b, ...restB } = b;
  return isDeepStrictEqual(restA, restB);
}

/**
 * When her health answers or her birthdate change, her latest completed result gets a new version
 * with the inherent risk and combined scores worked out again (the old version is kept). An administrator's studies
 * are his patients', scored without his own answers (jobs/scoring-age.ts), so they stay as they are.
 * The answers used are hers as they are when the version is stored, not those of the change that
 * asked for it: of two changes in quick succession the later always ends up in her result, and a
 * study the worker completed with them already (jobs/subject-now.ts) gets no second version.
 */
export function rescoreService(deps: { tasks: TasksRepository; now?: () => Date }) {
  const { tasks } = deps;
  return {
    async answersChanged(owner: UserRow): Promise<ScoredResult | null> {
      if (owner.is_superuser) return null;
      const task = await tasks.lastCompleted(owner.id);
      if (!task || !task.result || isFailed(task.result)) return null;
      const at = (deps.now?.() ?? new Date()).toISOString();
      return tasks.reviseResult(task.id, (current, ownerNow) => {
        const subject = subjectNow(ownerNow, task);
        if (!subject || !ownerNow || !('person' in ownerNow) || ownerNow.person.is_superuser) return null;
        const revised = rescoreRisk(current, { ageYears: subject.age, ageSource: subject.ageSource, riskFactors: subject.riskFactors, at });
        if (sameScores(revised, current)) return null;
        // Her answers as the result uses them unchanged: what moved is her age, from her birthdate.
        const ageOnly = isDeepStrictEqual(revised.inputs.risk_factors, current.inputs.risk_factors);
        return ageOnly ? { ...revised, revision: { ...revised.revision!, reason: 'birthdate_changed' } } : revised;
      });
    },
  };
}
export type RescoreService = ReturnType<typeof rescoreService>;
