/**
 * Pure builders of the reference distributions (evaluation/calibrate.ts writes what they return).
 * Risk, masking and density come from published population figures (population.ts) through the
 * density population model; the merged reference is simulated from them with a seeded PRNG; the
 * detection reference is an empirical distribution of scores from a corpus or a deployment.
 */
import { maskingProbability, typicalBreastAreaCm2 } from '../../server/analysis/masking';
import { mergedScore } from '../../server/analysis/merge';
import { buildQuantileTable, quantileOf } from '../../server/analysis/quantiles';
import { bcrat, riskFactorsToBcra } from '../../server/analysis/risk/bcrat';
import { densityRelativeHazard } from '../../server/analysis/risk/density-hazard';
import { EMPTY_RISK_FACTORS } from '../../core/contract/risk-factors';
import { expectOverPd, logitDensity, type DensityPopulation } from './density-population';
import { SCREENING_AGE_GROUPS } from '../../server/analysis/reference/population';
import { normalQuantile, seededRandom, sigmoid } from '../../server/analysis/reference/stats';

export const TABLE_POINTS = 1001;
/** PD points per age group when integrating over the population (quantile midpoints). */
const PD_POINTS = 400;

/** Keeps the data files short and stable: 9 significant digits. */
export function round9(v: number): number {
  return Number(v.toPrecision(9));
}

function pdAtQuantile(pop: DensityPopulation, group: number, p: number): number {
  return 100 * sigmoid(pop.muByAgeGroup[group] + pop.sigma * normalQuantile(p));
}

export interface BuiltReference {
  source: string;
  n: number;
  values: number[];
}

export function buildDensityReference(pop: DensityPopulation): BuiltReference & {
  cutPoints: number[];
  population: { sigma: number; muByAgeGroup: number[]; weights: number[]; probitShift: number };
} {
  const samples: number[] = [];
  const weights: number[] = [];
  const lo = Math.min(...pop.muByAgeGroup) - 8 * pop.sigma;
  const hi = Math.max(...pop.muByAgeGroup) + 8 * pop.sigma;
  for (let z = lo; z <= hi; z += 0.005) {
    samples.push(100 * sigmoid(z));
    weights.push(logitDensity(pop, z, null));
  }
  return {
    source:
      'computed by evaluation/calibrate.ts from published figures: US 2010 population by age 40-74 (age weights), BCSC dense share by age (Sprague 2014), BCSC grade shares (BCR 2017), area PD by BI-RADS grade (CEBP); logit-normal PD per age group',
    n: samples.length,
    values: buildQuantileTable(samples, weights, TABLE_POINTS).map(round9),
    cutPoints: pop.cutPoints.map(round9),
    population: {
      sigma: round9(pop.sigma),
      muByAgeGroup: pop.muByAgeGroup.map(round9),
      weights: pop.weights.map(round9),
      probitShift: round9(pop.probitShift),
    },
  };
}

/** Mean density relative hazard per age group: the normaliser of the risk score. */
export function densityHazardMeans(pop: DensityPopulation): number[] {
  return pop.muByAgeGroup.map((_, g) => round9(expectOverPd(pop, densityRelativeHazard, g)));
}

/** BCRAT 5-year risk of a woman with every risk factor unknown (race unknown: code 4). */
export function unknownFactorsFiveYearRisk(ageYears: number): number {
  const r = bcrat(riskFactorsToBcra(EMPTY_RISK_FACTORS, ageYears).input);
  if ('error' in r) throw new Error(`BCRAT failed at age ${ageYears}: ${r.error}`);
  return r.absoluteRisk;
}

/** Each single year of age 40-74 at its midpoint, weighted by its age group's share / 5. */
function singleYears(pop: DensityPopulation): { age: number; group: number; weight: number }[] {
  const out: { age: number; group: number; weight: number }[] = [];
  SCREENING_AGE_GROUPS.forEach(([from, to], group) => {
    for (let a = from; a < to; a++) out.push({ age: a + 0.5, group, weight: pop.weights[group] / (to - from) });
  });
  return out;
}

export function buildRiskReference(pop: DensityPopulation): BuiltReference & { densityHazardMeanByAgeGroup: number[] } {
  const means = densityHazardMeans(pop);
  const samples: number[] = [];
  const weights: number[] = [];
  for (const { age, group, weight } of singleYears(pop)) {
    const base = unknownFactorsFiveYearRisk(age);
    for (let j = 0; j < PD_POINTS; j++) {
      const pd = pdAtQuantile(pop, group, (j + 0.5) / PD_POINTS);
      samples.push(Math.min(1, (base * densityRelativeHazard(pd)) / means[group]));
      weights.push(weight / PD_POINTS);
    }
  }
  return {
    source:
      'computed by evaluation/calibrate.ts: BCRAT 5-year risk with every risk factor unknown x normalised density hazard (JNCI 2013 Table 4), over the density population model (ages 40-74, US 2010 age weights)',
    n: samples.length,
    values: buildQuantileTable(samples, weights, TABLE_POINTS).map(round9),
    densityHazardMeanByAgeGroup: means,
  };
}

export function buildMaskingReference(pop: DensityPopulation): BuiltReference {
  const samples: number[] = [];
  const weights: number[] = [];
  pop.muByAgeGroup.forEach((_, group) => {
    for (let j = 0; j < PD_POINTS; j++) {
      const pd = pdAtQuantile(pop, group, (j + 0.5) / PD_POINTS);
      samples.push(maskingProbability(pd, (pd / 100) * typicalBreastAreaCm2(pd)) as number);
      weights.push(pop.weights[group] / PD_POINTS);
    }
  });
  return {
    source:
      'computed by evaluation/calibrate.ts: masking = 1 - sensitivity by density (Wanders 2017) interpolated on PD and dense area, over the density population model (ages 40-74); dense area = PD x breast area by grade (CEBP)',
    n: samples.length,
    values: buildQuantileTable(samples, weights, TABLE_POINTS).map(round9),
  };
}

export const MERGED_SEED = 20250314;
export const MERGED_SAMPLES = 100_000;

/**
 * Simulates the merged score of the screened population: age and PD from the density population
 * model, every risk factor unknown, risk and masking quantiles from their references, and the
 * detection quantile uniform (a population's quantiles against its own reference are uniform;
 * detection is assumed independent of density and age here).
 */
export function buildMergedReference(
  pop: DensityPopulation,
  risk: { values: number[]; densityHazardMeanByAgeGroup: number[] },
  masking: { values: number[] },
  seed = MERGED_SEED,
  samples = MERGED_SAMPLES,
): BuiltReference {
  const random = seededRandom(seed);
  const cumulative: number[] = [];
  pop.weights.reduce((s, w) => (cumulative.push(s + w), s + w), 0);
  const scores: number[] = [];
  for (let i = 0; i < samples; i++) {
    const u = random() * cumulative[cumulative.length - 1];
    let group = 0;
    while (group < cumulative.length - 1 && u >= cumulative[group]) group++;
    const [from, to] = SCREENING_AGE_GROUPS[group];
    const age = from + (to - from) * random();
    const pd = pdAtQuantile(pop, group, Math.min(1 - 1e-12, Math.max(1e-12, random())));
    const base = unknownFactorsFiveYearRisk(age);
    const riskScore = Math.min(1, (base * densityRelativeHazard(pd)) / risk.densityHazardMeanByAgeGroup[group]);
    const maskingScore = maskingProbability(pd, (pd / 100) * typicalBreastAreaCm2(pd)) as number;
    const merged = mergedScore(
      { detection: random(), risk: quantileOf(riskScore, risk.values), masking: quantileOf(maskingScore, masking.values) },
      age,
    );
    scores.push(merged.score as number);
  }
  return {
    source: `simulated by evaluation/calibrate.ts (seed ${seed}, ${samples} women aged 40-74): mean of the detection (uniform), risk and masking quantiles x (110 - age) / 70`,
    n: samples,
    values: buildQuantileTable(scores, undefined, TABLE_POINTS).map(round9),
  };
}

/** An empirical detection reference from study detection scores (corpus or deployment). */
export function buildDetectionReference(scores: readonly number[], source: string): BuiltReference {
  const valid = scores.filter((s) => Number.isFinite(s) && s >= 0 && s <= 1);
  if (valid.length < 2) throw new Error(`detection reference needs at least 2 scores in [0, 1], got ${valid.length}`);
  return { source, n: valid.length, values: buildQuantileTable(valid, undefined, TABLE_POINTS).map(round9) };
}

/** The provisional detection reference shipped until real scores exist: the identity (uniform). */
export function provisionalDetectionReference(): BuiltReference {
  return {
    source:
      'provisional: uniform on [0, 1] (quantile = score), not yet built from the project corpus; rebuild with npm run calibrate -- --detection-scores FILE or --from-database',
    n: 0,
    values: [0, 1],
  };
}
