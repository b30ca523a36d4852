/**
 * Periodic Gaussian random fields by spectral synthesis: white complex noise shaped by a radial
 * filter, one inverse FFT, and the real and imaginary parts are two independent fields.
 * The anatomical background uses a power-law spectrum P(f) ~ 1/f^beta with beta about 3
 * (Burgess, Jacobson and Judy 2001); the fibrous-septa network uses a band-pass spectrum.
 */
import { fft2d } from './fft';
import type { Rng } from './prng';

export interface Field {
  /** Side in texels (power of two); the field repeats with this period. */
  n: number;
  /** Texel size in mm. */
  texelMm: number;
  /** Unit standard deviation, zero mean. */
  data: Float32Array;
}

/** Two independent fields with the radial amplitude filter `amp(f)`, f in cycles per mm. */
export function synthesizeFields(rng: Rng, n: number, texelMm: number, amp: (f: number) => number): [Field, Field] {
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  const df = 1 / (n * texelMm);
  for (let y = 0; y < n; y++) {
    const fy = (y <= n / 2 ? y : y - n) * df;
    for (let x = 0; x < n; x++) {
      const fx = (x <= n / 2 ? x : x - n) * df;
      const a = x === 0 && y === 0 ? 0 : amp(Math.hypot(fx, fy));
      re[y * n + x] = a * rng.normal();
      im[y * n + x] = a * rng.normal();
    }
  }
  fft2d(re, im, n, 1);
  return [normalise(re, n, texelMm), normalise(im, n, texelMm)];
}

function normalise(v: Float64Array, n: number, texelMm: number): Field {
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < v.length; i++) {
    sum += v[i];
    sq += v[i] * v[i];
  }
  const mean = sum / v.length;
  const sd = Math.sqrt(Math.max(sq / v.length - mean * mean, 1e-30));
  const data = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) data[i] = (v[i] - mean) / sd;
  return { n, texelMm, data };
}

/** Power-law amplitude (sqrt of the power spectrum) with a low-frequency roll-off at f0. */
export function powerLaw(beta: number, f0: number): (f: number) => number {
  return (f) => Math.pow(f * f + f0 * f0, -beta / 4);
}

/** Log-normal band-pass around `fc` cycles/mm, `octaves` wide (standard deviation). */
export function bandPass(fc: number, octaves: number): (f: number) => number {
  const s = octaves * Math.LN2;
  return (f) => (f <= 0 ? 0 : Math.exp(-((Math.log(f / fc) / s) ** 2) / 2));
}

/** Bilinear sample at (x, y) in mm, wrapping periodically. */
export function sample(field: Field, xMm: number, yMm: number): number {
  const { n, data } = field;
  const fx = xMm / field.texelMm;
  const fy = yMm / field.texelMm;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  const m = n - 1;
  const xa = x0 & m;
  const xb = (x0 + 1) & m;
  const ya = (y0 & m) * n;
  const yb = ((y0 + 1) & m) * n;
  const top = data[ya + xa] + (data[ya + xb] - data[ya + xa]) * tx;
  const bot = data[yb + xa] + (data[yb + xb] - data[yb + xa]) * tx;
  return top + (bot - top) * ty;
}
