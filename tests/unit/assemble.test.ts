import { describe, expect, it } from 'vitest';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import { ScoredResult, VIEW_KEYS, type Region } from '../../core/contract/scores';
import { AI_MODEL } from '../../core/decisions';
import { assembleResult, type AssembleInput, type ViewMeasurement } from '../../server/analysis/assemble';
import { densityGrade } from '../../server/analysis/density-grade';
import { maskingProbability } from '../../server/analysis/masking';
import { mergedScore } from '../../server/analysis/merge';
import { REFERENCE_MODELS, withProvider } from '../../server/analysis/model-registry';
import { quantileOf } from '../../server/analysis/quantiles';
import { bcrat, riskFactorsToBcra } from '../../server/analysis/risk/bcrat';
import { normalisedDensityHazard } from '../../server/analysis/risk/density-hazard';
import { DETECTION_REFERENCE, MASKING_REFERENCE, RISK_REFERENCE } from '../../server/analysis/reference';

const region = (view: Region['view'], score: number): Region => ({ view, kind: 'mass', x: 0.4, y: 0.5, width: 0.05, height: 0.05, score });
const view = (pd: number, da: number, det: number, key: Region['view']): ViewMeasurement => ({
  percentDensity: pd,
  denseAreaCm2: da,
  detectionScore: det,
  regions: [region(key, det)],
  pixelSpacingMm: 0.1,
});

function input(overrides: Partial<AssembleInput> = {}): AssembleInput {
  return {
    views: { r_cc: view(30, 40, 0.2, 'r_cc'), l_cc: view(24, 30, 0.7, 'l_cc'), r_mlo: view(26, 44, 0.3, 'r_mlo'), l_mlo: view(20, 36, 0.1, 'l_mlo') },
    ageYears: 52.4,
    ageSource: 'birthdate',
    riskFactors: { ...EMPTY_RISK_FACTORS, race: 'white', first_degree_relatives: 1 },
    overlays: { r_cc: ['image', 'detection', 'density', 'texture'] },
    ...overrides,
  };
}

function allEntries(r: ScoredResult) {
  return (['study', 'left', 'right', ...VIEW_KEYS] as const).flatMap((level) =>
    (['detection', 'risk', 'masking', AI_MODEL] as const).map((c) => ({ level, c, e: r[level][c] })),
  );
}

describe('assembleResult', () => {
  it('returns the contract ScoredResult with every score and quantile in [0, 1]', () => {
    const r = ScoredResult.parse(assembleResult(input()));
    for (const { e } of allEntries(r)) {
      expect(e.score).not.toBeNull();
      expect(e.quantile).not.toBeNull();
      expect(e.reason).toBeUndefined();
    }
    expect(r.engine).toEqual(REFERENCE_MODELS.engine);
    expect(r.regions).toHaveLength(4);
    expect(r.overlays.r_cc).toEqual(['image', 'detection', 'density', 'texture']);
    expect(r.inputs.pixel_spacing_mm).toEqual({ r_cc: 0.1, l_cc: 0.1, r_mlo: 0.1, l_mlo: 0.1 });
  });

  it('ranks detection per level against its own table, and every entry names whom it is ranked against', () => {
    const r = assembleResult(input());
    const levels = DETECTION_REFERENCE.levels!;
    expect(r.r_cc.detection.quantile).toBeCloseTo(quantileOf(0.2, levels.view), 12);
    expect(r.left.detection.quantile).toBeCloseTo(quantileOf(0.7, levels.breast), 12);
    expect(r.study.detection.quantile).toBeCloseTo(quantileOf(0.7, levels.study), 12);
    // The same score ranks lower among breasts and studies (their highest view) than among views.
    expect(quantileOf(0.1, levels.view)).toBeGreaterThanOrEqual(quantileOf(0.1, levels.study));
    expect(r.r_cc.detection.reference).toMatch(/^single views: \d+ real mammogram films without findings/);
    expect(r.left.detection.reference).toMatch(/^breasts of 2 views drawn from/);
    expect(r.study.detection.reference).toMatch(/^mammograms of 4 views drawn from/);
    expect(r.study.masking.reference).toMatch(/published population figures/);
    expect(r.study[AI_MODEL].reference).toMatch(/real mammogram films without findings/);
  });

  it('carries model name and version from the registry on every entry', () => {
    const r = assembleResult(input());
    for (const { c, e } of allEntries(r)) {
      const provider = c === AI_MODEL ? REFERENCE_MODELS.merged : REFERENCE_MODELS[c];
      expect(e.model_name).toBe(provider.name);
      expect(e.model_version).toBe(provider.version);
    }
    expect(r.study[AI_MODEL].model_name).toBe(AI_MODEL);
  });

  it('breast density is the mean of its two views, study density the mean of the breasts, graded', () => {
    const r = assembleResult(input());
    expect(r.density.right.percent).toBeCloseTo(28, 12);
    expect(r.density.right.dense_area_cm2).toBeCloseTo(42, 12);
    expect(r.density.left.percent).toBeCloseTo(22, 12);
    expect(r.density.study.percent).toBeCloseTo(25, 12);
    expect(r.density.right.grade).toBe(densityGrade(28));
    expect(r.density.study.grade).toBe(densityGrade(25));
  });

  it('detection is the max of the views per breast and of the breasts for the study', () => {
    const r = assembleResult(input());
    expect(r.right.detection.score).toBe(0.3);
    expect(r.left.detection.score).toBe(0.7);
    expect(r.study.detection.score).toBe(0.7);
    expect(r.study.detection.quantile).toBe(quantileOf(0.7, DETECTION_REFERENCE.values));
  });

  it('risk and masking per view use that view, per breast and study their mean density (checked by hand)', () => {
    const r = assembleResult(input());
    const base = bcrat(riskFactorsToBcra({ ...EMPTY_RISK_FACTORS, race: 'white', first_degree_relatives: 1 }, 52.4).input);
    if ('error' in base) throw new Error(base.error);
    expect(r.r_cc.risk.score).toBeCloseTo(base.absoluteRisk * normalisedDensityHazard(30, 52.4), 14);
    expect(r.study.risk.score).toBeCloseTo(base.absoluteRisk * normalisedDensityHazard(25, 52.4), 14);
    expect(r.study.risk.quantile).toBeCloseTo(quantileOf(r.study.risk.score!, RISK_REFERENCE.values), 14);
    expect(r.l_mlo.masking.score).toBeCloseTo(maskingProbability(20, 36)!, 14);
    expect(r.right.masking.score).toBeCloseTo(maskingProbability(28, 42)!, 14);
    expect(r.right.masking.quantile).toBeCloseTo(quantileOf(r.right.masking.score!, MASKING_REFERENCE.values), 14);
    // A denser view has the higher risk and masking.
    expect(r.r_cc.risk.score!).toBeGreaterThan(r.l_mlo.risk.score!);
    expect(r.r_cc.masking.score!).toBeGreaterThan(r.l_mlo.masking.score!);
  });

  it('the study merged score is the mean of its quantiles x (110 - age) / 70', () => {
    const r = assembleResult(input());
    const s = r.study;
    const expected = ((s.detection.quantile! + s.risk.quantile! + s.masking.quantile!) / 3) * ((110 - 52.4) / 70);
    expect(s[AI_MODEL].score).toBeCloseTo(expected, 14);
    expect(s[AI_MODEL].score).toBe(mergedScore({ detection: s.detection.quantile, risk: s.risk.quantile, masking: s.masking.quantile }, 52.4).score);
  });

  it('records which risk inputs were used and which were unknown', () => {
    const r = assembleResult(input());
    expect(r.inputs.age).toBe(52.4);
    expect(r.inputs.age_source).toBe('birthdate');
    expect(r.inputs.risk_factors).toMatchObject({ race: 'white', first_degree_relatives: 1, biopsies: null, bcrat_race_code: 1 });
    expect(r.inputs.notes.join(' ')).toContain('age_at_menarche');
  });

  it('age unknown: risk and merged are N/A with the reason, masking and detection remain', () => {
    const r = ScoredResult.parse(assembleResult(input({ ageYears: null, ageSource: 'unknown' })));
    for (const level of ['study', 'left', 'right', ...VIEW_KEYS] as const) {
      expect(r[level].risk).toMatchObject({ score: null, quantile: null, reason: 'Age unknown: no birthdate' });
      expect(r[level][AI_MODEL]).toMatchObject({ score: null, quantile: null, reason: 'Age unknown: no birthdate' });
      expect(r[level].masking.score).not.toBeNull();
      expect(r[level].detection.score).not.toBeNull();
    }
    expect(r.inputs.age).toBeNull();
    expect(r.inputs.age_source).toBe('unknown');
  });

  it('a missing view is N/A with its reason; its breast uses the other view', () => {
    const i = input();
    i.views.l_mlo = null;
    i.viewReasons = { l_mlo: 'Image could not be decoded' };
    const r = ScoredResult.parse(assembleResult(i));
    for (const c of ['detection', 'risk', 'masking'] as const) {
      expect(r.l_mlo[c].score).toBeNull();
      expect(r.l_mlo[c].reason).toContain('L-MLO: Image could not be decoded');
    }
    expect(r.l_mlo[AI_MODEL]).toMatchObject({ score: null, reason: 'Needs all three components; missing: detection, risk, masking' });
    expect(r.left[AI_MODEL].score).not.toBeNull();
    expect(r.density.left.percent).toBe(24);
    expect(r.left.detection.score).toBe(0.7);
    expect(r.inputs.notes.join(' ')).toContain("left breast's density comes from L-CC only");
    expect(r.inputs.pixel_spacing_mm.l_mlo).toBeNull();
  });

  it('with no usable view every score is N/A and the result still validates', () => {
    const none: ViewMeasurement = { percentDensity: null, denseAreaCm2: null, detectionScore: null, regions: [], reason: 'No breast found' };
    const r = ScoredResult.parse(assembleResult(input({ views: { r_cc: none, l_cc: none, r_mlo: none, l_mlo: none } })));
    for (const { e } of allEntries(r)) {
      expect(e.score).toBeNull();
      expect(e.reason).toBeTruthy();
    }
    expect(r.density.study).toMatchObject({ percent: null, grade: null });
  });

  it('a deployment can swap one component through the registry', () => {
    const registry = withProvider(REFERENCE_MODELS, 'masking', {
      ...REFERENCE_MODELS.masking,
      name: 'external-masking',
      version: '9.9.9',
      score: () => 0.5,
    });
    const r = assembleResult(input(), registry);
    expect(r.study.masking).toMatchObject({ score: 0.5, model_name: 'external-masking', model_version: '9.9.9' });
    expect(r.study.risk.model_name).toBe(REFERENCE_MODELS.risk.name);
  });

  it('is deterministic: the same study twice gives identical JSON', () => {
    expect(JSON.stringify(assembleResult(input()))).toBe(JSON.stringify(assembleResult(input())));
  });
});
