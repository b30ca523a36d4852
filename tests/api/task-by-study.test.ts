/**
 * Issue 20, item 2: the image viewer is opened with a Study Instance UID and finds the study's
 * result (its regions and overlays) through GET /tasks/study/{uid}: the owner's newest task of that
 * study, anyone's for a superuser, and for anyone else the same 404 as a study that does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { TaskPublic } from '../../core/contract';
import { makeStudyFiles, studyForm } from '../fixtures/studies';

describe(`a task by its study on ${dbLabel()}`, () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());

  it("answers the owner's newest task of the study, a superuser's too, and 404 to anyone else", async () => {
    const owner = await api.createUser({ submission_limit: 3 });
    const other = await api.createUser({ submission_limit: 1 });
    const files = await makeStudyFiles({ seed: 31 });
    const first = TaskPublic.parse((await api.request('POST', '/tasks/', { token: owner.token, body: studyForm(files) })).data);
    const uid = first.dcm_study_instance_uid!;
    expect(uid).toMatch(/^[0-9.]+$/);

    const found = await api.request('GET', `/tasks/study/${uid}`, { token: owner.token });
    expect(found.status).toBe(200);
    expect(TaskPublic.parse(found.data).id).toBe(first.id);

    // The same study submitted again: the viewer shows the newest submission's result.
    const again = TaskPublic.parse((await api.request('POST', '/tasks/', { token: owner.token, body: studyForm(files) })).data);
    expect(again.id).not.toBe(first.id);
    expect((await api.request('GET', `/tasks/study/${uid}`, { token: owner.token })).data.id).toBe(again.id);

    expect((await api.request('GET', `/tasks/study/${uid}`, { token: api.superToken })).data.id).toBe(again.id);

    const stranger = await api.request('GET', `/tasks/study/${uid}`, { token: other.token });
    const missing = await api.request('GET', '/tasks/study/1.2.826.0.1.3680043.2.1125.99', { token: other.token });
    expect(stranger.status).toBe(404);
    expect(stranger.data).toEqual(missing.data);
    expect(stranger.data).toEqual({ detail: 'Study not found' });

    expect((await api.request('GET', '/tasks/study/not-a-uid', { token: owner.token })).status).toBe(422);
    expect((await api.request('GET', `/tasks/study/${uid}`)).status).toBe(401);
  });
});
