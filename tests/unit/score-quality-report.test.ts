/**
 * The committed report behind "How good are these scores?" (core/score-quality-report.json) must
 * describe the engine that runs: its figures were measured on one engine, and a page that showed
 * them under another would tell people how good scores are that nobody measured. When the engine
 * or a model changes, this fails until the report is written again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScoreQualityReport } from '../../core/contract/score-quality';
import { REFERENCE_MODELS } from '../../server/analysis/model-registry';

const FILE = path.resolve(import.meta.dirname, '../../core/score-quality-report.json');
const REGENERATE =
  'core/score-quality-report.json was measured on another engine or models. Write it again with ' +
  '`npm run evaluate -- --data ../shared/data/real-labelled --report` (a few minutes) and commit it.';

describe('core/score-quality-report.json', () => {
  const report = ScoreQualityReport.parse(JSON.parse(readFileSync(FILE, 'utf8')));

  it("names the running engine (the page's figures were measured on it)", () => {
    const { name, version } = REFERENCE_MODELS.engine;
    expect(report.engine, REGENERATE).toBe(`${name} ${version}`);
  });

  it("names each running model and its reference population", () => {
    for (const k of ['density', 'detection', 'risk', 'masking', 'merged'] as const) {
      const p = REFERENCE_MODELS[k];
      expect(report[k].model, `${k}: ${REGENERATE}`).toEqual({
        name: p.name,
        version: p.version,
        reference: { name: p.reference.name, version: p.reference.version, source: p.reference.source, n: p.reference.n },
      });
    }
  });
});
