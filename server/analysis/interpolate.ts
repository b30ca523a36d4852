/**
 * Piecewise-linear interpolation through (xs[i], ys[i]) with xs increasing, held flat outside the
 * first and last points: published figures are not extrapolated beyond the range they cover.
 */
export function interpolateClamped(x: number, xs: readonly number[], ys: readonly number[]): number {
  if (x <= xs[0]) return ys[0];
  const last = xs.length - 1;
  if (x >= xs[last]) return ys[last];
  let i = 0;
  while (x > xs[i + 1]) i++;
  const t = (x - xs[i]) / (xs[i + 1] - xs[i]);
  return ys[i] + t * (ys[i + 1] - ys[i]);
}
