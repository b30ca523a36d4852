import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { AI_MODEL } from '../../core/decisions';
import { MESSAGES } from '../../core/validation';
import { ScoredResult, TasksPublic, type ViewKey } from '../../core/contract';
import { makeStudyFiles, studyForm } from '../fixtures/studies';
import { notOpenMessage } from '../../server/submissions/intake.service';

/** The role rules of decisions.md (issue 18, item 5), on both databases. */

function demoForm(name: string, files: Partial<Record<ViewKey, Uint8Array>> = {}): FormData {
  const form = new FormData();
  form.set('name', name);
  form.set('data', JSON.stringify({ age: 50, description: 'A fictional person for the tests.', screening_location: 'skanes' }));
  form.set('ai_model', AI_MODEL);
  for (const [field, bytes] of Object.entries(files)) if (bytes) form.append(field, new Blob([new Uint8Array(bytes)]), `${field}.dcm`);
  return form;
}

describe(`role rules on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;

  beforeAll(async () => {
    api = await startApi({ JOB_RETRY_LIMIT: '1', JOB_RETRY_DELAY_SECONDS: '1' }, { worker: true });
    study = await makeStudyFiles({ seed: 31, width: 416, height: 512 });
  }, 120_000);
  afterAll(async () => api?.close(), 60_000);

  const submit = (token: string, files = study) => api.request('POST', '/tasks/', { token, body: studyForm(files) });

  const waitDone = (token: string, id: string, timeoutMs = 240_000) => api.waitSettled(token, id, timeoutMs);

  it('test users and superusers submit whatever their limit; a user with limit 0 may not', async () => {
    const tester = await api.createUser({ is_test_user: true, submission_limit: 0 });
    for (let i = 0; i < 2; i++) expect((await submit(tester.token)).status).toBe(200);
    expect((await api.request('GET', '/users/me', { token: tester.token })).data).toMatchObject({ submission_count: 2, submission_limit: 0 });

    const admin = await api.createUser({ is_superuser: true, submission_limit: 0 });
    expect((await submit(admin.token)).status).toBe(200);

    const user = await api.createUser({ submission_limit: 0 });
    expect(await submit(user.token)).toMatchObject({ status: 403, data: { detail: notOpenMessage(api.config.contactEmail) } });
  }, 240_000);

  it("scores a study an administrator submits at the age of the files' PatientBirthDate, not his", async () => {
    // The administrator's own birthdate (1990) must not be the one used.
    const admin = await api.createUser({ is_superuser: true, birthdate: '1990-01-01' });
    const files = await makeStudyFiles({ seed: 32, width: 416, height: 512, patient: { id: 'PAT-32', name: 'Doe^Jane', birthDate: '19600301' }, studyDate: '20250115' });
    const res = await submit(admin.token, files);
    expect(res.status).toBe(200);
    const done = await waitDone(admin.token, res.data.id);
    expect(done.status).toBe('completed');
    const result = ScoredResult.parse(done.result);
    expect(result.inputs).toMatchObject({ age: 64, age_source: 'dicom_birthdate' });
    // The task's answer does not carry the birth date itself.
    expect(done).not.toHaveProperty('dcm_patient_birth_date');
  }, 300_000);

  it('without a PatientBirthDate, the study an administrator submits has no age, and says so', async () => {
    const admin = await api.createUser({ is_superuser: true, birthdate: '1960-03-01' });
    const files = await makeStudyFiles({ seed: 33, width: 416, height: 512, patient: { id: 'PAT-33', name: 'Doe^Ann', birthDate: '' } });
    const res = await submit(admin.token, files);
    expect(res.status).toBe(200);
    const done = await waitDone(admin.token, res.data.id);
    expect(done.status).toBe('completed');
    expect(ScoredResult.parse(done.result).inputs).toMatchObject({ age: null, age_source: 'unknown' });
  }, 300_000);

  it("a person's own study is scored at her age from her birthdate", async () => {
    const user = await api.createUser({ submission_limit: 1, birthdate: '1970-01-20' });
    const files = await makeStudyFiles({ seed: 34, width: 416, height: 512, patient: { id: 'PAT-34', name: 'Doe^Eva', birthDate: '19500101' }, studyDate: '20250115' });
    const res = await submit(user.token, files);
    const done = await waitDone(user.token, res.data.id);
    expect(ScoredResult.parse(done.result).inputs).toMatchObject({ age: 54, age_source: 'birthdate' });
  }, 300_000);

  it('refuses a negative submission limit with 422 and changes nothing', async () => {
    const created = await api.request('POST', '/users/', { token: api.superToken, json: { email: 'negative@example.org', password: 'password-neg-1', submission_limit: -1 } });
    expect(created.status).toBe(422);
    expect(created.data.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'submission_limit'], msg: MESSAGES.submissionLimitMin }));
    expect((await api.request('GET', '/users/?limit=1000', { token: api.superToken })).data.data.map((u: any) => u.email)).not.toContain('negative@example.org');

    const user = await api.createUser({ submission_limit: 3 });
    const patched = await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { submission_limit: -1 } });
    expect(patched.status).toBe(422);
    expect(patched.data.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'submission_limit'], msg: MESSAGES.submissionLimitMin }));
    expect((await api.request('GET', `/users/${user.id}`, { token: api.superToken })).data.submission_limit).toBe(3);
    expect((await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { submission_limit: 0 } })).data.submission_limit).toBe(0);
  });

  it('shows visitors and users only the demo profiles with images; a superuser sees them all', async () => {
    const bare = await api.request('POST', '/demo/user', { token: api.superToken, body: demoForm('No Images') });
    expect(bare.status).toBe(200);
    const withImages = await api.request('POST', '/demo/user', { token: api.superToken, body: demoForm('With Images', study) });
    expect(withImages.status).toBe(200);
    const user = await api.createUser({ submission_limit: 1 });

    for (const token of [undefined, user.token, 'not-a-valid-token']) {
      const list = await api.request('GET', '/demo/users', { token });
      expect(list.status).toBe(200);
      const ids = list.data.data.map((u: any) => u.id);
      expect(ids).toContain(withImages.data.id);
      expect(ids).not.toContain(bare.data.id);
      expect(list.data.count).toBe(ids.length);
      expect((await api.request('GET', `/demo/users/${bare.data.id}`, { token })).status).toBe(404);
      expect((await api.request('GET', '/demo/tasks', { token })).data).not.toHaveProperty(bare.data.id);
      expect((await api.request('GET', '/demo/images', { token })).data).not.toHaveProperty(bare.data.id);
    }
    const all = await api.request('GET', '/demo/users', { token: api.superToken });
    expect(all.data.data.map((u: any) => u.id)).toEqual(expect.arrayContaining([bare.data.id, withImages.data.id]));
    expect((await api.request('GET', `/demo/users/${bare.data.id}`, { token: api.superToken })).status).toBe(200);
  }, 120_000);

  it("lists each task with its submitter's e-mail: all of them for a superuser, her own for a person", async () => {
    const a = await api.createUser({ submission_limit: 1 });
    const b = await api.createUser({ submission_limit: 1 });
    const ta = (await submit(a.token)).data.id;
    const tb = (await submit(b.token)).data.id;
    const all = TasksPublic.parse((await api.request('GET', '/tasks/?limit=1000', { token: api.superToken })).data);
    const byId = new Map(all.data.map((t) => [t.id, t.owner_email]));
    expect(byId.get(ta)).toBe(a.email);
    expect(byId.get(tb)).toBe(b.email);
    const own = TasksPublic.parse((await api.request('GET', '/tasks/', { token: a.token })).data);
    expect(own.data.map((t) => [t.id, t.owner_email])).toEqual([[ta, a.email]]);
  }, 120_000);
});
