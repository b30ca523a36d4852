import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { TaskPublic, VIEW_KEYS, type ViewKey } from '../../core/contract';
import { makeStudyFiles } from '../fixtures/studies';

describe(`"Delete this study" on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;

  beforeAll(async () => {
    api = await startApi({}, { worker: true });
    study = await makeStudyFiles({ seed: 31 });
  });
  afterAll(async () => api?.close());

  /** Every file the study had in the image store: its DICOM files, display images and overlays. */
  async function storedFiles(task: TaskPublic): Promise<string[]> {
    const names = VIEW_KEYS.flatMap((v) => [`${v}.dcm`, `${v}.png`, `${v}.detection.png`, `${v}.density.png`, `${v}.texture.png`]);
    const present = await Promise.all(names.map(async (n) => ((await api.services.files.read(task.owner_id, task.id, n)) ? n : null)));
    return present.filter((n): n is string => n !== null);
  }

  it('removes her study: its files, results, earlier result versions and images, and its place in her history', async () => {
    const user = await api.createUser({ submission_limit: 2 });
    const kept = await api.completedStudy(user.token, study);
    const gone = await api.completedStudy(user.token, study);
    // A changed answer gives the latest study an earlier version to delete as well.
    await api.request('PATCH', '/users/me', { token: user.token, json: { risk_factors: { biopsies: 2 } } });
    expect((await api.request('GET', `/tasks/${gone.id}/versions`, { token: user.token })).data.data).toHaveLength(1);
    expect(await storedFiles(gone)).toHaveLength(VIEW_KEYS.length * 5);

    const res = await api.request('DELETE', `/tasks/${gone.id}`, { token: user.token });
    expect(res.status).toBe(200);

    expect(await storedFiles(gone)).toEqual([]);
    expect((await api.request('GET', `/tasks/${gone.id}`, { token: user.token })).status).toBe(404);
    expect((await api.request('GET', `/tasks/${gone.id}/image/r_cc`, { token: user.token })).status).toBe(404);
    expect((await api.request('GET', `/tasks/${gone.id}/versions`, { token: user.token })).status).toBe(404);
    const versionRows = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM task_result_versions WHERE task_id = $1', [gone.id]);
    expect(versionRows[0].n).toBe(0);
    const history = (await api.request('GET', '/tasks/', { token: user.token })).data;
    expect(history.data.map((t: TaskPublic) => t.id)).toEqual([kept.id]);
    expect((await api.request('GET', '/tasks/last', { token: user.token })).data.id).toBe(kept.id);
    // Her other study is whole.
    expect(await storedFiles(kept)).toHaveLength(VIEW_KEYS.length * 5);
    expect((await api.request('GET', '/users/me', { token: user.token })).data.status).toBe('result_available');
  });

  it("answers another person's study exactly as a missing one, and leaves it whole", async () => {
    const owner = await api.createUser({ submission_limit: 1 });
    const other = await api.createUser({ submission_limit: 1 });
    const task = await api.completedStudy(owner.token, study);
    const theirs = await api.request('DELETE', `/tasks/${task.id}`, { token: other.token });
    const missing = await api.request('DELETE', `/tasks/${crypto.randomUUID()}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect({ status: theirs.status, body: theirs.data }).toEqual({ status: missing.status, body: missing.data });
    expect((await api.request('GET', `/tasks/${task.id}`, { token: owner.token })).status).toBe(200);
    expect(await storedFiles(task)).toHaveLength(VIEW_KEYS.length * 5);
    // An administrator may delete anyone's study (the Tasks Manager's rule).
    expect((await api.request('DELETE', `/tasks/${task.id}`, { token: api.superToken })).status).toBe(200);
    expect(await storedFiles(task)).toEqual([]);
  });

  it('a replayed delete is harmless: it answers 404 and touches nothing else', async () => {
    const user = await api.createUser({ submission_limit: 2 });
    const kept = await api.completedStudy(user.token, study);
    const gone = await api.completedStudy(user.token, study);
    expect((await api.request('DELETE', `/tasks/${gone.id}`, { token: user.token })).status).toBe(200);
    const again = await api.request('DELETE', `/tasks/${gone.id}`, { token: user.token });
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ detail: 'Task not found' });
    const history = (await api.request('GET', '/tasks/', { token: user.token })).data;
    expect(history.data.map((t: TaskPublic) => t.id)).toEqual([kept.id]);
    expect(await storedFiles(kept)).toHaveLength(VIEW_KEYS.length * 5);
    expect((await api.request('GET', '/users/me', { token: user.token })).data).toMatchObject({ submission_count: 2, status: 'result_available' });
  });
});
