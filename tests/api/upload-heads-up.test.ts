import { readFileSync } from 'node:fs';
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
 * then: a refused or replayed request announces nothing. It also says when each file is complete
 * on disk (the worker begins that view: server/jobs/head-start.ts) and how the upload ended.
 */
describe(`the heads-up to the worker when an upload starts (${dbLabel()})`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;
  let announced = 0;
  const starts: string[] = [];
  const views: Array<{ taskId: string; key: ViewKey; bytes: Buffer }> = [];
  const ended: Array<{ taskId: string; accepted: boolean }> = [];
  let services: ReturnType<typeof composeServices>;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    api = await startApi();
    study = await makeStudyFiles({ seed: 12 });
    services = composeServices(api.config, api.db, { log: () => undefined, uploads: {
        uploadStarting: (taskId) => {
          announced++;
          starts.push(taskId);
        },
        // Read at once: what the worker's head start reads when it is told.
        viewReceived: (taskId, key, path) => views.push({ taskId, key, bytes: readFileSync(path) }),
        uploadEnded: (taskId, accepted) => ended.push({ taskId, accepted }),
      },
    });
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

  it("says when each view's file is complete, with the bytes that were sent, and that the upload was accepted", async () => {
    const user = await api.createUser({ submission_limit: 1 });
    views.length = 0;
    const res = await submit(user.token);
    expect(res.status).toBe(200);
    expect(starts.at(-1)).toBe(res.data.id);
    expect(views.map((v) => v.key).sort()).toEqual(['l_cc', 'l_mlo', 'r_cc', 'r_mlo']);
    for (const v of views) {
      expect(v.taskId).toBe(res.data.id);
      expect(v.bytes.equals(Buffer.from(study[v.key])), `${v.key} as received`).toBe(true);
    }
    expect(ended.at(-1)).toEqual({ taskId: res.data.id, accepted: true });
  });

  it('says an upload that was refused after its files arrived ended without a task', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const { l_mlo: _missing, ...three } = study;
    const res = await requestApp(app, 'POST', '/tasks/', { token: user.token, body: studyForm(three) });
    expect(res.status).toBe(422);
    const taskId = starts.at(-1)!;
    expect(views.filter((v) => v.taskId === taskId).map((v) => v.key).sort()).toEqual(['l_cc', 'r_cc', 'r_mlo']);
    expect(ended.at(-1)).toEqual({ taskId, accepted: false });
    // Nothing was counted: the user still has her one submission.
    expect((await requestApp(app, "GET", "/users/me", { token: user.token })).data.submission_count).toBe(0);
  });

  it('announces nothing for a user who may not submit', async () => {
    const user = await api.createUser({ submission_limit: 0 });
    const before = announced;
    const res = await submit(user.token);
    expect(res.status).toBe(403);
    expect(announced).toBe(before);
  });
});
