import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calibrate } from '../../evaluation/calibrate';
import { buildQuantileTable, quantileOf } from '../../server/analysis/quantiles';
import { buildDetectionReference, provisionalDetectionReference } from '../../evaluation/calibration/build';
import { detectionScoresFromResults } from '../../evaluation/calibration/completed-results';
import {
  DENSITY_REFERENCE,
  DETECTION_REFERENCE,
  MASKING_REFERENCE,
  MERGED_REFERENCE,
  RISK_REFERENCE,
} from '../../server/analysis/reference';

const SHIPPED = { density: DENSITY_REFERENCE, risk: RISK_REFERENCE, masking: MASKING_REFERENCE, merged: MERGED_REFERENCE, detection: DETECTION_REFERENCE };

describe('quantileOf', () => {
  it.each(Object.entries(SHIPPED))('%s reference: quantiles in [0, 1] and non-decreasing in the score', (_, ref) => {
    const lo = ref.values[0];
    const hi = ref.values[ref.values.length - 1];
    let previous = -1;
    for (let i = -10; i <= 1010; i++) {
      const score = lo + ((hi - lo) * i) / 1000;
      const q = quantileOf(score, ref.values);
      expect(q).toBeGreaterThanOrEqual(0);
      expect(q).toBeLessThanOrEqual(1);
      expect(q).toBeGreaterThanOrEqual(previous);
      previous = q;
    }
    expect(quantileOf(lo - 1, ref.values)).toBe(0);
    expect(quantileOf(hi + 1, ref.values)).toBe(1);
  });

  it.each(Object.entries(SHIPPED))('%s reference: named, versioned, sourced, with a non-decreasing table', (name, ref) => {
    expect(ref.name).toBe(name);
    expect(ref.version).toMatch(new RegExp(`^${name}-[0-9a-f]{10}$`));
    expect(ref.source.length).toBeGreaterThan(20);
    for (let i = 1; i < ref.values.length; i++) expect(ref.values[i]).toBeGreaterThanOrEqual(ref.values[i - 1]);
  });

  it('inverts the table: the score at probability p has quantile p', () => {
    for (const i of [10, 100, 250, 500, 750, 900, 990]) {
      expect(quantileOf(RISK_REFERENCE.values[i], RISK_REFERENCE.values)).toBeCloseTo(i / 1000, 9);
    }
  });

  it('interpolates between table points and takes the middle of a run of ties', () => {
    expect(quantileOf(0.25, [0, 1])).toBe(0.25);
    expect(quantileOf(1.5, [0, 1, 2, 3, 4])).toBe(0.375);
    expect(quantileOf(1, [0, 1, 1, 1, 4])).toBe(0.5);
  });
});

describe('buildQuantileTable', () => {
  it('gives the empirical distribution: the median score sits at 0.5, extremes at 0 and 1', () => {
    const samples = Array.from({ length: 99 }, (_, i) => 99 - i); // 1..99 unsorted
    const table = buildQuantileTable(samples);
    expect(table[0]).toBe(1);
    expect(table[table.length - 1]).toBe(99);
    expect(quantileOf(50, table)).toBeCloseTo(0.5, 9);
    expect(quantileOf(25, table)).toBeLessThan(quantileOf(75, table));
  });

  it('respects weights: a heavier high score moves the median up', () => {
    const even = buildQuantileTable([1, 2, 3], [1, 1, 1]);
    const heavy = buildQuantileTable([1, 2, 3], [1, 1, 4]);
    expect(heavy[500]).toBeGreaterThan(even[500]);
  });

  it('is deterministic', () => {
    const s = Array.from({ length: 500 }, (_, i) => Math.sin(i) ** 2);
    expect(buildQuantileTable(s)).toEqual(buildQuantileTable([...s]));
  });
});

describe('detection reference', () => {
  it('ships as provisional until built from real scores, and is then the identity', () => {
    if (DETECTION_REFERENCE.source.startsWith('provisional')) {
      expect(DETECTION_REFERENCE.values).toEqual(provisionalDetectionReference().values);
      expect(quantileOf(0.3, DETECTION_REFERENCE.values)).toBeCloseTo(0.3, 12);
    } else {
      expect(DETECTION_REFERENCE.n).toBeGreaterThan(1);
    }
  });

  it('builds from completed results: each level its own scores, failed and N/A skipped', () => {
    const set = (score: number | null) => ({ detection: { score } });
    const results = [
      { study: set(0.2), left: set(0.2), right: set(0.1), r_cc: set(0.1), l_cc: set(0.2), r_mlo: set(0.05), l_mlo: set(null) },
      { study: set(null) },
      { error: 'could not decode' },
      null,
      { study: set(0.6), left: set(0.6), right: set(0.3) },
      { study: set(0.4) },
    ];
    const scores = detectionScoresFromResults(results);
    expect(scores).toEqual({ view: [0.1, 0.2, 0.05], breast: [0.2, 0.1, 0.6, 0.3], study: [0.2, 0.6, 0.4] });
    const ref = buildDetectionReference(scores, 'this deployment');
    expect(ref.n).toBe(3);
    expect(quantileOf(0.4, ref.values)).toBeCloseTo(0.5, 9);
    expect(quantileOf(0.1, ref.levels.view)).toBeCloseTo(0.5, 9);
    expect(ref.population).toBe('this deployment');
    expect(() => buildDetectionReference({ view: [], breast: [], study: [0.5] }, 'too few')).toThrow();
  });
});

describe('npm run calibrate -- detection options', () => {
  const run = async (args: string[], loader?: () => Promise<unknown[]>) => {
    const dir = mkdtempSync(join(tmpdir(), 'calibrate-'));
    try {
      await calibrate(['--detection-only', '--out', dir, ...args], { loadCompletedResults: loader });
      return JSON.parse(readFileSync(join(dir, 'detection.json'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('--from-database recalibrates from the completed studies the pluggable loader returns, and says so', async () => {
    const ref = await run(['--from-database'], async () => [{ study: { detection: { score: 0.5 } } }, { study: { detection: { score: 0.7 } } }, { error: 'x' }]);
    expect(ref.source).toContain("recalibrated from this deployment's 2 completed studies");
    expect(ref.population).toBe("this deployment's 2 completed studies");
    expect(ref.version).toMatch(/^detection-[0-9a-f]{10}$/);
    expect(ref.values[0]).toBe(0.5);
    expect(ref.values[ref.values.length - 1]).toBe(0.7);
  });

  it('without a detection option writes the provisional reference where none exists', async () => {
    const ref = await run([]);
    expect(ref.source).toMatch(/^provisional/);
  });
});
