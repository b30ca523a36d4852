import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import { averageRisk, bcrat, recodeBcra, riskFactorsToBcra, type BcraInput } from '../../server/analysis/risk/bcrat';
import { BCRAT_DATA, type BcratData, type BcratValidationCase } from '../../server/analysis/risk/bcrat-constants';
import { buildBcratData, DEFAULT_REFERENCE_PATH, readReference } from '../../scripts/import-bcrat';
import { baseFiveYearRisk, densityRelativeHazard, fiveYearRiskScore, normalisedDensityHazard } from '../../server/analysis/risk/density-hazard';
import { DENSITY_REFERENCE, RISK_REFERENCE } from '../../server/analysis/reference';
import { expectOverPd, type DensityPopulation } from '../../evaluation/calibration/density-population';
import { AREA_MEASURES_BY_GRADE, DENSITY_RELATIVE_HAZARD_BY_GRADE, SCREENING_AGE_GROUPS } from '../../server/analysis/reference/population';

function checkCases(cases: BcratValidationCase[], data: BcratData) {
  for (const c of cases) {
    const input: BcraInput = { T1: c.T1, T2: c.T2, N_Biop: c.N_Biop, HypPlas: c.HypPlas, AgeMen: c.AgeMen, Age1st: c.Age1st, N_Rels: c.N_Rels, Race: c.Race };
    const r = bcrat(input, data);
    if ('error' in r) throw new Error(`case ${c.id}: ${r.error}`);
    const label = `case ${c.id} (${c.description})`;
    expect(r.codes, label).toEqual({ NB_Cat: c.NB_Cat, AM_Cat: c.AM_Cat, AF_Cat: c.AF_Cat, NR_Cat: c.NR_Cat, R_Hyp: c.R_Hyp });
    expect(Math.abs(r.rr.rrLt50 - c.RR_Star1), label).toBeLessThan(1e-6);
    expect(Math.abs(r.rr.rrGe50 - c.RR_Star2), label).toBeLessThan(1e-6);
    // BCRA reports percent; we return a probability. Compared in percentage points to 1e-6.
    expect(Math.abs(r.absoluteRisk * 100 - c.AbsRisk), label).toBeLessThan(1e-6);
    if (c.AvgRisk !== null) expect(Math.abs(r.averageRisk * 100 - c.AvgRisk), label).toBeLessThan(1e-6);
  }
}

describe('BCRAT on the committed data copy', () => {
  it('reproduces every R-generated validation case to 1e-6', () => {
    expect(BCRAT_DATA.validation.cases.length).toBe(26);
    checkCases(BCRAT_DATA.validation.cases, BCRAT_DATA);
  });

  it('reproduces the README quick-start example and the other races (1.73 %, 0.58 %, RR 4.78)', () => {
    const q = BCRAT_DATA.validation.quickStart;
    const input = { T1: q.T1, T2: q.T2, N_Biop: q.N_Biop, HypPlas: q.HypPlas, AgeMen: q.AgeMen, Age1st: q.Age1st, N_Rels: q.N_Rels, Race: q.Race };
    const r = bcrat(input);
    if ('error' in r) throw new Error(r.error);
    expect(r.absoluteRisk * 100).toBeCloseTo(q.absoluteRiskPct, 6);
    expect(r.averageRisk * 100).toBeCloseTo(q.averageRiskPct, 6);
    expect(r.rr.rrLt50).toBeCloseTo(q.rrLt50, 6);
    expect(r.rr.rrGe50).toBeCloseTo(q.rrGe50, 6);
    expect(Number((r.absoluteRisk * 100).toFixed(2))).toBe(q.publishedAbsoluteRiskPct);
    expect(Number((r.averageRisk * 100).toFixed(2))).toBe(q.publishedAverageRiskPct);
    for (const [race, pct] of Object.entries(BCRAT_DATA.validation.otherRacesAbsoluteRiskPct)) {
      const o = bcrat({ ...input, Race: Number(race) });
      if ('error' in o) throw new Error(o.error);
      expect(o.absoluteRisk * 100).toBeCloseTo(pct, 6);
      expect(Number((o.absoluteRisk * 100).toFixed(2))).toBe(BCRAT_DATA.validation.otherRacesPublishedPct[race]);
    }
  });

  it('computes a risk for every race code 1-11 and treats race 4 as White', () => {
    const base = { T1: 50, T2: 55, N_Biop: 99, HypPlas: 99, AgeMen: 99, Age1st: 99, N_Rels: 99 };
    for (let race = 1; race <= 11; race++) {
      const r = bcrat({ ...base, Race: race });
      if ('error' in r) throw new Error(r.error);
      expect(r.absoluteRisk).toBeGreaterThan(0);
      expect(r.absoluteRisk).toBeLessThan(0.05);
    }
    const w = bcrat({ ...base, Race: 1 });
    const o = bcrat({ ...base, Race: 4 });
    expect(o).toEqual(w);
  });

  it('rejects inputs BCRA rejects', () => {
    const ok: BcraInput = { T1: 45, T2: 50, N_Biop: 0, HypPlas: 99, AgeMen: 12, Age1st: 25, N_Rels: 0, Race: 1 };
    expect(recodeBcra(ok).ok).toBe(true);
    expect(recodeBcra({ ...ok, HypPlas: 1 }).ok).toBe(false); // hyperplasia without biopsy
    expect(recodeBcra({ ...ok, Age1st: 10 }).ok).toBe(false); // first birth before menarche
    expect(recodeBcra({ ...ok, AgeMen: 50 }).ok).toBe(false); // menarche after current age
    expect(recodeBcra({ ...ok, T1: 19 }).ok).toBe(false);
    expect(recodeBcra({ ...ok, Race: 12 }).ok).toBe(false);
  });
});

describe.skipIf(!existsSync(DEFAULT_REFERENCE_PATH))('BCRAT against ../shared/reference/risk (skipped: ../shared is absent)', () => {
  it('the committed data copy equals what the reference file gives', () => {
    expect(buildBcratData(readReference())).toEqual(BCRAT_DATA);
  });

  it('reproduces every validation case read from the reference file itself', () => {
    const fresh = buildBcratData(readReference());
    checkCases(fresh.validation.cases, fresh);
  });
});

describe('riskFactorsToBcra', () => {
  it('codes every unknown answer as 99 and unknown race as code 4', () => {
    const m = riskFactorsToBcra(EMPTY_RISK_FACTORS, 52.3);
    expect(m.input).toEqual({ T1: 52.3, T2: 57.3, N_Biop: 99, HypPlas: 99, AgeMen: 99, Age1st: 99, N_Rels: 99, Race: 4 });
    expect(m.unknown.sort()).toEqual(['age_at_first_birth', 'age_at_menarche', 'atypical_hyperplasia', 'biopsies', 'first_degree_relatives', 'race']);
    const r = bcrat(m.input);
    if ('error' in r) throw new Error(r.error);
    expect(r.rr).toEqual({ rrLt50: 1, rrGe50: 1 });
  });

  it('maps given answers, no births to 98 and hyperplasia only after a biopsy', () => {
    const m = riskFactorsToBcra(
      { race: 'chinese', age_at_menarche: 11, age_at_first_birth: 'none', first_degree_relatives: 2, biopsies: 1, atypical_hyperplasia: 'yes' },
      45,
    );
    expect(m.input).toEqual({ T1: 45, T2: 50, N_Biop: 1, HypPlas: 1, AgeMen: 11, Age1st: 98, N_Rels: 2, Race: 6 });
    expect(m.unknown).toEqual([]);
    expect(m.used.bcrat_race_code).toBe(6);
    const none = riskFactorsToBcra({ ...EMPTY_RISK_FACTORS, biopsies: 0, atypical_hyperplasia: 'yes' }, 45);
    expect(none.input.HypPlas).toBe(99);
    expect(none.notes.length).toBe(1);
    expect(recodeBcra(none.input).ok).toBe(true);
  });

  it('sets aside answers inconsistent with the age, so BCRAT still runs', () => {
    const m = riskFactorsToBcra({ ...EMPTY_RISK_FACTORS, age_at_menarche: 12, age_at_first_birth: 44 }, 41);
    expect(m.input.Age1st).toBe(99);
    expect(m.used.age_at_first_birth).toBeNull();
    expect(recodeBcra(m.input).ok).toBe(true);
  });

  it('gives a higher risk with a family history than without', () => {
    const a = bcrat(riskFactorsToBcra({ ...EMPTY_RISK_FACTORS, race: 'white', first_degree_relatives: 0 }, 50).input);
    const b = bcrat(riskFactorsToBcra({ ...EMPTY_RISK_FACTORS, race: 'white', first_degree_relatives: 1 }, 50).input);
    if ('error' in a || 'error' in b) throw new Error('unexpected');
    expect(b.absoluteRisk).toBeGreaterThan(a.absoluteRisk);
    expect(averageRisk(50, 55, 1)).toBe(a.averageRisk);
  });
});

describe('density relative hazard', () => {
  it('equals the published hazards (0.85 / 1.00 / 1.51 / 2.15) at the grade centres and rises with PD', () => {
    AREA_MEASURES_BY_GRADE.percentDensityMean.forEach((pd, k) => {
      expect(densityRelativeHazard(pd)).toBeCloseTo(DENSITY_RELATIVE_HAZARD_BY_GRADE[k], 12);
    });
    let previous = 0;
    for (let pd = 0; pd <= 100; pd += 1) {
      expect(densityRelativeHazard(pd)).toBeGreaterThanOrEqual(previous);
      previous = densityRelativeHazard(pd);
    }
  });

  it('normalised, leaves the average woman of each age group at her BCRAT risk', () => {
    const pop: DensityPopulation = { ...DENSITY_REFERENCE.population, cutPoints: DENSITY_REFERENCE.cutPoints as [number, number, number] };
    SCREENING_AGE_GROUPS.forEach(([from], g) => {
      const mean = expectOverPd(pop, (pd) => normalisedDensityHazard(pd, from + 2.5), g);
      expect(mean).toBeCloseTo(1, 6);
    });
  });

  it('the 5-year score is BCRAT x normalised hazard, N/A without density or age', () => {
    const base = baseFiveYearRisk(52, EMPTY_RISK_FACTORS);
    if (!base.ok) throw new Error(base.reason);
    const score = fiveYearRiskScore(base.bcrat.absoluteRisk, 40.4, 52)!;
    expect(score).toBeCloseTo((base.bcrat.absoluteRisk * 1.51) / RISK_REFERENCE.densityHazardMeanByAgeGroup[2], 12);
    expect(fiveYearRiskScore(base.bcrat.absoluteRisk, null, 52)).toBeNull();
    const none = baseFiveYearRisk(null, EMPTY_RISK_FACTORS);
    expect(none.ok ? null : none.reason).toBe('Age unknown: no birthdate');
    const old = baseFiveYearRisk(88, EMPTY_RISK_FACTORS);
    expect(old.ok).toBe(false);
  });
});
