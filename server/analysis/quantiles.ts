/**
 * Population quantiles: where a score falls in a reference distribution. A reference is stored as
 * its quantile function sampled at evenly spaced probabilities (values[i] is the score at
 * probability i / (n - 1)), so that the data files stay small and the lookup is an interpolation.
 */

/** A versioned reference distribution as shipped in server/analysis/reference/*.json. */
export interface ReferenceDistribution {
  name: string;
  version: string;
  /** Where the distribution comes from, in words (population figures, corpus, deployment...). */
  source: string;
  /** Number of scores or simulated women behind it. */
  n: number;
  /** Non-decreasing scores at probabilities 0, 1/(k-1), ..., 1. */
  values: number[];
}

/**
 * The quantile of a score against a reference: the reference's CDF at the score, interpolated
 * linearly between table points, in [0, 1] and non-decreasing in the score. A score equal to a run
 * of equal table values takes the middle of that run.
 */
export function quantileOf(score: number, values: readonly number[]): number {
  const n = values.length;
  if (n === 0 || !Number.isFinite(score)) throw new RangeError('quantileOf: empty reference or non-finite score');
  if (n === 1) return score < values[0] ? 0 : score > values[0] ? 1 : 0.5;
  // lo: first index with values[i] >= score; hi: last index with values[i] <= score.
  let a = 0;
  let b = n;
  while (a < b) {
    const m = (a + b) >> 1;
    if (values[m] < score) a = m + 1;
    else b = m;
  }
  const lo = a;
  a = 0;
  b = n;
  while (a < b) {
    const m = (a + b) >> 1;
    if (values[m] <= score) a = m + 1;
    else b = m;
  }
  const hi = a - 1;
  let position: number;
  if (lo >= n) return 1;
  if (hi < 0) return 0;
  if (hi >= lo) position = (lo + hi) / 2;
  else position = hi + (score - values[hi]) / (values[lo] - values[hi]);
  return Math.min(1, Math.max(0, position / (n - 1)));
}

/**
 * The quantile function of a weighted sample at `points` evenly spaced probabilities: each sample
 * sits at the middle of its weight in the cumulative distribution (Hazen plotting positions), and
 * values in between are interpolated; probability 0 and 1 give the minimum and maximum.
 */
export function buildQuantileTable(samples: readonly number[], weights?: readonly number[], points = 1001): number[] {
  if (samples.length === 0) throw new RangeError('buildQuantileTable: no samples');
  const order = samples.map((_, i) => i).sort((i, j) => samples[i] - samples[j] || i - j);
  const xs = order.map((i) => samples[i]);
  const ws = order.map((i) => (weights ? weights[i] : 1));
  const total = ws.reduce((s, w) => s + w, 0);
  const positions: number[] = [];
  let cumulative = 0;
  for (const w of ws) {
    positions.push((cumulative + w / 2) / total);
    cumulative += w;
  }
  const table: number[] = [];
  let j = 0;
  for (let i = 0; i < points; i++) {
    const p = i / (points - 1);
    if (p <= positions[0]) table.push(xs[0]);
    else if (p >= positions[positions.length - 1]) table.push(xs[xs.length - 1]);
    else {
      while (positions[j + 1] < p) j++;
      const t = (p - positions[j]) / (positions[j + 1] - positions[j]);
      table.push(xs[j] + t * (xs[j + 1] - xs[j]));
    }
  }
  return table;
}
