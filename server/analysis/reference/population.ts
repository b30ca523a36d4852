/**
 * Published population figures from which evaluation/calibrate.ts computes the risk, masking and
 * density reference distributions. Every figure carries its source; none is tuned.
 */

/** The screened population: ages 40-74 in 5-year groups [40,45) ... [70,75). */
export const SCREENING_AGE_GROUPS: ReadonlyArray<readonly [number, number]> = [
  [40, 45],
  [45, 50],
  [50, 55],
  [55, 60],
  [60, 65],
  [65, 70],
  [70, 75],
];

/**
 * US population 2010 by age group (Census Bureau and Pitney Bowes Business Insight, "Population by
 * age in 2010", both sexes; https://online.documentine.com/2010-census-age-distribution/2/population-by-age-in-2010.html).
 * Used as the age weights of the screened population. Both sexes: women's share is a few points
 * higher in the oldest groups, which this figure does not show.
 */
export const AGE_GROUP_POPULATION = [20_968_525, 22_563_160, 22_079_542, 19_487_814, 16_735_169, 12_230_630, 9_167_716];

/**
 * Share with heterogeneously or extremely dense breasts (BI-RADS c + d) by age group, BCSC
 * 2007-2010 (Sprague BL et al., JNCI 2014;106:dju255; figures as reported by ASCO Post,
 * https://ascopost.com/News/20612): 57 % at 40-44 ... 26 % at 70-74.
 */
export const DENSE_SHARE_BY_AGE_GROUP = [0.57, 0.55, 0.46, 0.38, 0.33, 0.31, 0.26];

/** BI-RADS density shares among BCSC controls (Breast Cancer Res 2017), as in scoring.md. */
export const BCSC_GRADE_SHARES = { a: 0.198, b: 0.422, c: 0.302, d: 0.077 } as const;

/**
 * Area measures by BI-RADS grade a-d among screening women (Cancer Epidemiol Biomarkers Prev,
 * table "BI-RADS density categories", https://cebp.aacrjournals.org/highwire/markup/57002):
 * percent dense area mean (SD), absolute dense area and total breast area means.
 */
export const AREA_MEASURES_BY_GRADE = {
  percentDensityMean: [4.3, 19.3, 40.4, 62.3],
  percentDensitySd: [4.3, 11.3, 14.8, 11.7],
  denseAreaCm2Mean: [10.2, 27.8, 45.9, 59.2],
  breastAreaCm2Mean: [239.0, 156.2, 118.9, 95.7],
} as const;

/**
 * Digital screening sensitivity by BI-RADS grade a-d (Wanders JOP et al., Breast Cancer Res Treat
 * 2017;162:95): masking = 1 - sensitivity.
 */
export const SCREENING_SENSITIVITY_BY_GRADE = [0.857, 0.776, 0.695, 0.61];

/**
 * Relative hazard of invasive breast cancer by BI-RADS grade a-d, non-proliferative benign disease
 * row (JNCI 2013;105:1043, Table 4), b = 1.
 */
export const DENSITY_RELATIVE_HAZARD_BY_GRADE = [0.85, 1.0, 1.51, 2.15];

/** Age weights (sum 1) of the screened population's 5-year groups. */
export function ageGroupWeights(): number[] {
  const total = AGE_GROUP_POPULATION.reduce((s, v) => s + v, 0);
  return AGE_GROUP_POPULATION.map((v) => v / total);
}

/** Index of the screening age group for an age; ages outside 40-74 take the nearest group. */
export function screeningAgeGroup(ageYears: number): number {
  const g = Math.floor((ageYears - SCREENING_AGE_GROUPS[0][0]) / 5);
  return Math.max(0, Math.min(SCREENING_AGE_GROUPS.length - 1, g));
}

/** Cumulative BCSC shares a, a+b, a+b+c, normalised because the published shares sum to 99.9 %. */
export function cumulativeGradeShares(): [number, number, number] {
  const s = BCSC_GRADE_SHARES;
  const total = s.a + s.b + s.c + s.d;
  return [s.a / total, (s.a + s.b) / total, (s.a + s.b + s.c) / total];
}
