/**
 * The image types every analysis stage works on: a row-major Float32 raster and a byte mask of
 * the same size. Plain typed arrays so the stages stay pure and allocation is visible.
 */
export interface Raster {
  width: number;
  height: number;
  data: Float32Array;
}

export interface Mask {
  width: number;
  height: number;
  /** 1 inside, 0 outside. */
  data: Uint8Array;
}

export function createRaster(width: number, height: number): Raster {
  return { width, height, data: new Float32Array(width * height) };
}

export function createMask(width: number, height: number): Mask {
  return { width, height, data: new Uint8Array(width * height) };
}

export function cloneMask(mask: Mask): Mask {
  return { width: mask.width, height: mask.height, data: mask.data.slice() };
}

export function countMask(mask: Mask): number {
  let n = 0;
  const d = mask.data;
  for (let i = 0; i < d.length; i++) n += d[i];
  return n;
}

/** Mirror left-right (used to bring the chest wall to the left edge). */
export function flipRasterHorizontal(r: Raster): Raster {
  const out = createRaster(r.width, r.height);
  const w = r.width;
  for (let y = 0; y < r.height; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) out.data[row + x] = r.data[row + w - 1 - x];
  }
  return out;
}

export function flipBytesHorizontal(data: Uint8Array, width: number, height: number, channels: number): Uint8Array {
  if (channels === 4 && data.byteOffset % 4 === 0 && data.length >= width * height * 4) return flipPixels32(data, width, height);
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const src = (y * width + (width - 1 - x)) * channels;
      const dst = (y * width + x) * channels;
      for (let c = 0; c < channels; c++) out[dst + c] = data[src + c];
    }
  }
  return out;
}

/** flipBytesHorizontal of RGBA pixels, a pixel's four bytes moved as one 32-bit word (the same bytes). */
function flipPixels32(data: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(data.length);
  const src = new Uint32Array(data.buffer, data.byteOffset, width * height);
  const dst = new Uint32Array(out.buffer, 0, width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) dst[row + x] = src[row + width - 1 - x];
  }
  return out;
}

/** Mean and standard deviation of the raster inside the mask (NaN when the mask is empty). */
export function maskedMeanStd(r: Raster, mask: Mask): { mean: number; std: number; count: number } {
  let n = 0;
  let s = 0;
  let s2 = 0;
  const d = r.data;
  const m = mask.data;
  for (let i = 0; i < d.length; i++) {
    if (m[i]) {
      const v = d[i];
      n++;
      s += v;
      s2 += v * v;
    }
  }
  if (n === 0) return { mean: NaN, std: NaN, count: 0 };
  const mean = s / n;
  return { mean, std: Math.sqrt(Math.max(0, s2 / n - mean * mean)), count: n };
}

/**
 * Math.round(x) for 0 <= x < 2^52, as used for histogram bins: floor(x + 0.5) is the same integer
 * for every such x but the largest double below 0.5 (where x + 0.5 rounds up to 1), and it has no
 * data-dependent branch, which V8's Math.round has: over a smooth image that branch goes either way
 * half the time, and binning 380 000 values took 2.5 ms instead of 0.7. NaN stays NaN.
 */
export function roundNonNegative(x: number): number {
  return x === 0.49999999999999994 ? 0 : Math.floor(x + 0.5);
}

/**
 * Approximate quantiles through a fine histogram: exact enough for thresholds, linear in time
 * (sorting millions of pixels would not be).
 */
export function maskedQuantiles(r: Raster, mask: Mask | null, qs: number[], bins = 4096): number[] {
  // One pass finds the masked values' count and range, the second bins them: no copy of them the
  // size of the raster (masses asks for five sets of quantiles per view). The counts are integers,
  // so they are the same whatever order the values are binned in.
  const d = r.data;
  const m = mask ? mask.data : null;
  let n = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < d.length; i++) {
    if (m && !m[i]) continue;
    const v = d[i];
    n++;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!(hi >= lo)) return qs.map(() => NaN);
  if (hi === lo) return qs.map(() => lo);
  const hist = new Int32Array(bins);
  const scale = (bins - 1) / (hi - lo);
  if (m) {
    for (let i = 0; i < d.length; i++) if (m[i]) hist[roundNonNegative((d[i] - lo) * scale)]++;
  } else {
    for (let i = 0; i < d.length; i++) hist[roundNonNegative((d[i] - lo) * scale)]++;
  }
  return qs.map((q) => {
    const target = q * n;
    let acc = 0;
    for (let b = 0; b < bins; b++) {
      acc += hist[b];
      if (acc >= target) return lo + b / scale;
    }
    return hi;
  });
}
