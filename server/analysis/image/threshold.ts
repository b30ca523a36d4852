import type { Mask, Raster } from './raster';

/**
 * Otsu's threshold (1979): the cut that maximises the between-class variance of the histogram.
 * The histogram spans [lo, hi] so that a few saturated marker pixels cannot squeeze the tissue
 * into a handful of bins.
 */
export function otsuThreshold(r: Raster, lo: number, hi: number, mask: Mask | null = null, bins = 512): number {
  if (!(hi > lo)) return lo;
  const hist = new Float64Array(bins);
  const scale = (bins - 1) / (hi - lo);
  const d = r.data;
  let n = 0;
  for (let i = 0; i < d.length; i++) {
    if (mask && !mask.data[i]) continue;
    const b = Math.round((Math.min(hi, Math.max(lo, d[i])) - lo) * scale);
    hist[b]++;
    n++;
  }
  let total = 0;
  for (let b = 0; b < bins; b++) total += b * hist[b];
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let bestVar = -1;
  for (let b = 0; b < bins - 1; b++) {
    wB += hist[b];
    if (wB === 0) continue;
    const wF = n - wB;
    if (wF === 0) break;
    sumB += b * hist[b];
    const mB = sumB / wB;
    const mF = (total - sumB) / wF;
    const v = wB * wF * (mB - mF) * (mB - mF);
    if (v > bestVar) {
      bestVar = v;
      best = b;
    }
  }
  return lo + (best + 0.5) / scale;
}
