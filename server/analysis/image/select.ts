/**
 * The k-th smallest value (0-based) of `values`, the value `values.slice().sort()[k]` would give
 * (a zero may come back as -0 where the sort gives 0: they compare and subtract alike),
 * found in linear time (quickselect, median-of-three pivots) instead of a sort: the density step
 * needs one quantile of a few hundred thousand pixels, several times per view. Reorders `values`
 * in place. Pivots that keep splitting badly (crafted pixel values could make them) fall back to
 * a sort, so the time stays O(n log n) at worst.
 */
export function kthSmallest(values: Float32Array, k: number): number {
  if (!(k >= 0 && k < values.length)) throw new RangeError(`k ${k} outside 0..${values.length - 1}`);
  let lo = 0;
  let hi = values.length - 1;
  let budget = 2 * Math.ceil(Math.log2(values.length + 1)) + 8;
  while (hi > lo) {
    if (budget-- === 0) {
      values.subarray(lo, hi + 1).sort();
      return values[k];
    }
    const pivot = medianOf3(values[lo], values[(lo + hi) >>> 1], values[hi]);
    // Hoare partition: [lo, j] <= pivot <= [i, hi]; runs of equal values split evenly.
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
}

function medianOf3(a: number, b: number, c: number): number {
  if (a < b) return b < c ? b : a < c ? c : a;
  return a < c ? a : b < c ? c : b;
}
