import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeServices } from '../../server/compose';
import { createApp } from '../../server/http/app';
import { requestApp, startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { makeStudyFiles, studyForm } from '../fixtures/studies';
import type { ViewKey } from '../../core/contract';

/**
 * The intake tells the worker in its process that a study is on its way once a user who may
 * submit starts sending one (server/main.ts: the pipeline threads then stop warming up), and only
 * then: a refused or replayed request announces nothing.
 */
describe(`the heads-up to the worker when an upload starts (${dbLabel()})`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;
  let announced = 0;
  let services: ReturnType<typeof composeServices>;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    api = await startApi();
    study = await makeStudyFiles({ seed: 12 });
    services = composeServices(api.config, api.db, { log: () => undefined, uploadStarting: () => announced++ });
    app = createApp(services);
  });
  afterAll(async () => {
    await services?.taskEvents.close();
    await services?.userCache.close();
    await api?.close();
  });

  const submit = (token: string, headers: Record<string, string> = {}) => requestApp(app, 'POST', '/tasks/', { token, body: studyForm(study), headers });

  it('announces a study from a user who may submit, before it is stored', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const before = announced;
    const res = await submit(user.token, { 'idempotency-key': 'heads-up-0001' });
    expect(res.status).toBe(200);
    expect(announced).toBe(before + 1);

    // The same request replayed by the outbox is answered with the first task and announces nothing.
    const replay = await submit(user.token, { 'idempotency-key': 'heads-up-0001' });
    expect(replay.status).toBe(200);
    expect(replay.data.id).toBe(res.data.id);
    expect(announced).toBe(before + 1);
  });

  it('announces nothing for a user who may not submit', async () => {
    const user = await api.createUser({ submission_limit: 0 });
    const before = announced;
    const res = await submit(user.token);
    expect(res.status).toBe(403);
    expect(announced).toBe(before);
  });
});
