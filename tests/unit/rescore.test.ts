import { describe, expect, it } from 'vitest';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import { ScoredResult, type Region } from '../../core/contract/scores';
import { AI_MODEL } from '../../core/decisions';
import { assembleResult, type AssembleInput, type ViewMeasurement } from '../../server/analysis/assemble';
import { REFERENCE_MODELS } from '../../server/analysis/model-registry';
import { NO_VIEW_DENSITY, rescoreRisk } from '../../server/analysis/rescore';

const view = (pd: number, da: number, det: number, key: Region['view']): ViewMeasurement => ({
  percentDensity: pd,
  denseAreaCm2: da,
  detectionScore: det,
  regions: [{ view: key, kind: 'mass', x: 0.4, y: 0.5, width: 0.05, height: 0.05, score: det }],
  pixelSpacingMm: 0.1,
});

const measured: AssembleInput = {
  views: { r_cc: view(30, 40, 0.2, 'r_cc'), l_cc: view(24, 30, 0.7, 'l_cc'), r_mlo: view(26, 44, 0.3, 'r_mlo'), l_mlo: view(20, 36, 0.1, 'l_mlo') },
  ageYears: 52,
  ageSource: 'birthdate',
  riskFactors: EMPTY_RISK_FACTORS,
};
const answers = { ...EMPTY_RISK_FACTORS, race: 'white' as const, first_degree_relatives: 2, biopsies: 1, atypical_hyperplasia: 'yes' as const };
const AT = '2026-01-02T03:04:05.000Z';

describe('rescoreRisk', () => {
  it('gives the risk and combined scores the images would have given with the new answers, and keeps the rest', () => {
    const before = assembleResult(measured);
    const after = ScoredResult.parse(rescoreRisk(before, { ageYears: 52, ageSource: 'birthdate', riskFactors: answers, at: AT }));
    const fresh = assembleResult({ ...measured, riskFactors: answers });
    for (const level of ['study', 'left', 'right', 'r_cc', 'l_cc', 'r_mlo', 'l_mlo'] as const) {
      expect(after[level].risk).toEqual(fresh[level].risk);
      expect(after[level][AI_MODEL]).toEqual(fresh[level][AI_MODEL]);
      expect(after[level].detection).toEqual(before[level].detection);
      expect(after[level].masking).toEqual(before[level].masking);
    }
    expect(after.study.risk.score!).toBeGreaterThan(before.study.risk.score!);
    expect(after.inputs.risk_factors).toEqual(fresh.inputs.risk_factors);
    expect(after.inputs.notes).toEqual(fresh.inputs.notes);
    expect(after.revision).toEqual({ number: 2, at: AT, reason: 'risk_factors_changed', engine: REFERENCE_MODELS.engine });
    expect(after.engine).toEqual(before.engine);
    expect(after.density).toEqual(before.density);
  });

  it('counts versions on and goes back to the same scores when the answers are taken back', () => {
    const first = assembleResult(measured);
    const second = rescoreRisk(first, { ageYears: 52, ageSource: 'birthdate', riskFactors: answers, at: AT });
    const third = rescoreRisk(second, { ageYears: 52, ageSource: 'birthdate', riskFactors: EMPTY_RISK_FACTORS, at: AT });
    expect(third.revision?.number).toBe(3);
    expect(third.study).toEqual(first.study);
    expect(third.inputs.notes).toEqual(first.inputs.notes);
  });

  it("says why a view's risk is not worked out again on a result without each view's density", () => {
    const old = assembleResult(measured);
    delete old.density.views;
    const after = rescoreRisk(old, { ageYears: 52, ageSource: 'birthdate', riskFactors: answers, at: AT });
    expect(after.r_cc.risk).toMatchObject({ score: null, reason: NO_VIEW_DENSITY });
    expect(after.study.risk.score).not.toBeNull();
  });
});
