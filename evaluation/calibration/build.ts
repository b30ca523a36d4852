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
function singleYears(ageGroupWeights: readonly number[]): { age: number; group: number; weight: number }[] {
  const out: { age: number; group: number; weight: number }[] = [];
  SCREENING_AGE_GROUPS.forEach(([from, to], group) => {
    for (let a = from; a < to; a++) out.push({ age: a + 0.5, group, weight: ageGroupWeights[group] / (to - from) });
  });
  return out;
}

export function buildRiskReference(pop: DensityPopulation): BuiltReference & { densityHazardMeanByAgeGroup: number[] } {
  const means = densityHazardMeans(pop);
  const samples: number[] = [];
  const weights: number[] = [];
  for (const { age, group, weight } of singleYears(pop.weights)) {
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

/** The film (view) a merged reference is built over: its density and its detection rank. */
export interface NormalFilm {
  percentDensity: number;
  denseAreaCm2: number | null;
  detectionQuantile: number;
}

/**
 * The merged score over real films without findings: each film's detection quantile, and the
 * risk and masking quantiles its density gives, at every single year of age 40-74 weighted by the
 * population (the films carry no age). The detection rank is the film's own, so any link between
 * density and detection on real films is kept (the simulation it replaces assumed none).
 */
export function buildMergedFromFilms(
  films: readonly NormalFilm[],
  ageGroupWeights: readonly number[],
  risk: { values: number[]; densityHazardMeanByAgeGroup: number[] },
  masking: { values: number[] },
  population: string,
): BuiltReference & { samples: number[]; weights: number[] } {
  if (films.length === 0) throw new Error("merged reference needs at least one film");
  const samples: number[] = [];
  const weights: number[] = [];
  for (const { age, group, weight } of singleYears(ageGroupWeights)) {
    const base = unknownFactorsFiveYearRisk(age);
    for (const f of films) {
      const riskScore = Math.min(1, (base * densityRelativeHazard(f.percentDensity)) / risk.densityHazardMeanByAgeGroup[group]);
      const maskingScore = maskingProbability(f.percentDensity, f.denseAreaCm2 ?? (f.percentDensity / 100) * typicalBreastAreaCm2(f.percentDensity)) as number;
      const merged = mergedScore({ detection: f.detectionQuantile, risk: quantileOf(riskScore, risk.values), masking: quantileOf(maskingScore, masking.values) }, age);
      samples.push(merged.score as number);
      weights.push(weight / films.length);
    }
  }
  return {
    source: `built by evaluation/train-detection.ts over ${population}: each film's detection quantile and the risk and masking quantiles of its percent density, every risk factor unknown, at each age 40-74 (US 2010 age weights); mean of the three x (110 - age) / 70`,
    n: films.length,
    values: buildQuantileTable(samples, weights, TABLE_POINTS).map(round9),
    samples,
    weights,
  };
}

/**
 * Share of films (each at every age 40-74, population-weighted) whose merged score is at or above
 * quantile 0.9 of `reference`: how many women without findings the top band would hold.
 */
export function mergedTopBandShare(
  films: readonly NormalFilm[],
  ageGroupWeights: readonly number[],
  risk: { values: number[]; densityHazardMeanByAgeGroup: number[] },
  masking: { values: number[] },
  reference: readonly number[],
): number {
  const built = buildMergedFromFilms(films, ageGroupWeights, risk, masking, 'films');
  let high = 0;
  let total = 0;
  built.samples.forEach((s, i) => {
    total += built.weights[i];
    if (quantileOf(s, reference) >= 0.9) high += built.weights[i];
  });
  return high / total;
}

/** The value of a quantile table at probability p (linear between its points). */
function tableAt(table: readonly number[], p: number): number {
  const t = Math.min(1, Math.max(0, p)) * (table.length - 1);
  const i = Math.min(table.length - 2, Math.floor(t));
  return table[i] + (t - i) * (table[i + 1] - table[i]);
}

export interface DetectionLevels extends BuiltReference {
  population: string;
  /** Quantile tables per level; `values` (the study's) is what a deployment recalibrates. */
  levels: { view: number[]; breast: number[]; study: number[] };
}

/**
 * Detection references for a view, a breast and a study from view scores of films without
 * findings. A breast's score is the highest of its two views and a study's of its four; the films
 * here are single views, so the breast and study tables treat the views as independent draws of
 * the view distribution (the maximum of k draws has quantile function Q(p^(1/k))). Views of one
 * woman are alike, so real breasts and studies score a little lower than this: the top band
 * errs toward fewer women, never toward most.
 */
/** `scoredHow` says how the scores were obtained (e.g. held out), for the source. */
export function buildDetectionLevels(viewScores: readonly number[], population: string, scoredHow = ''): DetectionLevels {
  const valid = viewScores.filter((s) => Number.isFinite(s) && s >= 0 && s <= 1);
  if (valid.length < 2) throw new Error(`detection reference needs at least 2 scores in [0, 1], got ${valid.length}`);
  const view = buildQuantileTable(valid, undefined, TABLE_POINTS);
  const level = (k: number) => view.map((_, i) => round9(tableAt(view, (i / (TABLE_POINTS - 1)) ** (1 / k))));
  const study = level(4);
  return {
    source: `built by evaluation/train-detection.ts from the view scores of ${population}${scoredHow ? `, ${scoredHow}` : ''}; breast and study: the highest of 2 and 4 independent views`,
    population,
    n: valid.length,
    values: study,
    levels: { view: view.map(round9), breast: level(2), study },
  };
}

/**
 * An empirical detection reference from a deployment's scores at each level (each level its own
 * distribution; a level with fewer than 2 scores takes the study's).
 */
export function buildDetectionReference(scores: { view: readonly number[]; breast: readonly number[]; study: readonly number[] }, population: string): DetectionLevels {
  const valid = (v: readonly number[]) => v.filter((s) => Number.isFinite(s) && s >= 0 && s <= 1);
  const study = valid(scores.study);
  if (study.length < 2) throw new Error(`detection reference needs at least 2 study scores in [0, 1], got ${study.length}`);
  const table = (v: number[]) => buildQuantileTable(v.length >= 2 ? v : study, undefined, TABLE_POINTS).map(round9);
  const levels = { view: table(valid(scores.view)), breast: table(valid(scores.breast)), study: table(study) };
  return { source: `recalibrated from ${population}: each level (view, breast, study) against its own scores`, population, n: study.length, values: levels.study, levels };
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
