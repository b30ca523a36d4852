import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MODEL } from '../../core/decisions';
import { VIEW_KEYS } from '../../core/contract';
import { DEMO_OWNER_ID } from '../../server/db/repositories/demo-owner';
import { makeStudyFiles } from '../fixtures/studies';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';

/** A demo profile's study is a task of the demo owner: nothing but the /demo routes ever shows it. */
describe(`demo studies stay out of everything a person or an administrator lists (${dbLabel()})`, () => {
  let api: ApiHarness;
  let demoId: string;

  beforeAll(async () => {
    api = await startApi();
    const study = await makeStudyFiles({ seed: 41, width: 416, height: 512 });
    const form = new FormData();
    form.set('name', 'Hidden Study');
    form.set('data', JSON.stringify({ age: 50, description: 'A fictional person for the tests.', screening_location: 'skanes' }));
    form.set('ai_model', AI_MODEL);
    for (const key of VIEW_KEYS) form.append(key, new Blob([new Uint8Array(study[key])]), `${key}.dcm`);
    const res = await api.request('POST', '/demo/user', { token: api.superToken, body: form });
    expect(res.status).toBe(200);
    demoId = res.data.id;
  }, 120_000);
  afterAll(async () => api?.close(), 60_000);

  it('is in no task list, no task lookup, no user list or count, and the demo owner cannot log in', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    expect((await api.request('GET', `/demo/tasks/${demoId}`)).data).toMatchObject({ id: demoId, status: 'queued' });
    for (const token of [api.superToken, user.token]) {
      const tasks = await api.request('GET', '/tasks/', { token });
      expect(tasks.data.data.map((t: { id: string }) => t.id)).not.toContain(demoId);
      expect((await api.request('GET', `/tasks/${demoId}`, { token })).status).toBe(404);
      expect((await api.request('GET', `/tasks/${demoId}/image/r_cc`, { token })).status).toBe(404);
    }
    expect((await api.request('GET', '/tasks/', { token: api.superToken })).data.count).toBe(0);
    expect((await api.request('GET', '/tasks/last', { token: user.token })).status).toBe(404);

    const users = await api.request('GET', '/users/?limit=100', { token: api.superToken });
    expect(users.data.data.map((u: { id: string }) => u.id)).not.toContain(DEMO_OWNER_ID);
    expect(users.data.count).toBe(users.data.data.length);
    expect((await api.request('GET', `/users/${DEMO_OWNER_ID}`, { token: api.superToken })).status).toBe(404);
    expect((await api.request('DELETE', `/users/${DEMO_OWNER_ID}`, { token: api.superToken })).status).toBe(404);
    const login = await api.request('POST', '/login/access-token', { form: { username: 'system:demo-owner', password: '!' } });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
    expect((await api.request('GET', '/users/me', { token: user.token })).data).toMatchObject({ submission_count: 0, status: 'presubmit' });
  });
});
