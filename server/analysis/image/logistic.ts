/** The logistic function of the suspicion models (suspicion-models.ts). */
export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** w0 + sum w_i f_i, through the logistic. */
export function linearLogistic(intercept: number, terms: Array<[weight: number, feature: number]>): number {
  let s = intercept;
  for (const [w, f] of terms) s += w * f;
  return logistic(s);
}
