import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';

/** Issue 16, item 9: the web app's files are served from inside the built folder only. */
describe(`static files on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let parent: string;
  beforeAll(async () => {
    parent = mkdtempSync(path.join(tmpdir(), 'sd-static-'));
    const dist = path.join(parent, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'export const app = 1;');
    // A sibling whose name starts with the built folder's: a bare prefix test let it through.
    mkdirSync(path.join(parent, 'dist-private'));
    writeFileSync(path.join(parent, 'dist-private', 'secret.txt'), 'SECRET');
    writeFileSync(path.join(parent, 'secret.txt'), 'SECRET');
    api = await startApi({ STATIC_DIR: dist });
  });
  afterAll(async () => {
    await api?.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('serves the built files and the app for client routes', async () => {
    const js = await api.app.request('/assets/app.js');
    expect(js.status).toBe(200);
    expect(await js.text()).toBe('export const app = 1;');
    const page = await api.app.request('/results/some-route');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>app</title>');
  });

  it('never reads a file outside the built folder, a sibling folder with the same prefix included', async () => {
    for (const p of [
      '/..%2fdist-private/secret.txt',
      '/..%2Fdist-private%2Fsecret.txt',
      '/assets/..%2f..%2fdist-private/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5c..%5cdist-private/secret.txt',
    ]) {
      const res = await api.app.request(p);
      expect(await res.text(), p).not.toContain('SECRET');
      expect(res.status, p).toBe(404);
    }
  });
});
