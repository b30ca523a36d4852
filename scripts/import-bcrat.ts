/**
 * Copies the numbers of ../shared/reference/risk/bcrat-constants.json into the typed data module
 * server/analysis/risk/bcrat-constants.data.json, so that the product never reads ../shared at run
 * time. Run: npx tsx scripts/import-bcrat.ts [path/to/bcrat-constants.json]
 *
 * The conversion is a pure function (buildBcratData) so that the tests can check that the
 * committed copy equals what the reference file gives today.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BcratData, BcratRaceModel, BcratValidationCase } from '../server/analysis/risk/bcrat-constants';

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_REFERENCE_PATH = resolve(here, '../../shared/reference/risk/bcrat-constants.json');
export const DATA_PATH = resolve(here, '../server/analysis/risk/bcrat-constants.data.json');

type Json = Record<string, unknown>;

function obj(parent: Json, key: string): Json {
  const v = parent[key];
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error(`bcrat reference: missing object "${key}"`);
  return v as Json;
}

/** The 14 rates of a block keyed by age group ("20-24" ... "85-89"), in age order. */
function rates(block: Json, key: string, groups: string[]): number[] {
  const b = obj(block, key);
  return groups.map((g) => {
    const v = b[g];
    if (typeof v !== 'number') throw new Error(`bcrat reference: ${key}[${g}] is not a number`);
    return v;
  });
}

function betas(block: Json): number[] {
  const raw = obj(block, 'beta_ln_RR')._raw;
  if (!Array.isArray(raw) || raw.length !== 6) throw new Error('bcrat reference: beta_ln_RR._raw must hold 6 numbers');
  return raw.map(Number);
}

function oneMinusAR(block: Json): number[] {
  const ar = obj(block, 'one_minus_attributable_risk');
  return [Number(ar.age_lt_50), Number(ar.age_ge_50)];
}

function keyStarting(block: Json, prefix: string): string {
  const key = Object.keys(block).find((k) => k.startsWith(prefix));
  if (!key) throw new Error(`bcrat reference: no key starting with "${prefix}"`);
  return key;
}

export function buildBcratData(reference: unknown): BcratData {
  const ref = reference as Json;
  const groups = ref.age_groups as string[];
  if (!Array.isArray(groups) || groups.length !== 14) throw new Error('bcrat reference: age_groups must list 14 groups');

  const white = obj(ref, 'white_gail_model_2');
  const whiteModel: BcratRaceModel = {
    label: 'White (Gail model 2, SEER 1983-87)',
    beta: betas(white),
    oneMinusAR: oneMinusAR(white),
    lambda1: rates(white, keyStarting(white, 'lambda1_composite'), groups),
    lambda2: rates(white, keyStarting(white, 'lambda2_competing'), groups),
    averageLambda1: rates(white, keyStarting(white, 'lambda1_average_woman'), groups),
    averageLambda2: rates(white, keyStarting(white, 'lambda2_average_woman'), groups),
  };
  const simple = (key: string, label: string): BcratRaceModel => {
    const b = obj(ref, key);
    return {
      label,
      beta: betas(b),
      oneMinusAR: oneMinusAR(b),
      lambda1: rates(b, keyStarting(b, 'lambda1_'), groups),
      lambda2: rates(b, keyStarting(b, 'lambda2_'), groups),
    };
  };
  const asian = obj(ref, 'asian_american_AABCS_Matsuno2011');
  const subgroupKey = (prefix: string, race: number): string => {
    const key = Object.keys(asian).find((k) => k.startsWith(prefix) && k.endsWith(`_race${race}`));
    if (!key) throw new Error(`bcrat reference: no ${prefix}* rates for race ${race}`);
    return key;
  };
  const asianModel = (race: number, label: string): BcratRaceModel => ({
    label,
    beta: betas(asian),
    oneMinusAR: oneMinusAR(asian),
    lambda1: rates(asian, subgroupKey('lambda1_', race), groups),
    lambda2: rates(asian, subgroupKey('lambda2_', race), groups),
  });

  const examples = obj(ref, 'validation_examples');
  const rCases = obj(examples, 'R_generated_cases').cases as Json[];
  const cases: BcratValidationCase[] = rCases.map((c) => ({
    id: Number(c.ID),
    description: String(c.Description),
    T1: Number(c.T1),
    T2: Number(c.T2),
    N_Biop: Number(c.N_Biop),
    HypPlas: Number(c.HypPlas),
    AgeMen: Number(c.AgeMen),
    Age1st: Number(c.Age1st),
    N_Rels: Number(c.N_Rels),
    Race: Number(c.Race),
    NB_Cat: Number(c.NB_Cat),
    AM_Cat: Number(c.AM_Cat),
    AF_Cat: Number(c.AF_Cat),
    NR_Cat: Number(c.NR_Cat),
    R_Hyp: Number(c.R_Hyp),
    RR_Star1: Number(c.RR_Star1),
    RR_Star2: Number(c.RR_Star2),
    AbsRisk: Number(c.AbsRisk),
    AvgRisk: c.AvgRisk === null || c.AvgRisk === undefined ? null : Number(c.AvgRisk),
  }));
  const quick = obj(examples, 'quick_start_5yr_white');
  const qi = obj(quick, 'inputs');
  const qr = obj(quick, 'independent_recomputation_from_constants');
  const qp = obj(quick, 'published_expected');
  const others = obj(examples, 'same_inputs_other_races_published');
  const othersRecomputed = obj(others, 'independent_recomputation');
  const raceOf = (k: string) => Number(/\((\d+)\)/.exec(k)![1]);

  const sources = obj(ref, 'sources');
  return {
    about:
      'Generated by scripts/import-bcrat.ts from ../shared/reference/risk/bcrat-constants.json (NCI BCRAT as in CRAN BCRA 2.1.2). Numbers only; do not edit by hand.',
    sources: Object.fromEntries(
      Object.entries(sources).map(([id, s]) => {
        const src = s as Json;
        return [id, `${src.repo} ${src.path} @ ${src.commit}`];
      }),
    ),
    ageGroups: groups,
    races: {
      '1': whiteModel,
      '2': simple('african_american_CARE', 'African-American (CARE)'),
      '3': simple('hispanic_us_born_SFBCS_Banegas2016', 'Hispanic, US born (SFBCS, Banegas 2016)'),
      '4': { ...whiteModel, label: 'Other or unknown race (White model)' },
      '5': simple('hispanic_foreign_born_SFBCS_Banegas2016', 'Hispanic, foreign born (SFBCS, Banegas 2016)'),
      '6': asianModel(6, 'Chinese-American (AABCS)'),
      '7': asianModel(7, 'Japanese-American (AABCS)'),
      '8': asianModel(8, 'Filipino-American (AABCS)'),
      '9': asianModel(9, 'Hawaiian (AABCS)'),
      '10': asianModel(10, 'Other Pacific Islander (AABCS)'),
      '11': asianModel(11, 'Other Asian (AABCS)'),
    },
    hyperplasiaMultiplier: { noBiopsy: 1, no: 0.93, yes: 1.82, unknown: 1 },
    validation: {
      cases,
      quickStart: {
        T1: Number(qi.T1),
        T2: Number(qi.T2),
        N_Biop: Number(qi.N_Biop),
        HypPlas: Number(qi.HypPlas),
        AgeMen: Number(qi.AgeMen),
        Age1st: Number(qi.Age1st),
        N_Rels: Number(qi.N_Rels),
        Race: Number(qi.Race),
        absoluteRiskPct: Number(qr.absolute_risk_pct),
        averageRiskPct: Number(qr.average_risk_pct),
        rrLt50: Number(qr.RR_lt50),
        rrGe50: Number(qr.RR_ge50),
        publishedAbsoluteRiskPct: Number(qp.absolute_risk_pct),
        publishedAverageRiskPct: Number(qp.average_risk_pct),
        publishedRrLt50: Number(qp.RR_lt50),
      },
      otherRacesAbsoluteRiskPct: Object.fromEntries(
        Object.entries(othersRecomputed).map(([k, v]) => [String(raceOf(k)), Number(v)]),
      ),
      otherRacesPublishedPct: Object.fromEntries(
        Object.entries(others)
          .filter(([k, v]) => typeof v === 'number' && /\(\d+\)/.test(k))
          .map(([k, v]) => [String(raceOf(k)), Number(v)]),
      ),
    },
  };
}

export function readReference(path = DEFAULT_REFERENCE_PATH): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const data = buildBcratData(readReference(process.argv[2] ?? DEFAULT_REFERENCE_PATH));
  writeFileSync(DATA_PATH, JSON.stringify(data, null, 1) + '\n');
  console.log(`wrote ${DATA_PATH}: ${Object.keys(data.races).length} races, ${data.validation.cases.length} validation cases`);
}
