/**
 * The layer rules (docs/architecture.md) are checked by ESLint (eslint.config.js, `npm run lint`):
 * fixtures linted as if they stood where the rules apply must fail, and a clean one must pass.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function lintAs(fixture: string, filePath: string) {
  const code = readFileSync(path.join(__dirname, 'fixtures/lint', fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

describe('layer rules (ESLint)', () => {
  it('a route importing the database or a repository is reported', async () => {
    const messages = await lintAs('route-imports-db.ts', 'server/http/lint-fixture.routes.ts');
    expect(messages).toEqual([
      expect.objectContaining({ rule: 'no-restricted-imports', line: 2 }),
      expect.objectContaining({ rule: 'no-restricted-imports', line: 3 }),
    ]);
    expect(messages[0].message).toContain('Routes (server/http) reach data through services');
  });

  it('a route that goes through the services passes', async () => {
    expect(await lintAs('route-clean.ts', 'server/http/lint-fixture.routes.ts')).toEqual([]);
  });

  it('the same database import is allowed in a service', async () => {
    expect(await lintAs('route-imports-db.ts', 'server/services/lint-fixture.service.ts')).toEqual([]);
  });

  it('SQL outside the repositories is reported, and passes inside them', async () => {
    const outside = await lintAs('service-runs-sql.ts', 'server/services/lint-fixture.service.ts');
    expect(outside.map((m) => [m.rule, m.line])).toEqual([
      ['no-restricted-syntax', 5],
      ['no-restricted-syntax', 6],
    ]);
    expect(await lintAs('service-runs-sql.ts', 'server/db/repositories/lint-fixture.repository.ts')).toEqual([]);
  });

  it('the engine importing jobs or the database is reported', async () => {
    const messages = await lintAs('engine-imports-jobs.ts', 'server/analysis/lint-fixture.ts');
    expect(messages.map((m) => [m.rule, m.line])).toEqual([
      ['no-restricted-imports', 2],
      ['no-restricted-imports', 3],
    ]);
  });

  it('src/ imports workers/ only through workers/dicom-api', async () => {
    const lint = async (source: string) => {
      const [r] = await eslint.lintText(source, { filePath: path.join(root, 'src/features/lint-fixture.ts') });
      return r.messages.map((m) => m.ruleId);
    };
    expect(await lint("import type { DicomWorkerApi } from '../../workers/dicom-api';\nexport type A = DicomWorkerApi;\n")).toEqual([]);
    expect(await lint("import type { DicomWorkerApi } from '../../workers/dicom.worker';\nexport type A = DicomWorkerApi;\n")).toEqual(['no-restricted-imports']);
    expect(await lint("import { jitless } from '../../workers/zod-jitless';\nexport const a = jitless;\n")).toEqual(['no-restricted-imports']);
    expect(await lint("import { loadConfig } from '../../server/config';\nexport const a = loadConfig;\n")).toEqual(['no-restricted-imports']);
  });

  it('workers/ imports src/ only through src/offline/service-worker-api', async () => {
    const lint = async (source: string) => {
      const [r] = await eslint.lintText(source, { filePath: path.join(root, 'workers/lint-fixture.ts') });
      return r.messages.map((m) => m.ruleId);
    };
    expect(await lint("import { OUTBOX_NAME } from '../src/offline/service-worker-api';\nexport const a = OUTBOX_NAME;\n")).toEqual([]);
    expect(await lint("import { OUTBOX_NAME } from '../src/offline/submission';\nexport const a = OUTBOX_NAME;\n")).toEqual(['no-restricted-imports']);
  });
});
