/** Median of the finite values (a run that produced no figure, NaN, is left out); NaN if none. */
export function median(xs: number[]): number {
  const ok = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return ok.length ? ok[Math.floor(ok.length / 2)] : NaN;
}
