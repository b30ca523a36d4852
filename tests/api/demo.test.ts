import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { AI_MODEL } from '../../core/decisions';
import { MESSAGES, unsupportedFileMessage } from '../../core/validation';
import {
  DEMO_MESSAGES,
  DemoTaskPublic,
  DemoUserPublic,
  DemoUsersPublic,
  ScoredResult,
  SCREENING_LOCATIONS,
  VIEW_KEYS,
  parseDemoData,
  type ViewKey,
} from '../../core/contract';
import { BUILT_IN_DEMO_PROFILES } from '../../server/services/demo-profiles';
import { makeStudyFiles, makeNonDicomJpeg } from '../fixtures/studies';
import { SERVER_MESSAGES } from '../../server/messages';

const profile = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ age: 50, description: 'A fictional person for the tests.', screening_location: 'skanes', ...over });

function demoForm(fields: { name?: string; data?: string; ai_model?: string }, files: Partial<Record<string, Uint8Array>> = {}): FormData {
  const form = new FormData();
  if (fields.name !== undefined) form.set('name', fields.name);
  if (fields.data !== undefined) form.set('data', fields.data);
  form.set('ai_model', fields.ai_model ?? AI_MODEL);
  for (const [field, bytes] of Object.entries(files)) if (bytes) form.append(field, new Blob([new Uint8Array(bytes)]), `${field}.dcm`);
  return form;
}

describe(`demo mode on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;
  let userToken: string;

  beforeAll(async () => {
    api = await startApi({ JOB_RETRY_LIMIT: '1', JOB_RETRY_DELAY_SECONDS: '1' }, { worker: true });
    study = await makeStudyFiles({ seed: 21, width: 416, height: 512 });
    userToken = (await api.createUser({ submission_limit: 1 })).token;
  }, 120_000);
  afterAll(async () => api?.close(), 60_000);

  /** As the superuser unless another token (or null: no token) is given. */
  const create = (fields: Parameters<typeof demoForm>[0], files?: Parameters<typeof demoForm>[1], token: string | null = api.superToken) =>
    api.request('POST', '/demo/user', { token: token ?? undefined, body: demoForm(fields, files) });

  async function waitStudy(id: string, timeoutMs = 300_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await api.request('GET', `/demo/tasks/${id}`);
      if (res.data.status === 'completed' || res.data.status === 'failed') return res.data;
      if (Date.now() > deadline) throw new Error(`demo study ${id} still ${res.data.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('seeds three built-in profiles, one per screening location, whose studies the real pipeline scores', async () => {
    expect(await api.services.demo.seed()).toBe(3);
    const list = DemoUsersPublic.parse((await api.request('GET', '/demo/users')).data);
    expect(list.count).toBe(3);
    expect(list.data.map((u) => u.name)).toEqual(BUILT_IN_DEMO_PROFILES.map((p) => p.name));
    const locations = list.data.map((u) => {
      const parsed = parseDemoData(u.data);
      if (!parsed.ok) throw new Error(u.data);
      return parsed.profile.screening_location;
    });
    expect(locations.sort()).toEqual([...SCREENING_LOCATIONS].sort());

    const results = [];
    for (const u of list.data) {
      const done = DemoTaskPublic.parse(await waitStudy(u.id));
      expect(done.status).toBe('completed');
      const result = ScoredResult.parse(done.result);
      expect(result.inputs.age_source).toBe('demo_profile');
      expect(result.inputs.age).toBe(JSON.parse(u.data).age);
      expect(result.study[AI_MODEL].score).toEqual(expect.any(Number));
      results.push(result);
    }
    // Different studies and ages give different engine results, not one hard-coded answer.
    expect(new Set(results.map((r) => r.study[AI_MODEL].score)).size).toBe(3);
    expect(new Set(results.map((r) => r.density.study.percent)).size).toBe(3);

    const tasks = (await api.request('GET', '/demo/tasks')).data;
    const first = await api.request('GET', '/demo/images');
    const images = first.data;
    // Five megabytes of PNGs: a returning visitor's browser revalidates them for a bodiless 304.
    expect((await api.request('GET', '/demo/images', { headers: { 'if-none-match': first.headers.get('etag')! } })).status).toBe(304);
    for (const u of list.data) {
      expect(tasks[u.id].result.study[AI_MODEL].score).toEqual(expect.any(Number));
      expect(Object.keys(images[u.id].img_b64).sort()).toEqual([...VIEW_KEYS].sort());
      expect(Buffer.from(images[u.id].img_b64.l_mlo, 'base64').subarray(1, 4).toString()).toBe('PNG');
    }
  }, 600_000);

  it('does not seed again on a second start, and a deleted built-in profile stays deleted', async () => {
    const before = (await api.request('GET', '/demo/users')).data;
    expect(await api.services.demo.seed()).toBe(0);
    const again = (await api.request('GET', '/demo/users')).data;
    expect(again).toEqual(before);

    const first = before.data[0];
    expect((await api.request('DELETE', `/demo/users/${first.id}`, { token: api.superToken })).status).toBe(200);
    expect(await api.services.demo.seed()).toBe(0);
    const after = (await api.request('GET', '/demo/users')).data;
    expect(after.count).toBe(before.count - 1);
    expect(after.data.map((u: { id: string }) => u.id)).not.toContain(first.id);
  }, 420_000);

  it('lets anyone read profiles without an account, ten by default, with skip and limit', async () => {
    for (let i = 0; i < 10; i++) expect((await create({ name: `Reader ${i}`, data: profile({ age: 40 + i }) })).status).toBe(200);
    // Profiles without images are listed to a superuser only (the visitors' list is in roles.test.ts).
    const asAdmin = { token: api.superToken };
    const all = await api.request('GET', '/demo/users', asAdmin);
    expect(all.status).toBe(200);
    expect(all.data.count).toBeGreaterThanOrEqual(12);
    expect(all.data.data).toHaveLength(10);
    const page = await api.request('GET', '/demo/users?skip=2&limit=3', asAdmin);
    expect(page.data.data.map((u: { id: string }) => u.id)).toEqual(all.data.data.slice(2, 5).map((u: { id: string }) => u.id));
    expect((await api.request('GET', '/demo/users?limit=0')).status).toBe(422);
    const visitors = await api.request('GET', '/demo/users');
    expect(visitors.status).toBe(200);

    const one = await api.request('GET', `/demo/users/${all.data.data[4].id}`, asAdmin);
    expect(one.status).toBe(200);
    expect(DemoUserPublic.parse(one.data)).toEqual(all.data.data[4]);
    const missing = await api.request('GET', '/demo/users/00000000-0000-4000-8000-000000000000');
    expect(missing).toMatchObject({ status: 404, data: { detail: 'Demo user not found' } });
    expect((await api.request('GET', '/demo/users/not-an-id')).status).toBe(422);
  }, 420_000);

  it('refuses writes from visitors (401) and from users who are not superusers (403)', async () => {
    const target = (await create({ name: 'Guarded', data: profile() })).data;
    expect((await create({ name: 'X', data: profile() }, {}, null)).status).toBe(401);
    expect((await create({ name: 'X', data: profile() }, {}, userToken))).toMatchObject({ status: 403, data: { detail: SERVER_MESSAGES.notAllowed } });
    const patch = { json: { data: profile({ age: 70 }) } };
    expect((await api.request('PATCH', `/demo/users/${target.id}`, patch)).status).toBe(401);
    expect((await api.request('PATCH', `/demo/users/${target.id}`, { ...patch, token: userToken })).status).toBe(403);
    expect((await api.request('DELETE', `/demo/users/${target.id}`)).status).toBe(401);
    expect((await api.request('DELETE', `/demo/users/${target.id}`, { token: userToken })).status).toBe(403);
    expect((await api.request('GET', `/demo/users/${target.id}`, { token: api.superToken })).data.data).toBe(profile());
  }, 420_000);

  it('creates a profile without images: it has no study to show, and only a superuser sees it', async () => {
    const res = await create({ name: '  Nora Holm  ', data: profile({ screening_location: 'akademiska' }) });
    expect(res.status).toBe(200);
    const created = DemoUserPublic.parse(res.data);
    expect(created).toMatchObject({ name: 'Nora Holm', status: null });
    // A visitor reads it as missing everywhere, not as "no study" (which told her it exists).
    for (const path of [`/demo/users/${created.id}`, `/demo/tasks/${created.id}`, `/demo/tasks/${created.id}/image/r_cc`]) {
      expect(await api.request('GET', path), path).toMatchObject({ status: 404, data: { detail: 'Demo user not found' } });
    }
    const asAdmin = { token: api.superToken };
    expect((await api.request('GET', `/demo/tasks/${created.id}`, asAdmin))).toMatchObject({ status: 404, data: { detail: 'This demo profile has no study.' } });
    expect((await api.request('GET', '/demo/tasks', asAdmin)).data[created.id]).toEqual({ status: null, error: 'This demo profile has no study.' });
    expect((await api.request('GET', '/demo/images', asAdmin)).data[created.id]).toEqual({ error: 'This demo profile has no study.' });
    expect((await api.request('GET', '/demo/tasks')).data[created.id]).toBeUndefined();
    expect((await api.request('GET', '/demo/images')).data[created.id]).toBeUndefined();
    // The same address answers a superuser more: no shared cache may keep it or hand it on.
    for (const path of ['/demo/users', `/demo/users/${created.id}`, '/demo/tasks', '/demo/images']) {
      const res = await api.request('GET', path, asAdmin);
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
      expect(res.headers.get('vary'), path).toMatch(/Authorization/);
    }
  }, 420_000);

  it('answers invalid profiles with a 422 naming the field at fault', async () => {
    const cases: Array<[Parameters<typeof demoForm>[0], Array<string | number>, string]> = [
      [{ name: '', data: profile() }, ['body', 'name'], DEMO_MESSAGES.nameRequired],
      [{ data: profile() }, ['body', 'name'], DEMO_MESSAGES.nameRequired],
      [{ name: 'A', data: '' }, ['body', 'data'], DEMO_MESSAGES.dataRequired],
      [{ name: 'A', data: '{age: 50' }, ['body', 'data'], DEMO_MESSAGES.dataNotJson],
      [{ name: 'A', data: '[1, 2]' }, ['body', 'data'], DEMO_MESSAGES.dataNotObject],
      [{ name: 'A', data: profile({ age: 12 }) }, ['body', 'data', 'age'], DEMO_MESSAGES.ageInvalid],
      [{ name: 'A', data: profile({ age: 50.5 }) }, ['body', 'data', 'age'], DEMO_MESSAGES.ageInvalid],
      [{ name: 'A', data: profile({ age: '50' }) }, ['body', 'data', 'age'], DEMO_MESSAGES.ageInvalid],
      [{ name: 'A', data: profile({ description: '   ' }) }, ['body', 'data', 'description'], DEMO_MESSAGES.descriptionRequired],
      [{ name: 'A', data: profile({ screening_location: 'sahlgrenska' }) }, ['body', 'data', 'screening_location'], DEMO_MESSAGES.locationInvalid],
      [{ name: 'A', data: profile({ avatar: 'x' }) }, ['body', 'data'], 'Unknown field in data: avatar'],
      [{ name: 'A', data: profile(), ai_model: 'other' }, ['body', 'ai_model'], `ai_model must be ${AI_MODEL}`],
    ];
    const before = (await api.request('GET', '/demo/users')).data.count;
    for (const [fields, loc, msg] of cases) {
      const res = await create(fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.data.detail, JSON.stringify(fields)).toContainEqual(expect.objectContaining({ loc, msg }));
    }
    expect((await api.request('GET', '/demo/users')).data.count).toBe(before);
  }, 420_000);

  it('wants all four images or none, each a mammogram of the view it is sent as', async () => {
    const two = await create({ name: 'Half', data: profile() }, { r_cc: study.r_cc, l_cc: study.l_cc });
    expect(two.status).toBe(422);
    expect(two.data.detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc: ['body', 'r_mlo'], msg: MESSAGES.allFourFiles }), expect.objectContaining({ loc: ['body', 'l_mlo'], msg: MESSAGES.allFourFiles })]),
    );
    const jpeg = await create({ name: 'Jpeg', data: profile() }, { ...study, l_mlo: await makeNonDicomJpeg() });
    expect(jpeg.status, JSON.stringify(jpeg.data)).toBe(422);
    expect(jpeg.data.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'l_mlo'], msg: unsupportedFileMessage('contact@app.test') }));
    const swapped = await create({ name: 'Swapped', data: profile() }, { ...study, r_cc: study.l_cc, l_cc: study.r_cc });
    expect(swapped.status).toBe(422);
    expect(swapped.data.detail[0].loc).toEqual(['body', 'r_cc']);
  }, 420_000);

  it('creates a profile with a study, scores it with the stated age and serves its images; deleting removes everything', async () => {
    const res = await create({ name: 'Ingrid Sjöberg', data: profile({ age: 58 }) }, study);
    expect(res.status).toBe(200);
    const created = DemoUserPublic.parse(res.data);
    expect(created.status).toBe('queued');

    const done = DemoTaskPublic.parse(await waitStudy(created.id));
    expect(done).toMatchObject({ demo_user_id: created.id, status: 'completed' });
    expect(done.dcm_study_instance_uid).toBeTruthy();
    const result = ScoredResult.parse(done.result);
    expect(result.inputs).toMatchObject({ age: 58, age_source: 'demo_profile' });

    for (const view of VIEW_KEYS) {
      const img = await api.request('GET', `/demo/tasks/${created.id}/image/${view}`);
      expect(img.status).toBe(200);
      expect(img.data.study_instance_uid).toBe(done.dcm_study_instance_uid);
      expect(Buffer.from(img.data.img_b64, 'base64').subarray(1, 4).toString()).toBe('PNG');
      for (const layer of result.overlays[view] ?? []) {
        expect((await api.request('GET', `/demo/tasks/${created.id}/image/${view}?layer=${layer}`)).status).toBe(200);
      }
    }
    expect((await api.request('GET', `/demo/tasks/${created.id}/image/x_cc`)).status).toBe(422);
    expect((await api.request('GET', '/demo/tasks')).data[created.id]).toMatchObject({ status: 'completed', result: { engine: result.engine } });

    // All images at once: a returning visitor's validator gets a bodiless 304 while nothing changed.
    const images = await api.request('GET', '/demo/images');
    expect(images.data[created.id].img_b64.r_cc).toBe((await api.request('GET', `/demo/tasks/${created.id}/image/r_cc`)).data.img_b64);
    const tag = images.headers.get('etag')!;
    expect(tag).toMatch(/^"demo-images-[0-9a-f]{40}"$/);
    expect((await api.request('GET', '/demo/images', { headers: { 'If-None-Match': tag } })).status).toBe(304);

    const dir = path.join(api.dataDir, 'files', 'demo', created.id);
    expect(existsSync(path.join(dir, 'r_cc.png'))).toBe(true);
    const del = await api.request('DELETE', `/demo/users/${created.id}`, { token: api.superToken });
    expect(del).toMatchObject({ status: 200, data: { message: 'Demo user deleted successfully' } });
    expect(existsSync(dir)).toBe(false);
    expect((await api.request('GET', `/demo/users/${created.id}`)).status).toBe(404);
    expect((await api.request('GET', `/demo/tasks/${created.id}`)).status).toBe(404);
    expect((await api.request('GET', '/demo/tasks')).data[created.id]).toBeUndefined();
    // The profile gone, the images answer is another: the old validator gets it, without the profile.
    const after = await api.request('GET', '/demo/images', { headers: { 'If-None-Match': tag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
    expect(after.data[created.id]).toBeUndefined();
    expect((await api.request('DELETE', `/demo/users/${created.id}`, { token: api.superToken })).status).toBe(404);
  }, 420_000);

  it("changes only a profile's data; a new age scores the study again", async () => {
    const created = (await create({ name: 'Lena Ek', data: profile({ age: 45 }) }, study)).data;
    const first = ScoredResult.parse((await waitStudy(created.id)).result);
    expect(first.inputs.age).toBe(45);

    const bad = await api.request('PATCH', `/demo/users/${created.id}`, { token: api.superToken, json: { data: profile({ screening_location: 'nowhere' }) } });
    expect(bad.status).toBe(422);
    expect(bad.data.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'data', 'screening_location'], msg: DEMO_MESSAGES.locationInvalid }));
    expect((await api.request('PATCH', `/demo/users/${created.id}`, { token: api.superToken, json: {} })).status).toBe(422);

    const newData = profile({ age: 67, description: 'Changed description.' });
    const ok = await api.request('PATCH', `/demo/users/${created.id}`, { token: api.superToken, json: { data: newData, name: 'Renamed' } });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ id: created.id, name: 'Lena Ek', data: newData });
    const again = ScoredResult.parse((await waitStudy(created.id)).result);
    expect(again.inputs.age).toBe(67);

    // What is stored is the profile as read, not the text as sent: padding and a repeated key go.
    const padded = `{"age": "x", "age": 67,${' '.repeat(20_000)}"description": "  Padded.${' '.repeat(20_000)}", "screening_location": "skanes"}`;
    const normalised = await api.request('PATCH', `/demo/users/${created.id}`, { token: api.superToken, json: { data: padded } });
    expect(normalised.status).toBe(200);
    expect(JSON.parse(normalised.data.data)).toEqual({ age: 67, description: 'Padded.', screening_location: 'skanes' });
    expect(normalised.data.data.length).toBeLessThan(100);
    expect((await api.request('GET', `/demo/users/${created.id}`)).data.data).toBe(normalised.data.data);

    // The same age keeps the scores as they are.
    const same = await api.request('PATCH', `/demo/users/${created.id}`, { token: api.superToken, json: { data: profile({ age: 67 }) } });
    expect(same.data.status).toBe('completed');
    expect((await api.request('PATCH', '/demo/users/00000000-0000-4000-8000-000000000000', { token: api.superToken, json: { data: newData } })).status).toBe(404);
  }, 420_000);

  it('documents every demo call in the OpenAPI document', async () => {
    const doc = (await api.request('GET', '/openapi.json')).data;
    for (const p of ['/demo/users', '/demo/users/{demo_user_id}', '/demo/user', '/demo/tasks', '/demo/tasks/{demo_user_id}', '/demo/tasks/{demo_user_id}/image/{view_position}', '/demo/images']) {
      expect(doc.paths).toHaveProperty([p]);
    }
  }, 420_000);
});
