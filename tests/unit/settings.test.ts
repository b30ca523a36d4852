/**
 * The one list of settings (server/settings.ts) is complete and true: it names every variable
 * loadConfig reads, its literal defaults are loadConfig's defaults, and the README's table and
 * .env.example are generated from it (npm run settings).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { SETTINGS } from '../../server/settings';
import { exampleValue, renderEnvExample, ROOT, withTable } from '../../scripts/settings-docs';

/** Variables read outside loadConfig: set by the npm scripts for the Node process itself. */
const READ_ELSEWHERE = ['MALLOC_ARENA_MAX'];

describe('the settings list', () => {
  it('names every variable loadConfig reads, once, and nothing it does not', () => {
    const source = readFileSync(path.join(ROOT, 'server/config.ts'), 'utf8');
    const read = new Set([...source.matchAll(/env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));
    const listed = SETTINGS.map((s) => s.name);
    expect(new Set(listed).size, 'a setting listed twice').toBe(listed.length);
    expect([...listed].sort()).toEqual([...read, ...READ_ELSEWHERE].sort());
    for (const s of SETTINGS) {
      expect(s.default.trim(), s.name).not.toBe('');
      expect(s.meaning.trim(), s.name).not.toBe('');
    }
  });

  it("states loadConfig's own defaults: setting every literal default changes nothing", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sd-settings-'));
    try {
      // Machine-dependent or generated: the default is described, not a literal to set.
      const described = new Set(['PIPELINE_THREADS', 'SECRET_KEY', 'DATA_DIR']);
      const explicit: Record<string, string> = { DATA_DIR: dir };
      for (const s of SETTINGS) {
        const v = exampleValue(s);
        if (v && !described.has(s.name)) explicit[s.name] = v;
      }
      expect(Object.keys(explicit).length).toBeGreaterThan(25);
      expect(loadConfig(explicit)).toEqual(loadConfig({ DATA_DIR: dir }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('generates .env.example and the README table (run npm run settings after changing the list)', () => {
    expect(readFileSync(path.join(ROOT, '.env.example'), 'utf8')).toBe(renderEnvExample());
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toBe(withTable(readme));
    for (const s of SETTINGS) expect(renderEnvExample()).toContain(`# ${s.name}=`);
  });
});
