import { describe, expect, it } from 'vitest';
import { maskedQuantiles } from '../../server/analysis/image/raster';
import { kthSmallest } from '../../server/analysis/image/select';

// The density step's quantiles come from kthSmallest instead of a sort: it must give the value the
// sort gives at every rank, on the value patterns images have (ties, plateaus, sorted runs) and on
// patterns made to defeat median-of-three pivots.

function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const patterns: Record<string, (n: number) => Float32Array> = {
  random: (n) => Float32Array.from({ length: n }, lcg(7)),
  'few distinct values': (n) => {
    const r = lcg(3);
    return Float32Array.from({ length: n }, () => Math.floor(r() * 4));
  },
  'all equal': (n) => new Float32Array(n).fill(0.25),
  ascending: (n) => Float32Array.from({ length: n }, (_, i) => i),
  descending: (n) => Float32Array.from({ length: n }, (_, i) => n - i),
  'organ pipe': (n) => Float32Array.from({ length: n }, (_, i) => Math.min(i, n - 1 - i)),
  'signed zeros and negatives': (n) => Float32Array.from({ length: n }, (_, i) => (i % 3 === 0 ? -0 : i % 3 === 1 ? 0 : -i)),
};

/** Equal as numbers: the sort orders -0 before 0, a selection need not, and no arithmetic tells them apart here. */
function expectSameNumber(got: number, want: number): void {
  expect(got === want, `${got} vs ${want}`).toBe(true);
}

describe('kthSmallest', () => {
  for (const [name, make] of Object.entries(patterns)) {
    it(`gives the sorted value at every rank: ${name}`, () => {
      for (const n of [1, 2, 3, 10, 257]) {
        const sorted = make(n).sort();
        for (let k = 0; k < n; k++) expectSameNumber(kthSmallest(make(n), k), sorted[k]);
      }
    });
  }

  it('gives the sorted value on large inputs, at the ranks the density step asks for', () => {
    for (const make of Object.values(patterns)) {
      const n = 100_003;
      const sorted = make(n).sort();
      for (const q of [0, 0.02, 0.3, 0.5, 0.77, 1]) {
        const k = Math.floor(q * (n - 1));
        expectSameNumber(kthSmallest(make(n), k), sorted[k]);
      }
    }
  });

  it('rejects a rank outside the array', () => {
    expect(() => kthSmallest(new Float32Array(3), 3)).toThrow(RangeError);
    expect(() => kthSmallest(new Float32Array(0), 0)).toThrow(RangeError);
  });
});

describe('maskedQuantiles', () => {
  it('bins only the masked pixels: the same quantiles as over those pixels alone', () => {
    const r = lcg(11);
    const data = Float32Array.from({ length: 5000 }, () => r() * 1000);
    const mask = Uint8Array.from(data, (v, i) => (i % 3 === 0 || v > 900 ? 1 : 0));
    const inside = data.filter((_, i) => mask[i] === 1);
    const qs = [0.02, 0.25, 0.5, 0.75, 0.999];
    const masked = maskedQuantiles({ width: 100, height: 50, data }, { width: 100, height: 50, data: mask }, qs);
    const alone = maskedQuantiles({ width: inside.length, height: 1, data: inside }, null, qs);
    expect(masked).toEqual(alone);
    // A 4096-bin histogram: within one bin of the exact quantile.
    const sorted = inside.slice().sort();
    const bin = (sorted[sorted.length - 1] - sorted[0]) / 4095;
    qs.forEach((q, j) => expect(Math.abs(masked[j] - sorted[Math.ceil(q * sorted.length) - 1])).toBeLessThanOrEqual(bin));
  });

  it('gives NaN for an empty mask', () => {
    const data = new Float32Array([1, 2, 3, 4]);
    expect(maskedQuantiles({ width: 4, height: 1, data }, { width: 4, height: 1, data: new Uint8Array(4) }, [0.5])).toEqual([NaN]);
  });
});
