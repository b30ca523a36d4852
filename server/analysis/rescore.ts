/**
 * A study's result again after her health answers changed: the inherent risk (BCRAT 5-year risk x
 * the density hazard, risk/density-hazard.ts) and the combined score (merge.ts) of every level are
 * worked out from the same measured densities and the new answers; cancer signs, masking and the
 * densities stay as the images gave them. Pure: the caller stores the new version beside the old.
 */
import { VIEW_KEYS, type ResultRevision, type ScoreInputs, type ScoredResult, type ScoreSet } from '../../core/contract/scores';
import type { RiskFactors } from '../../core/contract/risk-factors';
import { AI_MODEL } from '../../core/decisions';
import { combinedEntry, isRiskFactorNote, riskEntry, riskFactorNotes, riskFactorsUsedBy } from './assemble';
import { REFERENCE_MODELS, type ModelRegistry } from './model-registry';

export interface RescoreInput {
  ageYears: number | null;
  ageSource: ScoreInputs['age_source'];
  riskFactors: RiskFactors;
  /** When the answers changed (UTC ISO 8601). */
  at: string;
  /** What changed; her answers unless said otherwise. */
  reason?: ResultRevision['reason'];
}

/** Why a view's risk cannot be recomputed: results made before each view's density was kept. */
export const NO_VIEW_DENSITY = "Not worked out again with your new answers: this result does not keep the view's own density";

export function rescoreRisk(result: ScoredResult, input: RescoreInput, registry: ModelRegistry = REFERENCE_MODELS): ScoredResult {
  const age = input.ageYears !== null && Number.isFinite(input.ageYears) ? input.ageYears : null;
  const base = registry.risk.base(age, input.riskFactors);

  const again = (set: ScoreSet, percent: number | null, densityReason: string | undefined): ScoreSet => {
    const risk = riskEntry(registry, base, percent, densityReason, age);
    return { ...set, risk, [AI_MODEL]: combinedEntry(registry, set.detection, risk, set.masking, age) };
  };

  const next: ScoredResult = {
    ...result,
    study: again(result.study, result.density.study.percent, result.density.study.reason),
    left: again(result.left, result.density.left.percent, result.density.left.reason),
    right: again(result.right, result.density.right.percent, result.density.right.reason),
    revision: { number: (result.revision?.number ?? 1) + 1, at: input.at, reason: input.reason ?? 'risk_factors_changed', engine: { ...registry.engine } },
    inputs: {
      ...result.inputs,
      age,
      age_source: age === null ? 'unknown' : input.ageSource,
      risk_factors: riskFactorsUsedBy(base, input.riskFactors),
      notes: [...result.inputs.notes.filter((n) => !isRiskFactorNote(n)), ...riskFactorNotes(base)],
    },
  };
  for (const key of VIEW_KEYS) {
    const d = result.density.views?.[key];
    next[key] = d ? again(result[key], d.percent, d.reason) : again(result[key], null, NO_VIEW_DENSITY);
  }
  return next;
}
