import { createRaster, type Raster } from './raster';

/**
 * Separable filters in O(1) per pixel regardless of size, so that large mass scales cost the same
 * as small ones. Borders replicate the edge value.
 */

function boxPassH(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  // The window's left and right ends clamp to the row only near its ends: three loops keep the
  // clamping out of the middle one, where nearly all pixels are (same sums in the same order).
  const leftEnd = Math.min(w, r);
  const rightStart = Math.max(leftEnd, w - r - 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const last = row + w - 1;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[row + Math.min(w - 1, Math.max(0, k))];
    let x = 0;
    for (; x < leftEnd; x++) {
      dst[row + x] = acc * norm;
      acc += src[Math.min(last, row + x + r + 1)] - src[row];
    }
    for (; x < rightStart; x++) {
      dst[row + x] = acc * norm;
      acc += src[row + x + r + 1] - src[row + x - r];
    }
    for (; x < w; x++) {
      dst[row + x] = acc * norm;
      acc += src[last] - src[row + Math.max(0, x - r)];
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
    // Row views instead of offsets into the whole image: about 13 % faster in V8, same sums.
    const out = dst.subarray(y * w, (y + 1) * w);
    const add = src.subarray(Math.min(h - 1, y + r + 1) * w);
    const sub = src.subarray(Math.max(0, y - r) * w);
    for (let x = 0; x < w; x++) {
      const a = acc[x];
      out[x] = a * norm;
      acc[x] = a + (add[x] - sub[x]);
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
  const tmp = scratch(r.data.length);
  boxPassH(r.data, tmp, r.width, r.height, radius);
  boxPassV(tmp, out.data, r.width, r.height, radius);
  return out;
}

let scratchBuffer = new Float32Array(0);

/**
 * A scratch array of n values (contents undefined) for a filter's intermediate pass, the same one
 * on every call: the blurs of one view asked for some forty arrays the size of the image that
 * lived for one call each, and their allocation and collection cost more than the passes reading
 * them. Only for values a function overwrites before it reads them and does not return; the
 * analysis of a view runs on one thread, and no function here calls another while it holds it.
 */
function scratch(n: number): Float32Array {
  if (scratchBuffer.length < n) scratchBuffer = new Float32Array(n);
  return scratchBuffer.subarray(0, n);
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
  const radii = boxRadiiForGauss(sigma).filter((rad) => rad >= 1);
  const out = new Float32Array(r.data.length);
  if (radii.length === 0) {
    out.set(r.data);
    return { width: r.width, height: r.height, data: out };
  }
  // The first pass reads the input itself rather than a copy of it; each later one the result so far.
  const tmp = scratch(out.length);
  let src = r.data;
  for (const rad of radii) {
    boxPassH(src, tmp, r.width, r.height, rad);
    boxPassV(tmp, out, r.width, r.height, rad);
    src = out;
  }
  return { width: r.width, height: r.height, data: out };
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
 * Running max over a window of 2r+1 in one direction (van Herk / Gil-Werman): three comparisons
 * per pixel whatever the window. The line, padded with r values of -Infinity on each side, is cut
 * into blocks of 2r+1; `g` holds the running max from each block's start, `hb` the one to each
 * block's end, and the window starting at j is the larger of hb[j] and g[j + 2r]. Rows run along
 * memory; the column pass works a whole row of columns at a time, so both read memory in order.
 */
function maxRows(src: Float32Array, dst: Float32Array, w: number, h: number, r: number, negate: boolean): void {
  const k = 2 * r + 1;
  const padded = w + 2 * r;
  const line = new Float32Array(padded).fill(-Infinity);
  const g = new Float32Array(padded);
  const hb = new Float32Array(padded);
  for (let y = 0; y < h; y++) {
    if (negate) for (let x = 0, o = y * w; x < w; x++) line[r + x] = -src[o + x];
    else line.set(src.subarray(y * w, (y + 1) * w), r);
    for (let b = 0; b < padded; b += k) {
      const end = Math.min(padded, b + k);
      g[b] = line[b];
      for (let i = b + 1; i < end; i++) g[i] = Math.max(g[i - 1], line[i]);
      hb[end - 1] = line[end - 1];
      for (let i = end - 2; i >= b; i--) hb[i] = Math.max(hb[i + 1], line[i]);
    }
    const row = y * w;
    for (let j = 0; j < w; j++) dst[row + j] = Math.max(hb[j], g[j + 2 * r]);
  }
}

function maxColumns(src: Float32Array, dst: Float32Array, w: number, h: number, r: number, negate: boolean): void {
  const k = 2 * r + 1;
  const padded = h + 2 * r;
  // Row p of the padded image is source row p - r, or -Infinity outside the image.
  const padRow = new Float32Array(w).fill(-Infinity);
  const rowOf = (p: number) => (p < r || p >= h + r ? padRow : src.subarray((p - r) * w, (p - r + 1) * w));
  // Output row y needs hb at padded row y and g at row y + 2r, which lie in the same block or the
  // next: once a block is done, every row whose g it completes goes out, so only the last two
  // blocks are kept: rings of 2k rows instead of two arrays the size of the image, the same
  // comparisons in the same order. Forty top-hats of a calcification grid (1165 x 1434, radius 4)
  // ran 1 full garbage collection instead of 8, peak RSS 146 MB instead of 195, time unchanged.
  const ring = 2 * k;
  const g = new Float32Array(ring * w);
  const hb = new Float32Array(ring * w);
  const at = (p: number) => (p % ring) * w;
  let y = 0;
  for (let b = 0; b < padded; b += k) {
    const end = Math.min(padded, b + k);
    g.set(rowOf(b), at(b));
    for (let p = b + 1; p < end; p++) {
      const s = rowOf(p);
      const o = at(p);
      const prev = at(p - 1);
      for (let x = 0; x < w; x++) g[o + x] = Math.max(g[prev + x], s[x]);
    }
    hb.set(rowOf(end - 1), at(end - 1));
    for (let p = end - 2; p >= b; p--) {
      const s = rowOf(p);
      const o = at(p);
      const below = at(p + 1);
      for (let x = 0; x < w; x++) hb[o + x] = Math.max(hb[below + x], s[x]);
    }
    for (const last = Math.min(h, end - 2 * r); y < last; y++) {
      const o = y * w;
      const oh = at(y);
      const og = at(y + 2 * r);
      if (negate) for (let x = 0; x < w; x++) dst[o + x] = -Math.max(hb[oh + x], g[og + x]);
      else for (let x = 0; x < w; x++) dst[o + x] = Math.max(hb[oh + x], g[og + x]);
    }
  }
}

/**
 * Max (or min) over a (2r+1)^2 square; the min is minus the max of minus, which is exact (the
 * row pass reads minus the input, the column pass writes minus its max).
 */
function squareExtremum(r: Raster, radius: number, isMax: boolean): Raster {
  const { width: w, height: h } = r;
  const tmp = scratch(r.data.length);
  const out = createRaster(w, h);
  maxRows(r.data, tmp, w, h, radius, !isMax);
  maxColumns(tmp, out.data, w, h, radius, !isMax);
  return out;
}

export function erodeGrey(r: Raster, radius: number): Raster {
  return squareExtremum(r, radius, false);
}

export function dilateGrey(r: Raster, radius: number): Raster {
  return squareExtremum(r, radius, true);
}

/**
 * White top-hat: what an opening with a square of side 2r+1 removes (small bright details). The
 * erosion, the dilation and the difference share two buffers: each pass writes where the pass
 * before it has been read out.
 */
export function whiteTopHat(r: Raster, radius: number): Raster {
  const { width: w, height: h } = r;
  const a = new Float32Array(r.data.length);
  const b = scratch(r.data.length);
  const src = r.data;
  maxRows(src, a, w, h, radius, true);
  maxColumns(a, b, w, h, radius, true); // b: the erosion
  maxRows(b, a, w, h, radius, false);
  maxColumns(a, b, w, h, radius, false); // b: the opening
  for (let i = 0; i < a.length; i++) a[i] = src[i] - b[i];
  return { width: w, height: h, data: a };
}

/**
 * Local mean and standard deviation over a (2r+1)^2 window (one box blur of each serves both).
 * The two blurs share their scratch row pass, and the squares' blur is written over the squares:
 * three arrays the size of the image instead of five, the same values as boxBlur's.
 */
export function localMeanStd(r: Raster, radius: number): { mean: Raster; std: Raster } {
  const { width: w, height: h } = r;
  const sq = createRaster(w, h);
  const src = r.data;
  const sqd = sq.data;
  for (let i = 0; i < sqd.length; i++) sqd[i] = src[i] * src[i];
  if (radius < 1) return { mean: { width: w, height: h, data: r.data.slice() }, std: sqrtVariance(sq, r.data) };
  const tmp = scratch(r.data.length);
  const mean = createRaster(w, h);
  boxPassH(r.data, tmp, w, h, radius);
  boxPassV(tmp, mean.data, w, h, radius);
  boxPassH(sq.data, tmp, w, h, radius);
  boxPassV(tmp, sq.data, w, h, radius);
  return { mean, std: sqrtVariance(sq, mean.data) };
}

/** The window's SD from its mean square (`meanSq`, overwritten) and its mean. */
function sqrtVariance(meanSq: Raster, mean: Float32Array): Raster {
  const d = meanSq.data;
  for (let i = 0; i < d.length; i++) d[i] = Math.sqrt(Math.max(0, d[i] - mean[i] * mean[i]));
  return meanSq;
}

/** Local standard deviation over a (2r+1)^2 window. */
export function localStd(r: Raster, radius: number): Raster {
  return localMeanStd(r, radius).std;
}
