/** GET /utils/health: readiness of the database, the job queue and the image store. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Health } from '../../core/contract';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';

describe(`health on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({}, { worker: true });
  });
  afterAll(async () => api?.close());

  it('reports every part working, with the database kind, the queue depth and the free space', async () => {
    const res = await api.request('GET', '/utils/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const h = Health.parse(res.data);
    expect(h.status).toBe('ok');
    expect(h.database).toMatchObject({ ok: true, kind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' });
    expect(h.database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(h.queue).toMatchObject({ ok: true, waiting: 0, running: 0 });
    expect(h.image_store.ok).toBe(true);
    expect(h.image_store.free_bytes).toBeGreaterThan(0);
    // Without a login: a monitor has no account.
    expect(JSON.stringify(h)).not.toContain(api.dataDir);
  });

  it('answers 503 naming the image store when files cannot be stored, and 200 again once they can', async () => {
    const root = path.join(api.dataDir, 'files');
    const aside = `${root}-aside`;
    renameSync(root, aside);
    // A plain file where the folder of uploads should be: nothing can be written below it.
    writeFileSync(root, 'not a folder');
    try {
      const res = await api.request('GET', '/utils/health');
      expect(res.status).toBe(503);
      const h = Health.parse(res.data);
      expect(h.status).toBe('unavailable');
      expect(h.image_store.ok).toBe(false);
      expect(h.image_store.detail).toMatch(/^cannot store files: E[A-Z]+$/);
      // Anyone may ask: the answer names no path of the machine.
      expect(JSON.stringify(h)).not.toContain(api.dataDir);
      expect(h.database.ok).toBe(true);
    } finally {
      rmSync(root, { force: true });
      renameSync(aside, root);
    }
    expect((await api.request('GET', '/utils/health')).status).toBe(200);
  });
});
