/**
 * Logistic regression by Newton's method (iteratively reweighted least squares) with a small
 * ridge penalty on the weights (not the intercept), for the few features of a detection model.
 * Deterministic: the same rows give the same weights.
 */
export interface LogisticFit {
  intercept: number;
  weights: number[];
  iterations: number;
  /** Mean log-loss on the rows it was fitted to. */
  logLoss: number;
}

/**
 * `sampleWeights` (default 1 each) weigh rows in the likelihood; the ridge penalty scales with
 * their sum, so weighing every row alike changes nothing.
 */
export function fitLogistic(x: readonly (readonly number[])[], y: readonly number[], ridge = 1e-2, maxIterations = 100, sampleWeights?: readonly number[]): LogisticFit {
  const n = x.length;
  if (n === 0 || n !== y.length) throw new Error('fitLogistic: rows and labels must be non-empty and of one length');
  const d = x[0].length + 1;
  const beta = new Float64Array(d);
  const sw = sampleWeights ?? new Array<number>(n).fill(1);
  const total = sw.reduce((s, v) => s + v, 0);
  let it = 0;
  for (; it < maxIterations; it++) {
    const grad = new Float64Array(d);
    const hess = Array.from({ length: d }, () => new Float64Array(d));
    for (let i = 0; i < n; i++) {
      const row = [1, ...x[i]];
      const p = sigmoid(dot(beta, row));
      const w = sw[i] * Math.max(p * (1 - p), 1e-9);
      for (let a = 0; a < d; a++) {
        grad[a] += sw[i] * (p - y[i]) * row[a];
        for (let b = 0; b < d; b++) hess[a][b] += w * row[a] * row[b];
      }
    }
    for (let a = 1; a < d; a++) {
      grad[a] += ridge * total * beta[a];
      hess[a][a] += ridge * total;
    }
    const step = solve(hess, grad);
    let size = 0;
    for (let a = 0; a < d; a++) {
      beta[a] -= step[a];
      size = Math.max(size, Math.abs(step[a]));
    }
    if (size < 1e-10) break;
  }
  let loss = 0;
  for (let i = 0; i < n; i++) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(dot(beta, [1, ...x[i]]))));
    loss -= sw[i] * (y[i] * Math.log(p) + (1 - y[i]) * Math.log(1 - p));
  }
  return { intercept: beta[0], weights: Array.from(beta.slice(1)), iterations: it + 1, logLoss: loss / total };
}

/** Area under the ROC curve of scores against 0/1 labels (ties count half). */
export function rocAuc(scores: readonly number[], labels: readonly number[]): number {
  const order = scores.map((s, i) => [s, labels[i]] as const).sort((a, b) => a[0] - b[0]);
  let pos = 0;
  let neg = 0;
  let rankSum = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && order[j][0] === order[i][0]) j++;
    const midRank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) {
      if (order[k][1]) {
        pos++;
        rankSum += midRank;
      } else neg++;
    }
    i = j;
  }
  return pos && neg ? (rankSum - (pos * (pos + 1)) / 2) / (pos * neg) : NaN;
}

function sigmoid(t: number): number {
  return 1 / (1 + Math.exp(-t));
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** Gaussian elimination with partial pivoting (the systems here are 3-6 unknowns). */
function solve(a: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    const pivot = m[c][c] || 1e-12;
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / pivot;
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const out = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * out[k];
    out[r] = s / (m[r][r] || 1e-12);
  }
  return out;
}
