import { createRaster, type Raster } from './raster';

/**
 * Separable filters in O(1) per pixel regardless of size, so that large mass scales cost the same
 * as small ones. Borders replicate the edge value.
 */

function boxPassH(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[row + Math.min(w - 1, Math.max(0, k))];
    for (let x = 0; x < w; x++) {
      dst[row + x] = acc * norm;
      const add = src[row + Math.min(w - 1, x + r + 1)];
      const sub = src[row + Math.max(0, x - r)];
      acc += add - sub;
    }
  }
}

function boxPassV(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  const acc = new Float64Array(w);
  for (let k = -r; k <= r; k++) {
    const row = Math.min(h - 1, Math.max(0, k)) * w;
    for (let x = 0; x < w; x++) acc[x] += src[row + x];
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const addRow = Math.min(h - 1, y + r + 1) * w;
    const subRow = Math.max(0, y - r) * w;
    for (let x = 0; x < w; x++) {
      dst[row + x] = acc[x] * norm;
      acc[x] += src[addRow + x] - src[subRow + x];
    }
  }
}

/** Mean over a (2r+1)x(2r+1) square. */
export function boxBlur(r: Raster, radius: number): Raster {
  const out = createRaster(r.width, r.height);
  if (radius < 1) {
    out.data.set(r.data);
    return out;
  }
  const tmp = new Float32Array(r.data.length);
  boxPassH(r.data, tmp, r.width, r.height, radius);
  boxPassV(tmp, out.data, r.width, r.height, radius);
  return out;
}

/** Radii of three successive box filters whose result approximates a Gaussian of sigma (Kovesi). */
function boxRadiiForGauss(sigma: number): number[] {
  const n = 3;
  const wIdeal = Math.sqrt((12 * sigma * sigma) / n + 1);
  let wl = Math.floor(wIdeal);
  if (wl % 2 === 0) wl--;
  const wu = wl + 2;
  const mIdeal = (12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4);
  const m = Math.round(mIdeal);
  const radii: number[] = [];
  for (let i = 0; i < n; i++) radii.push(((i < m ? wl : wu) - 1) / 2);
  return radii;
}

export function gaussianBlur(r: Raster, sigma: number): Raster {
  if (sigma < 0.5) return { width: r.width, height: r.height, data: r.data.slice() };
  const radii = boxRadiiForGauss(sigma);
  const a = r.data.slice();
  const tmp = new Float32Array(a.length);
  for (const rad of radii) {
    if (rad < 1) continue;
    boxPassH(a, tmp, r.width, r.height, rad);
    boxPassV(tmp, a, r.width, r.height, rad);
  }
  return { width: r.width, height: r.height, data: a };
}

/** Central-difference gradients. */
export function gradients(r: Raster): { gx: Float32Array; gy: Float32Array } {
  const { width: w, height: h, data: d } = r;
  const gx = new Float32Array(d.length);
  const gy = new Float32Array(d.length);
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const dn = Math.min(h - 1, y + 1) * w;
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const l = Math.max(0, x - 1);
      const rr = Math.min(w - 1, x + 1);
      gx[row + x] = (d[row + rr] - d[row + l]) * 0.5;
      gy[row + x] = (d[dn + x] - d[up + x]) * 0.5;
    }
  }
  return { gx, gy };
}

/**
 * Running min or max over a window of 2r+1 in one direction (van Herk / Gil-Werman): three
 * comparisons per pixel whatever the window. `line` holds the n values padded by r on each side.
 */
function extremumLine(line: Float32Array, n: number, r: number, isMax: boolean, g: Float32Array, hb: Float32Array, out: Float32Array): void {
  const k = 2 * r + 1;
  const padded = n + 2 * r;
  if (isMax) {
    for (let i = 0; i < padded; i++) g[i] = i % k === 0 ? line[i] : Math.max(g[i - 1], line[i]);
    for (let i = padded - 1; i >= 0; i--) hb[i] = i === padded - 1 || (i + 1) % k === 0 ? line[i] : Math.max(hb[i + 1], line[i]);
    for (let j = 0; j < n; j++) out[j] = Math.max(hb[j], g[j + 2 * r]);
  } else {
    for (let i = 0; i < padded; i++) g[i] = i % k === 0 ? line[i] : Math.min(g[i - 1], line[i]);
    for (let i = padded - 1; i >= 0; i--) hb[i] = i === padded - 1 || (i + 1) % k === 0 ? line[i] : Math.min(hb[i + 1], line[i]);
    for (let j = 0; j < n; j++) out[j] = Math.min(hb[j], g[j + 2 * r]);
  }
}

function squareExtremum(r: Raster, radius: number, isMax: boolean): Raster {
  const { width: w, height: h } = r;
  const tmp = new Float32Array(r.data.length);
  const out = createRaster(w, h);
  const len = Math.max(w, h) + 2 * radius;
  const line = new Float32Array(len).fill(isMax ? -Infinity : Infinity);
  const g = new Float32Array(len);
  const hb = new Float32Array(len);
  const res = new Float32Array(Math.max(w, h));
  for (let y = 0; y < h; y++) {
    line.set(r.data.subarray(y * w, (y + 1) * w), radius);
    extremumLine(line, w, radius, isMax, g, hb, res);
    tmp.set(res.subarray(0, w), y * w);
  }
  line.fill(isMax ? -Infinity : Infinity);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) line[radius + y] = tmp[y * w + x];
    extremumLine(line, h, radius, isMax, g, hb, res);
    for (let y = 0; y < h; y++) out.data[y * w + x] = res[y];
  }
  return out;
}

export function erodeGrey(r: Raster, radius: number): Raster {
  return squareExtremum(r, radius, false);
}

export function dilateGrey(r: Raster, radius: number): Raster {
  return squareExtremum(r, radius, true);
}

/** White top-hat: what an opening with a square of side 2r+1 removes (small bright details). */
export function whiteTopHat(r: Raster, radius: number): Raster {
  const opened = dilateGrey(erodeGrey(r, radius), radius);
  const out = createRaster(r.width, r.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = r.data[i] - opened.data[i];
  return out;
}

/** Local standard deviation over a (2r+1)^2 window. */
export function localStd(r: Raster, radius: number): Raster {
  const sq = createRaster(r.width, r.height);
  for (let i = 0; i < sq.data.length; i++) sq.data[i] = r.data[i] * r.data[i];
  const m = boxBlur(r, radius);
  const m2 = boxBlur(sq, radius);
  for (let i = 0; i < m.data.length; i++) m.data[i] = Math.sqrt(Math.max(0, m2.data[i] - m.data[i] * m.data[i]));
  return m;
}
