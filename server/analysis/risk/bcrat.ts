/**
 * The NCI Breast Cancer Risk Assessment Tool (Gail model 2 and its race-specific successors),
 * exactly as CRAN BCRA 2.1.2 computes it: recode.check, relative.risk and absolute.risk. The
 * numbers come from the committed copy of ../shared/reference/risk/bcrat-constants.json.
 */
import { RACES, type RiskFactors } from '../../../core/contract/risk-factors';
import { BCRAT_DATA, type BcratData, type BcratRaceModel } from './bcrat-constants';

/** BCRA's input row. 99 = unknown; Age1st 98 = no live birth. Ages in years (T1 may be fractional). */
export interface BcraInput {
  T1: number;
  T2: number;
  N_Biop: number;
  HypPlas: number;
  AgeMen: number;
  Age1st: number;
  N_Rels: number;
  Race: number;
}

export interface BcraCodes {
  NB_Cat: number;
  AM_Cat: number;
  AF_Cat: number;
  NR_Cat: number;
  R_Hyp: number;
}

export type BcraRecode = { ok: true; codes: BcraCodes } | { ok: false; error: string };

export const UNKNOWN = 99;
export const NULLIPAROUS = 98;
export const BCRAT_MIN_AGE = 20;
export const BCRAT_MAX_AGE = 90;

const HISPANIC = new Set([3, 5]);
const ASIAN = new Set([6, 7, 8, 9, 10, 11]);

/** recode.check of BCRA: input coding, unknowns to the reference category, race regrouping. */
export function recodeBcra(input: BcraInput, data: BcratData = BCRAT_DATA): BcraRecode {
  const { T1, T2, N_Biop, HypPlas, AgeMen, Age1st, N_Rels, Race } = input;
  if (!data.races[String(Race)]) return { ok: false, error: `race code ${Race} is not 1-11` };
  if (!(T1 >= BCRAT_MIN_AGE && T1 < BCRAT_MAX_AGE)) return { ok: false, error: `age ${T1} outside 20-89` };
  if (!(T2 > T1 && T2 <= BCRAT_MAX_AGE)) return { ok: false, error: `projection end ${T2} must be after ${T1} and at most 90` };

  let NB: number;
  if (N_Biop === 0 || N_Biop === UNKNOWN) NB = 0;
  else if (N_Biop === 1) NB = 1;
  else if (N_Biop >= 2) NB = 2;
  else return { ok: false, error: `number of biopsies ${N_Biop} is invalid` };
  if ((N_Biop === 0 || N_Biop === UNKNOWN) && HypPlas !== UNKNOWN) {
    return { ok: false, error: 'hyperplasia must be unknown (99) when there was no biopsy' };
  }
  if (NB > 0 && ![0, 1, UNKNOWN].includes(HypPlas)) return { ok: false, error: `hyperplasia ${HypPlas} is not 0, 1 or 99` };

  let AM: number;
  if (AgeMen === UNKNOWN || (AgeMen >= 14 && AgeMen <= T1)) AM = 0;
  else if (AgeMen >= 12 && AgeMen < 14) AM = 1;
  else if (AgeMen > 0 && AgeMen < 12) AM = 2;
  else return { ok: false, error: `age at menarche ${AgeMen} is invalid or after the current age` };

  let AF: number;
  if (Age1st !== NULLIPAROUS && Age1st !== UNKNOWN) {
    if (AgeMen !== UNKNOWN && Age1st < AgeMen) return { ok: false, error: 'first birth before menarche' };
    if (Age1st > T1) return { ok: false, error: 'first birth after the current age' };
  }
  if (Age1st === UNKNOWN || Age1st < 20) AF = 0;
  else if (Age1st < 25) AF = 1;
  else if (Age1st < 30 || Age1st === NULLIPAROUS) AF = 2;
  else AF = 3;

  let NR: number;
  if (N_Rels === 0 || N_Rels === UNKNOWN) NR = 0;
  else if (N_Rels === 1) NR = 1;
  else if (N_Rels >= 2) NR = 2;
  else return { ok: false, error: `number of relatives ${N_Rels} is invalid` };

  let R_Hyp = data.hyperplasiaMultiplier.noBiopsy;
  if (NB > 0) {
    if (HypPlas === 0) R_Hyp = data.hyperplasiaMultiplier.no;
    else if (HypPlas === 1) R_Hyp = data.hyperplasiaMultiplier.yes;
    else R_Hyp = data.hyperplasiaMultiplier.unknown;
  }

  // Race-specific regrouping (recode.check.R).
  if (Race === 2) {
    AF = 0;
    if (AM === 2) AM = 1;
  }
  if (HISPANIC.has(Race)) {
    if (NB === 2) NB = 1;
    if (Race === 3) AM = 0;
    if (Age1st === UNKNOWN || Age1st < 20) AF = 0;
    else if (Age1st < 30) AF = 1;
    else AF = 2; // >= 30 or nulliparous
    if (NR === 2) NR = 1;
  }
  if (ASIAN.has(Race) && NR === 2) NR = 1;

  return { ok: true, codes: { NB_Cat: NB, AM_Cat: AM, AF_Cat: AF, NR_Cat: NR, R_Hyp } };
}

export interface RelativeRisk {
  /** RR applied below age 50. */
  rrLt50: number;
  /** RR applied from age 50 (adds the age >= 50 x biopsies interaction). */
  rrGe50: number;
}

/** relative.risk of BCRA: no intercept and no age main effect. */
export function relativeRisk(codes: BcraCodes, race: number, data: BcratData = BCRAT_DATA): RelativeRisk {
  const b = model(race, data).beta;
  const lp1 =
    codes.NB_Cat * b[0] +
    codes.AM_Cat * b[1] +
    codes.AF_Cat * b[2] +
    codes.NR_Cat * b[3] +
    codes.AF_Cat * codes.NR_Cat * b[5] +
    Math.log(codes.R_Hyp);
  const lp2 = lp1 + codes.NB_Cat * b[4];
  return { rrLt50: Math.exp(lp1), rrGe50: Math.exp(lp2) };
}

function model(race: number, data: BcratData): BcratRaceModel {
  const m = data.races[String(race)];
  if (!m) throw new Error(`BCRAT: no model for race code ${race}`);
  return m;
}

/**
 * Probability of invasive breast cancer in [t1, t2) with competing mortality, for piecewise
 * constant hazards on 5-year groups (age 50 is a group boundary, so the RR switch needs no split).
 */
function integrate(
  t1: number,
  t2: number,
  h1: (group: number, ge50: boolean) => number,
  h2: (group: number) => number,
): number {
  let risk = 0;
  let cumulative = 0;
  let a = t1;
  while (a < t2) {
    const group = Math.min(13, Math.floor((a - BCRAT_MIN_AGE) / 5));
    const end = Math.min(t2, BCRAT_MIN_AGE + 5 * (group + 1));
    const d = end - a;
    const haz1 = h1(group, a >= 50);
    const total = haz1 + h2(group);
    risk += (haz1 / total) * Math.exp(-cumulative) * (1 - Math.exp(-total * d));
    cumulative += total * d;
    a = end;
  }
  return risk;
}

export interface BcratResult {
  codes: BcraCodes;
  rr: RelativeRisk;
  /** Absolute risk in [T1, T2), as a probability (0..1). BCRA reports it x100. */
  absoluteRisk: number;
  /** The risk of a woman of the same age and race with average risk factors, probability. */
  averageRisk: number;
}

/** absolute.risk of BCRA (probability, not percent), with the average-woman risk beside it. */
export function bcrat(input: BcraInput, data: BcratData = BCRAT_DATA): BcratResult | { error: string } {
  const recoded = recodeBcra(input, data);
  if (!recoded.ok) return { error: recoded.error };
  const m = model(input.Race, data);
  const rr = relativeRisk(recoded.codes, input.Race, data);
  const absoluteRisk = integrate(
    input.T1,
    input.T2,
    (g, ge50) => (ge50 ? m.oneMinusAR[1] * rr.rrGe50 : m.oneMinusAR[0] * rr.rrLt50) * m.lambda1[g],
    (g) => m.lambda2[g],
  );
  return { codes: recoded.codes, rr, absoluteRisk, averageRisk: averageRisk(input.T1, input.T2, input.Race, data) };
}

/** BCRAT's "average woman" risk: RR 1, 1-AR 1; White and other races 1/4 use the 1992-96 rates. */
export function averageRisk(t1: number, t2: number, race: number, data: BcratData = BCRAT_DATA): number {
  const m = model(race, data);
  const l1 = m.averageLambda1 ?? m.lambda1;
  const l2 = m.averageLambda2 ?? m.lambda2;
  return integrate(t1, t2, (g) => l1[g], (g) => l2[g]);
}

/** How each note about a set-aside answer begins (a recomputation replaces the old ones). */
export const SET_ASIDE_NOTE_STARTS = ['Age at first period (', 'Age at first birth (', 'Atypical hyperplasia is used only'] as const;

/** Which user answers went into BCRAT, as given (null = unknown, coded 99 or the reference). */
export interface BcraMapping {
  input: BcraInput;
  /** The user's answers that were used, by our field name; null where unknown. */
  used: Record<string, string | number | null>;
  /** Fields treated as unknown (BCRAT's reference category). */
  unknown: string[];
  /** Why an answer was set aside (inconsistent with another answer or with the age). */
  notes: string[];
}

/**
 * Our optional user risk factors to BCRA codes for a 5-year projection from ageYears. Unknown
 * answers become 99 exactly as BCRAT's web engine does (unknown race: code 4, the White model);
 * hyperplasia is only meaningful with at least one biopsy (BCRA requires 99 otherwise).
 */
export function riskFactorsToBcra(riskFactors: RiskFactors | null | undefined, ageYears: number): BcraMapping {
  const rf = riskFactors ?? null;
  const used: Record<string, string | number | null> = {};
  const unknown: string[] = [];
  const notes: string[] = [];
  const take = <T extends string | number>(key: string, value: T | null | undefined): T | null => {
    const v = value ?? null;
    used[key] = v;
    if (v === null) unknown.push(key);
    return v;
  };

  const race = take('race', rf?.race);
  const menarche = take('age_at_menarche', rf?.age_at_menarche);
  const firstBirth = take('age_at_first_birth', rf?.age_at_first_birth);
  const relatives = take('first_degree_relatives', rf?.first_degree_relatives);
  const biopsies = take('biopsies', rf?.biopsies);
  const hyperplasia = take('atypical_hyperplasia', rf?.atypical_hyperplasia);

  let AgeMen = menarche ?? UNKNOWN;
  if (menarche !== null && menarche > ageYears) {
    notes.push(`Age at first period (${menarche}) is after the current age: treated as unknown`);
    AgeMen = UNKNOWN;
    used.age_at_menarche = null;
    unknown.push('age_at_menarche');
  }
  let Age1st = firstBirth === 'none' ? NULLIPAROUS : (firstBirth ?? UNKNOWN);
  if (typeof firstBirth === 'number' && (firstBirth > ageYears || (AgeMen !== UNKNOWN && firstBirth < AgeMen))) {
    notes.push(`Age at first birth (${firstBirth}) is inconsistent with the age or the first period: treated as unknown`);
    Age1st = UNKNOWN;
    used.age_at_first_birth = null;
    unknown.push('age_at_first_birth');
  }
  const N_Biop = biopsies ?? UNKNOWN;
  let HypPlas = UNKNOWN;
  if (N_Biop !== UNKNOWN && N_Biop > 0) HypPlas = hyperplasia === 'yes' ? 1 : hyperplasia === 'no' ? 0 : UNKNOWN;
  else if (hyperplasia !== null) {
    notes.push('Atypical hyperplasia is used only with at least one biopsy (BCRAT): not used');
    used.atypical_hyperplasia = null;
  }
  const Race = race === null ? RACES.other : RACES[race];
  used.bcrat_race_code = Race;

  return {
    input: { T1: ageYears, T2: ageYears + 5, N_Biop, HypPlas, AgeMen, Age1st, N_Rels: relatives ?? UNKNOWN, Race },
    used,
    unknown,
    notes,
  };
}
