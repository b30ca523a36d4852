/**
 * The shape behind the population picture: a right-skewed curve (most women score low, a few
 * high), like the reference distributions of the scores. The person's place is set by their
 * quantile, the share of the area to the left of the marker, so the picture is exact about the
 * ranking even though the curve is only an illustration of the shape.
 */
const SHAPE_K = 2.6;
const X_MAX = 10;
const SAMPLES = 160;

function density(x: number): number {
  return x <= 0 ? 0 : x ** (SHAPE_K - 1) * Math.exp(-x);
}

export interface Curve {
  /** Points along the curve in 0..1 on both axes (y = 1 at the peak). */
  points: { x: number; y: number }[];
  /** Cumulative share of the area at each point. */
  cdf: number[];
}

export function makeCurve(samples = SAMPLES): Curve {
  const xs = Array.from({ length: samples + 1 }, (_, i) => (i / samples) * X_MAX);
  const ys = xs.map(density);
  const cdf = [0];
  for (let i = 1; i < xs.length; i++) cdf.push(cdf[i - 1] + ((ys[i] + ys[i - 1]) / 2) * (xs[i] - xs[i - 1]));
  const total = cdf[cdf.length - 1];
  const peak = Math.max(...ys);
  return {
    points: xs.map((x, i) => ({ x: x / X_MAX, y: ys[i] / peak })),
    cdf: cdf.map((c) => c / total),
  };
}

/** Where (0..1 along the axis) the given share of the area is reached. */
export function xAtQuantile(curve: Curve, q: number): number {
  const { cdf, points } = curve;
  if (q <= 0) return 0;
  if (q >= 1) return 1;
  let i = 1;
  while (i < cdf.length - 1 && cdf[i] < q) i++;
  const t = (q - cdf[i - 1]) / (cdf[i] - cdf[i - 1] || 1);
  return points[i - 1].x + t * (points[i].x - points[i - 1].x);
}

/** Height of the curve (0..1) at x (0..1 along the axis). */
export function yAt(curve: Curve, x: number): number {
  const { points } = curve;
  const f = x * (points.length - 1);
  const i = Math.min(points.length - 2, Math.max(0, Math.floor(f)));
  const t = f - i;
  return points[i].y + t * (points[i + 1].y - points[i].y);
}

/** How many in 100 women score lower than the person: round(quantile x 100). */
export function lowerIn100(quantile: number): number {
  return Math.round(quantile * 100);
}
