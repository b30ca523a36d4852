/**
 * The logistic fit behind the detection suspicion weights (evaluation/train-detection.ts) and the
 * AUC it reports.
 */
import { describe, expect, it } from 'vitest';
import { fitLogistic, rocAuc } from '../../evaluation/fit-logistic';
import { createRng } from '../../server/phantom/prng';

describe('fitLogistic', () => {
  it('recovers the weights that generated the labels', () => {
    const rng = createRng(42);
    const truth = { intercept: -1.5, weights: [2, -0.75] };
    const x: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const row = [rng.next() * 4 - 2, rng.next() * 4 - 2];
      const p = 1 / (1 + Math.exp(-(truth.intercept + truth.weights[0] * row[0] + truth.weights[1] * row[1])));
      x.push(row);
      y.push(rng.next() < p ? 1 : 0);
    }
    const fit = fitLogistic(x, y, 0);
    expect(fit.intercept).toBeCloseTo(truth.intercept, 1);
    expect(fit.weights[0]).toBeCloseTo(truth.weights[0], 1);
    expect(fit.weights[1]).toBeCloseTo(truth.weights[1], 1);
  });

  it('the ridge penalty pulls weights toward zero, and separable data still gives finite weights', () => {
    const x = [[-2], [-1], [1], [2]];
    const y = [0, 0, 1, 1];
    const loose = fitLogistic(x, y, 1e-3);
    const tight = fitLogistic(x, y, 1);
    expect(Number.isFinite(loose.weights[0])).toBe(true);
    expect(loose.weights[0]).toBeGreaterThan(tight.weights[0]);
    expect(tight.weights[0]).toBeGreaterThan(0);
  });

  it('refuses empty or mismatched input', () => {
    expect(() => fitLogistic([], [])).toThrow();
    expect(() => fitLogistic([[1]], [1, 0])).toThrow();
  });
});

describe('rocAuc', () => {
  it('is 1 for a perfect ranking, 0 for a reversed one and 0.5 for ties', () => {
    expect(rocAuc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(rocAuc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
    expect(rocAuc([0.5, 0.5, 0.5, 0.5], [0, 1, 0, 1])).toBe(0.5);
    expect(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
  });
});
