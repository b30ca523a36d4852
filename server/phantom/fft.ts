/** In-place iterative radix-2 complex FFT (n a power of two); sign -1 forward, +1 inverse (unscaled). */
export function fft1d(re: Float64Array, im: Float64Array, sign: 1 | -1): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      let t = re[i];
      re[i] = re[j];
      re[j] = t;
      t = im[i];
      im[i] = im[j];
      im[j] = t;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (sign * 2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    const half = len >> 1;
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < half; k++) {
        const a = i + k;
        const b = a + half;
        const xr = re[b] * cr - im[b] * ci;
        const xi = re[b] * ci + im[b] * cr;
        re[b] = re[a] - xr;
        im[b] = im[a] - xi;
        re[a] += xr;
        im[a] += xi;
        const nr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = nr;
      }
    }
  }
}

/** 2D FFT of an n x n complex field stored row-major, in place. */
export function fft2d(re: Float64Array, im: Float64Array, n: number, sign: 1 | -1): void {
  const rr = new Float64Array(n);
  const ri = new Float64Array(n);
  for (let pass = 0; pass < 2; pass++) {
    // First pass transforms rows, second columns (strided copy in and out).
    const stride = pass === 0 ? 1 : n;
    const step = pass === 0 ? n : 1;
    for (let line = 0; line < n; line++) {
      const base = line * step;
      for (let k = 0; k < n; k++) {
        rr[k] = re[base + k * stride];
        ri[k] = im[base + k * stride];
      }
      fft1d(rr, ri, sign);
      for (let k = 0; k < n; k++) {
        re[base + k * stride] = rr[k];
        im[base + k * stride] = ri[k];
      }
    }
  }
}
