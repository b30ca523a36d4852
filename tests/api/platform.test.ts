import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { migrate } from '../../server/db/migrate';
import { EngineInfo } from '../../core/contract';
import { REFERENCE_MODELS } from '../../server/analysis/model-registry';

describe(`platform on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());

  it('migrations run once: a second start changes nothing', async () => {
    const before = await api.db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(before.length).toBeGreaterThan(0);
    expect(await migrate(api.db)).toEqual([]);
    const after = await api.db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(after).toEqual(before);
  });

  it('publishes OpenAPI 3.1 with every account endpoint, and a docs page', async () => {
    const res = await api.request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.data.openapi).toBe('3.1.0');
    const paths = Object.keys(res.data.paths);
    for (const p of [
      '/login/access-token', '/login/test-token', '/login/logout', '/password-recovery/{email}', '/reset-password/', '/password-recovery-html-content/{email}',
      '/users/', '/users/me', '/users/me/password', '/users/signup', '/users/verify_email/{token}', '/users/{user_id}',
    ]) expect(paths).toContain(p);
    const docs = await api.app.request('/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('names the running engine without a login, as documented', async () => {
    const res = await api.request('GET', '/utils/engine/');
    expect(res.status).toBe(200);
    expect(EngineInfo.parse(res.data)).toEqual(REFERENCE_MODELS.engine);
    const doc = (await api.request('GET', '/openapi.json')).data;
    expect(doc.paths['/utils/engine/'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/EngineInfo' });
  });

  it('answers unknown API paths with a JSON 404 and malformed bodies with a 422', async () => {
    const res = await api.request('GET', '/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.data).toEqual({ detail: 'Not Found' });
    const bad = await api.request('POST', '/users/signup', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(422);
  });

  it('keeps a generated secret key in the data folder', async () => {
    const { readFileSync } = await import('node:fs');
    const key = readFileSync(`${api.dataDir}/secret.key`, 'utf8').trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(api.config.secretKey).toBe(key);
  });
});
