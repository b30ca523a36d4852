import { describe, expect, it } from 'vitest';
import { dilateMask, erodeMask } from '../../server/analysis/image/components';
import { boxBlur, dilateGrey, erodeGrey, gaussianBlur, localMeanStd, whiteTopHat } from '../../server/analysis/image/filters';
import { maskedQuantiles, roundNonNegative, type Mask, type Raster } from '../../server/analysis/image/raster';
import { boxDownsample } from '../../server/analysis/image/resample';

// The fast filters (running sums, van Herk max, column passes a row at a time) against the
// definitions they implement, on sizes where the window is smaller than, equal to and larger
// than the image, so every border case of the fast paths runs.

function randomRaster(w: number, h: number, seed: number): Raster {
  let s = seed;
  const data = new Float32Array(w * h);
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    data[i] = (s / 2 ** 31) * 100 - 50;
  }
  return { width: w, height: h, data };
}

function randomMask(w: number, h: number, seed: number): Mask {
  const r = randomRaster(w, h, seed);
  return { width: w, height: h, data: Uint8Array.from(r.data, (v) => (v > -20 ? 1 : 0)) };
}

/** Value at (x, y) with the edge replicated. */
const at = (r: Raster, x: number, y: number) => r.data[Math.min(r.height - 1, Math.max(0, y)) * r.width + Math.min(r.width - 1, Math.max(0, x))];

function naiveBox(r: Raster, rad: number): Float32Array {
  const out = new Float32Array(r.data.length);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      let s = 0;
      for (let dy = -rad; dy <= rad; dy++) for (let dx = -rad; dx <= rad; dx++) s += at(r, x + dx, y + dy);
      out[y * r.width + x] = s / (2 * rad + 1) ** 2;
    }
  }
  return out;
}

/** Extremum over the window's pixels inside the image (the image is not extended). */
function naiveExtremum(r: Raster, rad: number, isMax: boolean): Float32Array {
  const out = new Float32Array(r.data.length);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      let e = isMax ? -Infinity : Infinity;
      for (let yy = Math.max(0, y - rad); yy <= Math.min(r.height - 1, y + rad); yy++) {
        for (let xx = Math.max(0, x - rad); xx <= Math.min(r.width - 1, x + rad); xx++) {
          const v = r.data[yy * r.width + xx];
          e = isMax ? Math.max(e, v) : Math.min(e, v);
        }
      }
      out[y * r.width + x] = e;
    }
  }
  return out;
}

function naiveMaskOp(m: Mask, rad: number, erode: boolean): Uint8Array {
  const out = new Uint8Array(m.data.length);
  for (let y = 0; y < m.height; y++) {
    for (let x = 0; x < m.width; x++) {
      let all = 1;
      let any = 0;
      for (let yy = Math.max(0, y - rad); yy <= Math.min(m.height - 1, y + rad); yy++) {
        for (let xx = Math.max(0, x - rad); xx <= Math.min(m.width - 1, x + rad); xx++) {
          all &= m.data[yy * m.width + xx];
          any |= m.data[yy * m.width + xx];
        }
      }
      out[y * m.width + x] = erode ? all : any;
    }
  }
  return out;
}

function expectClose(actual: Float32Array, expected: Float32Array, tol: number): void {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  for (let i = 0; i < actual.length; i++) worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
  expect(worst).toBeLessThanOrEqual(tol);
}

const SIZES: Array<[number, number]> = [
  [23, 17],
  [1, 9],
  [9, 1],
  [4, 4],
  // Many blocks of the van Herk passes, the last one partial for most radii.
  [31, 57],
];
const RADII = [1, 2, 3, 7, 12];

describe('image filters', () => {
  it('box blur is the mean over the square with the edge replicated', () => {
    for (const [w, h] of SIZES) {
      for (const rad of RADII) {
        const r = randomRaster(w, h, w * 31 + h + rad);
        expectClose(boxBlur(r, rad).data, naiveBox(r, rad), 1e-3);
      }
    }
  });

  it('grey dilation and erosion are the max and min over the square inside the image', () => {
    for (const [w, h] of SIZES) {
      for (const rad of RADII) {
        const r = randomRaster(w, h, w * 7 + h * 3 + rad);
        expect(Array.from(dilateGrey(r, rad).data)).toEqual(Array.from(naiveExtremum(r, rad, true)));
        expect(Array.from(erodeGrey(r, rad).data)).toEqual(Array.from(naiveExtremum(r, rad, false)));
      }
    }
  });

  it('the white top-hat is the image minus its opening (the dilation of its erosion)', () => {
    for (const [w, h] of SIZES) {
      for (const rad of RADII) {
        const r = randomRaster(w, h, w * 5 + h * 11 + rad);
        const opened = naiveExtremum({ width: w, height: h, data: naiveExtremum(r, rad, false) }, rad, true);
        expect(Array.from(whiteTopHat(r, rad).data)).toEqual(Array.from(r.data, (v, i) => Math.fround(v - opened[i])));
      }
    }
  });

  it('mask erosion and dilation keep a pixel when all or any of the square inside the image is set', () => {
    for (const [w, h] of SIZES) {
      for (const rad of RADII) {
        const m = randomMask(w, h, w * 5 + h + rad);
        expect(Array.from(erodeMask(m, rad).data)).toEqual(Array.from(naiveMaskOp(m, rad, true)));
        expect(Array.from(dilateMask(m, rad).data)).toEqual(Array.from(naiveMaskOp(m, rad, false)));
      }
    }
  });

  it('local mean and standard deviation match the window statistics', () => {
    const r = randomRaster(19, 14, 99);
    const { mean, std } = localMeanStd(r, 3);
    const sq: Raster = { ...r, data: r.data.map((v) => v * v) };
    const m2 = naiveBox(sq, 3);
    const m = naiveBox(r, 3);
    expectClose(mean.data, m, 1e-3);
    expectClose(std.data, m.map((v, i) => Math.sqrt(Math.max(0, m2[i] - v * v))), 0.05);
  });

  it('local mean and standard deviation are those of two box blurs, value for value', () => {
    for (const [w, h] of SIZES) {
      for (const rad of [0, ...RADII]) {
        const r = randomRaster(w, h, w * 13 + h + rad);
        const mean = boxBlur(r, rad).data;
        const meanSq = boxBlur({ ...r, data: r.data.map((v) => v * v) }, rad).data;
        const got = localMeanStd(r, rad);
        expect(Array.from(got.mean.data)).toEqual(Array.from(mean));
        expect(Array.from(got.std.data)).toEqual(Array.from(meanSq, (v, i) => Math.fround(Math.sqrt(Math.max(0, v - mean[i] * mean[i])))));
      }
    }
  });

  it('block downsampling averages each block, a partial last block over what it has', () => {
    const r = randomRaster(11, 7, 5);
    const out = boxDownsample(r.data, 11, 7, 3, 4);
    expect([out.width, out.height]).toEqual([3, 3]);
    for (let oy = 0; oy < 3; oy++) {
      for (let ox = 0; ox < 3; ox++) {
        let s = 0;
        let n = 0;
        for (let y = oy * 3; y < Math.min(7, oy * 3 + 3); y++) {
          for (let x = ox * 4; x < Math.min(11, ox * 4 + 4); x++) {
            s += r.data[y * 11 + x];
            n++;
          }
        }
        expect(out.data[oy * 3 + ox]).toBeCloseTo(s / n, 4);
      }
    }
  });
  it('filters that share one scratch array give results that later filters do not change', () => {
    // The intermediate passes reuse one array (filters.ts, scratch): a result must never be it.
    const a = randomRaster(23, 17, 7);
    const b = randomRaster(31, 19, 8);
    const blurred = gaussianBlur(a, 2.5);
    const topHat = whiteTopHat(a, 2);
    const box = boxBlur(a, 3);
    const kept = [blurred, topHat, box].map((r) => Array.from(r.data));
    gaussianBlur(b, 4);
    whiteTopHat(b, 3);
    boxBlur(b, 5);
    localMeanStd(b, 2);
    dilateGrey(b, 2);
    expect([blurred, topHat, box].map((r) => Array.from(r.data))).toEqual(kept);
    expect(Array.from(gaussianBlur(a, 2.5).data)).toEqual(kept[0]);
  });

  it('histogram bins round as Math.round does, the half-way cases included', () => {
    const xs = [0, 0.49999999999999994, 0.5, 1.5, 2.5, 4094.5, 4094.499999999999, 1e-300, 3.4999999999999996, 2 ** 40 + 0.5];
    for (let i = 0; i < 2000; i++) xs.push(i / 8, i * 2.0475 + 1e-12, i + 0.5 - 2 ** -40);
    for (const x of xs) expect(roundNonNegative(x)).toBe(Math.round(x));
    expect(roundNonNegative(Number.NaN)).toBeNaN();
  });

  it('masked quantiles read only the masked values', () => {
    const r: Raster = { width: 4, height: 1, data: Float32Array.from([100, 1, 2, 3]) };
    const mask: Mask = { width: 4, height: 1, data: Uint8Array.from([0, 1, 1, 1]) };
    const [lo, mid, hi] = maskedQuantiles(r, mask, [0, 0.5, 1]);
    expect(lo).toBeCloseTo(1, 2);
    expect(mid).toBeCloseTo(2, 2);
    expect(hi).toBeCloseTo(3, 2);
    expect(maskedQuantiles(r, null, [1])[0]).toBeCloseTo(100, 2);
  });
});
