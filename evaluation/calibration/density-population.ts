/**
 * A continuous model of percent density (PD) in the screened population, built only from the
 * published figures of population.ts:
 *
 * - within an age group, logit(PD/100) is normal with mean mu_g and a common spread sigma;
 * - the share above the c/d boundary follows the BCSC age pattern (Sprague 2014), shifted on the
 *   probit scale by one constant so that the age-weighted population has the BCSC controls' c+d
 *   share (the two BCSC sources differ: 43.3 % vs 37.9 %);
 * - the location and spread are fitted so that the mean PD within each grade matches the published
 *   area-PD means by grade (4.3 / 19.3 / 40.4 / 62.3 %);
 * - the grade cut points are the population quantiles at the BCSC cumulative shares.
 */
import {
  AREA_MEASURES_BY_GRADE,
  DENSE_SHARE_BY_AGE_GROUP,
  ageGroupWeights,
  cumulativeGradeShares,
} from '../../server/analysis/reference/population';
import { bisect, normalCdf, normalQuantile, sigmoid } from '../../server/analysis/reference/stats';

export interface DensityPopulation {
  /** Common spread of logit(PD/100). */
  sigma: number;
  /** Mean of logit(PD/100) per screening age group. */
  muByAgeGroup: number[];
  /** Age weights of the groups (sum 1). */
  weights: number[];
  /** PD (percent) cut points between a|b, b|c, c|d. */
  cutPoints: [number, number, number];
  /** Probit shift applied to the Sprague age pattern. */
  probitShift: number;
}

const Z_STEP = 0.01;

/** Builds the population for a location L (logit of the b|c cut point) and spread sigma. */
export function buildDensityPopulation(location: number, sigma: number): DensityPopulation {
  const weights = ageGroupWeights();
  const [, ab, abc] = cumulativeGradeShares();
  const denseTarget = 1 - ab;
  const probits = DENSE_SHARE_BY_AGE_GROUP.map((p) => normalQuantile(p));
  const denseShare = (shift: number) => probits.reduce((s, q, g) => s + weights[g] * normalCdf(q + shift), 0);
  const probitShift = bisect(denseShare, denseTarget, -3, 3);
  const muByAgeGroup = probits.map((q) => location + sigma * (q + probitShift));
  const cdf = (z: number) => muByAgeGroup.reduce((s, mu, g) => s + weights[g] * normalCdf((z - mu) / sigma), 0);
  const [aShare] = cumulativeGradeShares();
  const zAB = bisect(cdf, aShare, -20, 20);
  const zCD = bisect(cdf, abc, -20, 20);
  const pct = (z: number) => 100 * sigmoid(z);
  return { sigma, muByAgeGroup, weights, cutPoints: [pct(zAB), pct(location), pct(zCD)], probitShift };
}

/** Density of logit(PD/100) at z for one age group (or the whole population when group is null). */
export function logitDensity(pop: DensityPopulation, z: number, group: number | null): number {
  const one = (mu: number) => Math.exp(-0.5 * ((z - mu) / pop.sigma) ** 2) / (pop.sigma * Math.sqrt(2 * Math.PI));
  if (group !== null) return one(pop.muByAgeGroup[group]);
  return pop.muByAgeGroup.reduce((s, mu, g) => s + pop.weights[g] * one(mu), 0);
}

/**
 * Integrates f(PD) against the PD distribution of one age group (or the population) on a fine
 * grid of logit values; returns the expectation.
 */
export function expectOverPd(pop: DensityPopulation, f: (pd: number) => number, group: number | null): number {
  const mus = group === null ? pop.muByAgeGroup : [pop.muByAgeGroup[group]];
  const lo = Math.min(...mus) - 8 * pop.sigma;
  const hi = Math.max(...mus) + 8 * pop.sigma;
  let sum = 0;
  let mass = 0;
  for (let z = lo; z <= hi; z += Z_STEP) {
    const w = logitDensity(pop, z, group);
    sum += w * f(100 * sigmoid(z));
    mass += w;
  }
  return sum / mass;
}

/** Mean PD within each grade a-d of the population. */
export function meanPdByGrade(pop: DensityPopulation): number[] {
  const [c1, c2, c3] = pop.cutPoints;
  const grade = (pd: number) => (pd < c1 ? 0 : pd < c2 ? 1 : pd < c3 ? 2 : 3);
  const sums = [0, 0, 0, 0];
  const masses = [0, 0, 0, 0];
  const lo = Math.min(...pop.muByAgeGroup) - 8 * pop.sigma;
  const hi = Math.max(...pop.muByAgeGroup) + 8 * pop.sigma;
  for (let z = lo; z <= hi; z += Z_STEP) {
    const w = logitDensity(pop, z, null);
    const pd = 100 * sigmoid(z);
    const k = grade(pd);
    sums[k] += w * pd;
    masses[k] += w;
  }
  return sums.map((s, k) => s / masses[k]);
}

function misfit(pop: DensityPopulation): number {
  const means = meanPdByGrade(pop);
  return means.reduce((s, m, k) => s + (m - AREA_MEASURES_BY_GRADE.percentDensityMean[k]) ** 2, 0);
}

/**
 * Fits location and spread to the published mean PD per grade by a coarse-to-fine grid search
 * (deterministic, no random starts).
 */
export function fitDensityPopulation(): DensityPopulation {
  let bestL = -1;
  let bestS = 1;
  let best = Infinity;
  const search = (lCentre: number, sCentre: number, lHalf: number, sHalf: number, step: number) => {
    const l0 = bestL;
    const s0 = bestS;
    for (let l = lCentre - lHalf; l <= lCentre + lHalf + 1e-12; l += step) {
      for (let s = Math.max(0.05, sCentre - sHalf); s <= sCentre + sHalf + 1e-12; s += step) {
        const m = misfit(buildDensityPopulation(l, s));
        if (m < best) {
          best = m;
          bestL = l;
          bestS = s;
        }
      }
    }
    return bestL !== l0 || bestS !== s0;
  };
  search(-1.5, 1.5, 2, 1.4, 0.1);
  search(bestL, bestS, 0.1, 0.1, 0.01);
  search(bestL, bestS, 0.01, 0.01, 0.001);
  return buildDensityPopulation(bestL, bestS);
}
