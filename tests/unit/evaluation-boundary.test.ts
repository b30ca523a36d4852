/**
 * The training and evaluation tooling (evaluation/) reads labelled films and writes model files;
 * the runtime (server/, core/, src/, workers/) must never depend on it, so that nothing a user
 * runs can reach labels or training code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe('the runtime never imports the evaluation tooling', () => {
  for (const top of ['server', 'core', 'src', 'workers']) {
    it(`${top}/ has no import from evaluation/`, () => {
      const offenders = sourceFiles(path.join(ROOT, top)).filter((file) => {
        const text = readFileSync(file, 'utf8');
        return [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].some(([, spec]) => {
          if (!spec.startsWith('.')) return false;
          const target = path.relative(ROOT, path.resolve(path.dirname(file), spec));
          return target === 'evaluation' || target.startsWith(`evaluation${path.sep}`);
        });
      });
      expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
    });
  }
});
