import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { AI_MODEL } from '../../core/decisions';
import { MESSAGES, unsupportedFileMessage } from '../../core/validation';
import { ScoredResult, TaskPublic, VIEW_KEYS, type ViewKey } from '../../core/contract';
import { makeStudyFiles, makeCtDicom, makeNonDicomJpeg as makeJpegBytes, studyForm } from '../fixtures/studies';
import { declaringSize, withJunkElements } from '../fixtures/hostile-dicom';
import { limitReachedMessage, notOpenMessage } from '../../server/submissions/intake.service';
import { buildRealExamStudy, findRealExams, realMammogramsMissing } from '../../server/corpus/real-exams';

const realMissing = realMammogramsMissing();
if (realMissing) console.warn(realMissing);

type Files = Partial<Record<string, Uint8Array>>;

describe(`submissions and tasks on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;

  beforeAll(async () => {
    api = await startApi({ JOB_RETRY_LIMIT: '1', JOB_RETRY_DELAY_SECONDS: '1' }, { worker: true });
    study = await makeStudyFiles({ seed: 11 });
  });
  afterAll(async () => api?.close());

  const submit = (token: string, files: Files, headers: Record<string, string> = {}, aiModel?: string) =>
    api.request('POST', '/tasks/', { token, body: studyForm(files, aiModel), headers });

  const waitDone = (token: string, id: string, timeoutMs = 90_000) => api.waitSettled(token, id, timeoutMs);

  it('accepts a four-view study, processes it and serves results and images', async () => {
    const user = await api.createUser({ submission_limit: 2 });
    const res = await submit(user.token, study);
    expect(res.status).toBe(200);
    const task = TaskPublic.parse(res.data);
    expect(task.status).toBe('queued');
    expect(task.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/);
    expect(task.dcm_study_instance_uid).toBeTruthy();
    expect((await api.request('GET', '/users/me', { token: user.token })).data).toMatchObject({ submission_count: 1, status: 'processing' });

    const done = await waitDone(user.token, task.id);
    expect(done.status).toBe('completed');
    const result = ScoredResult.parse(done.result);
    expect(result.engine.name).toBeTruthy();
    for (const scope of ['study', 'left', 'right', ...VIEW_KEYS] as const) {
      for (const c of ['detection', 'risk', 'masking', AI_MODEL] as const) expect(result[scope][c]).toHaveProperty('score');
    }
    expect((await api.request('GET', '/users/me', { token: user.token })).data).toMatchObject({ submission_count: 1, status: 'result_available' });

    const last = await api.request('GET', '/tasks/last', { token: user.token });
    expect(last.data.id).toBe(task.id);
    for (const view of VIEW_KEYS) {
      const img = await api.request('GET', `/tasks/${task.id}/image/${view}`, { token: user.token });
      expect(img.status).toBe(200);
      expect(img.data.study_instance_uid).toBe(task.dcm_study_instance_uid);
      expect(Buffer.from(img.data.img_b64, 'base64').subarray(1, 4).toString()).toBe('PNG');
      const lastImg = await api.request('GET', `/tasks/last/image/${view}`, { token: user.token });
      expect(lastImg.data.img_b64).toBe(img.data.img_b64);
      for (const layer of result.overlays[view] ?? []) {
        const o = await api.request('GET', `/tasks/${task.id}/image/${view}?layer=${layer}`, { token: user.token });
        expect(o.status).toBe(200);
      }
    }
    const all = await api.request('GET', '/tasks/last/images', { token: user.token });
    expect(Object.keys(all.data.img_b64).sort()).toEqual([...VIEW_KEYS].sort());
    // A returning browser revalidates the images instead of downloading them again.
    const tag = all.headers.get('etag');
    expect(tag).toBeTruthy();
    expect(all.headers.get('cache-control')).toBe('private, no-cache');
    const again = await api.request('GET', '/tasks/last/images', { token: user.token, headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    expect(again.data).toBeNull();
    const view = await api.request('GET', `/tasks/${task.id}/image/r_cc`, { token: user.token });
    expect((await api.request('GET', `/tasks/${task.id}/image/r_cc`, { token: user.token, headers: { 'if-none-match': view.headers.get('etag')! } })).status).toBe(304);
    expect((await api.request('GET', `/tasks/${task.id}/image/l_cc`, { token: user.token, headers: { 'if-none-match': view.headers.get('etag')! } })).status).toBe(200);
    expect((await api.request('GET', `/tasks/${task.id}/image/x_cc`, { token: user.token })).status).toBe(422);

    const list = await api.request('GET', '/tasks/', { token: user.token });
    expect(list.data).toMatchObject({ count: 1 });
    expect(list.data.data[0].id).toBe(task.id);
  });

  it.runIf(!realMissing)('processes the real four-view exams of ../shared wrapped as DICOM (JPEG 2000)', async () => {
    const exams = findRealExams().filter((e) => VIEW_KEYS.every((k) => e.views[k]));
    expect(exams.length).toBeGreaterThan(0);
    for (const exam of exams) {
      const { files } = await buildRealExamStudy(exam, { transferSyntax: 'jpeg2000' });
      const res = await submit(api.superToken, files);
      expect(res.status).toBe(200);
      const done = await waitDone(api.superToken, res.data.id, 180_000);
      expect({ exam: exam.id, status: done.status, error: done.result?.error }).toEqual({ exam: exam.id, status: 'completed', error: undefined });
      const result = ScoredResult.parse(done.result);
      // The PNGs carry no spacing: the result must say the nominal spacing was assumed.
      expect(JSON.stringify(result)).toMatch(/0\.1 mm assumed/);
    }
  }, 400_000);

  it('refuses wrong files with clear messages and counts nothing', async () => {
    const user = await api.createUser({ submission_limit: 5 });
    const unsupported = unsupportedFileMessage(api.config.contactEmail);
    const cases: Array<{ files: Files; status: number; text: string | RegExp }> = [
      { files: { ...study, l_mlo: await makeJpegBytes() }, status: 422, text: unsupported },
      { files: { ...study, l_cc: await makeCtDicom() }, status: 422, text: unsupported },
      { files: { ...study, l_cc: study.r_cc }, status: 422, text: /R-CC/ },
      { files: { r_cc: study.r_cc, r_mlo: study.r_mlo, l_cc: study.l_cc }, status: 422, text: MESSAGES.allFourFiles },
      { files: { ...study, r_cc: study.r_cc.subarray(0, 100) }, status: 422, text: unsupported },
      // Two megabytes of tiny private elements: parsing them would hold the API for seconds.
      { files: { ...study, r_mlo: withJunkElements(study.r_mlo, 200_000) }, status: 422, text: /holds more than 10,000 data elements/ },
    ];
    for (const c of cases) {
      const res = await submit(user.token, c.files);
      expect(res.status).toBe(c.status);
      const msg = typeof res.data.detail === 'string' ? res.data.detail : res.data.detail[0].msg;
      if (typeof c.text === 'string') expect(msg).toBe(c.text);
      else expect(msg).toMatch(c.text);
    }
    const wrongModel = await submit(user.token, study, {}, 'some-other-model');
    expect(wrongModel.status).toBe(422);
    expect((await api.request('GET', '/users/me', { token: user.token })).data.submission_count).toBe(0);
    expect((await api.request('GET', '/tasks/', { token: user.token })).data.count).toBe(0);
    expect(existsSync(path.join(api.dataDir, 'files', user.id))).toBe(false);
  });

  it('fails a task whose pixels cannot be decoded, gives the submission back, and keeps working', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const broken = { ...study, r_mlo: study.r_mlo.subarray(0, study.r_mlo.length - 5000) };
    const res = await submit(user.token, broken);
    expect(res.status).toBe(200);
    const done = await waitDone(user.token, res.data.id);
    expect(done.status).toBe('failed');
    expect(done.result.error).toMatch(/R-MLO/);
    expect((await api.request('GET', '/users/me', { token: user.token })).data).toMatchObject({ submission_count: 0, status: 'presubmit' });
    // The worker lives on: the same user's good study completes.
    const good = await submit(user.token, study);
    expect((await waitDone(user.token, good.data.id)).status).toBe('completed');
  });

  it('fails a task whose small file declares a huge image, before allocating it, and gives the submission back', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const rle = await makeStudyFiles({ seed: 11, transferSyntax: 'rle' });
    const res = await submit(user.token, { ...rle, l_cc: declaringSize(rle.l_cc, 12000, 12000) });
    expect(res.status).toBe(200);
    const done = await waitDone(user.token, res.data.id);
    expect(done.status).toBe('failed');
    expect(done.result.error).toMatch(/L-CC.*12000x12000 pixels, larger than any mammogram/);
    // The codec used to fill 288 MB with zeros, and the study was scored on an empty image.
    expect((await api.request('GET', '/users/me', { token: user.token })).data).toMatchObject({ submission_count: 0 });
  });

  it('answers a replay with the same Idempotency-Key with the first task, counted once', async () => {
    const user = await api.createUser({ submission_limit: 3 });
    const headers = { 'Idempotency-Key': 'outbox-key-0001' };
    const first = await submit(user.token, study, headers);
    const again = await submit(user.token, study, headers);
    expect(again.status).toBe(200);
    expect(again.data.id).toBe(first.data.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const [a, b] = await Promise.all([submit(user.token, study, { 'Idempotency-Key': 'race-key-0001' }), submit(user.token, study, { 'Idempotency-Key': 'race-key-0001' })]);
    expect(a.data.id).toBe(b.data.id);
    expect((await api.request('GET', '/users/me', { token: user.token })).data.submission_count).toBe(2);
    expect((await api.request('GET', '/tasks/', { token: user.token })).data.count).toBe(2);
  });

  it('enforces the submission limit; superusers and test users are exempt', async () => {
    const closed = await api.createUser({ submission_limit: 0 });
    const r0 = await submit(closed.token, study);
    expect(r0.status).toBe(403);
    expect(r0.data.detail).toBe(notOpenMessage(api.config.contactEmail));
    const one = await api.createUser({ submission_limit: 1 });
    expect((await submit(one.token, study)).status).toBe(200);
    const r1 = await submit(one.token, study);
    expect(r1.status).toBe(403);
    expect(r1.data.detail).toBe(limitReachedMessage(api.config.contactEmail));
    const tester = await api.createUser({ submission_limit: 0, is_test_user: true });
    expect((await submit(tester.token, study)).status).toBe(200);
    expect((await submit(tester.token, study)).status).toBe(200);
    expect((await submit(api.superToken, study)).status).toBe(200);
  });

  it("answers 404 to another user for every task and image endpoint, and lets a superuser see all", async () => {
    const a = await api.createUser({ submission_limit: 1 });
    const b = await api.createUser({ submission_limit: 1 });
    const task = (await submit(a.token, study)).data;
    await waitDone(a.token, task.id);
    for (const url of [`/tasks/${task.id}`, `/tasks/${task.id}/image/r_cc`, `/tasks/${task.id}/image/l_mlo?layer=density`]) {
      const res = await api.request('GET', url, { token: b.token });
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
    expect((await api.request('DELETE', `/tasks/${task.id}`, { token: b.token })).status).toBe(404);
    for (const url of ['/tasks/last', '/tasks/last/images', '/tasks/last/image/r_cc']) {
      expect((await api.request('GET', url, { token: b.token })).status).toBe(404);
    }
    expect((await api.request('GET', '/tasks/', { token: b.token })).data.count).toBe(0);
    expect((await api.request('GET', `/tasks/${task.id}`, { token: api.superToken })).status).toBe(200);
    const everyone = await api.request('GET', '/tasks/?limit=1000', { token: api.superToken });
    expect(everyone.data.data.some((t: any) => t.id === task.id)).toBe(true);
    expect((await api.request('GET', '/tasks/')).status).toBe(401);
  });

  it('deleting a task or its owner removes the files', async () => {
    const user = await api.createUser({ submission_limit: 2 });
    const t1 = (await submit(user.token, study)).data;
    await waitDone(user.token, t1.id);
    const dir = path.join(api.dataDir, 'files', user.id, t1.id);
    expect(existsSync(path.join(dir, 'r_cc.dcm'))).toBe(true);
    expect((await api.request('DELETE', `/tasks/${t1.id}`, { token: user.token })).status).toBe(200);
    expect(existsSync(dir)).toBe(false);
    expect((await api.request('GET', `/tasks/${t1.id}`, { token: user.token })).status).toBe(404);
    const t2 = (await submit(user.token, study)).data;
    await waitDone(user.token, t2.id);
    expect((await api.request('DELETE', `/users/${user.id}`, { token: api.superToken })).status).toBe(200);
    expect(existsSync(path.join(api.dataDir, 'files', user.id))).toBe(false);
    expect((await api.request('GET', `/tasks/${t2.id}`, { token: api.superToken })).status).toBe(404);
  });
});

describe(`upload caps on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());

  it('answers 413 to a 250 MB file and keeps nothing of it', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const boundary = '----sd-test-boundary';
    const size = 250 * 1024 * 1024;
    const chunk = new Uint8Array(1024 * 1024);
    const enc = new TextEncoder();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(ctrl) {
        ctrl.enqueue(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="ai_model"\r\n\r\n${AI_MODEL}\r\n`));
        ctrl.enqueue(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="r_cc"; filename="r_cc.dcm"\r\nContent-Type: application/dicom\r\n\r\n`));
      },
      pull(ctrl) {
        if (sent >= size) {
          ctrl.enqueue(enc.encode(`\r\n--${boundary}--\r\n`));
          ctrl.close();
          return;
        }
        ctrl.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const res = await api.app.request('/api/v1/tasks/', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toMatch(/larger than/);
    expect(existsSync(path.join(api.dataDir, 'files', user.id))).toBe(false);
    expect((await api.request('GET', '/users/me', { token: user.token })).data.submission_count).toBe(0);
  });

  it('refuses a body that is not multipart', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const res = await api.request('POST', '/tasks/', { token: user.token, json: { ai_model: AI_MODEL } });
    expect(res.status).toBe(415);
  });
});
