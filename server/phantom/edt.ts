/**
 * Exact Euclidean distance transform (Felzenszwalb and Huttenlocher 2012): for every pixel, the
 * distance in pixels to the nearest pixel where `inside` is 0 (pixels beyond the array do not
 * count as outside). Used for the distance to the skin.
 */
export function distanceToOutside(inside: Uint8Array, width: number, height: number): Float32Array {
  const INF = 1e20;
  const len = Math.max(width, height);
  const f = new Float64Array(len);
  const d = new Float64Array(len);
  const v = new Int32Array(len);
  const z = new Float64Array(len + 1);
  const grid = new Float64Array(width * height);
  for (let i = 0; i < grid.length; i++) grid[i] = inside[i] ? INF : 0;

  const transform1d = (n: number) => {
    let j = 0;
    v[0] = 0;
    z[0] = -INF;
    z[1] = INF;
    for (let q = 1; q < n; q++) {
      let s = (f[q] + q * q - (f[v[j]] + v[j] * v[j])) / (2 * q - 2 * v[j]);
      while (s <= z[j]) {
        j--;
        s = (f[q] + q * q - (f[v[j]] + v[j] * v[j])) / (2 * q - 2 * v[j]);
      }
      j++;
      v[j] = q;
      z[j] = s;
      z[j + 1] = INF;
    }
    j = 0;
    for (let q = 0; q < n; q++) {
      while (z[j + 1] < q) j++;
      const dq = q - v[j];
      d[q] = dq * dq + f[v[j]];
    }
  };
  for (let x = 0; x < width; x++) {
    let any = false;
    for (let y = 0; y < height; y++) {
      f[y] = grid[y * width + x];
      if (f[y] === 0) any = true;
    }
    if (!any) continue; // a column with no outside pixel stays at INF until the row pass
    transform1d(height);
    for (let y = 0; y < height; y++) grid[y * width + x] = d[y];
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) f[x] = grid[row + x];
    transform1d(width);
    for (let x = 0; x < width; x++) out[row + x] = Math.sqrt(d[x]);
  }
  return out;
}
