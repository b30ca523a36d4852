/**
 * Issue 21, item 1: STORAGE=orthanc. A study goes upload -> completed -> DICOMweb read with its
 * DICOM files in a real Orthanc (started from the Debian package's binary), nothing of it left on
 * the API's disk, its display images served from the database; deleting the task or the person
 * deletes the instances in Orthanc; an Orthanc that is down answers 503 and costs no submission,
 * and a study whose images it cannot read meanwhile waits in the queue instead of failing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { orthancMissing, orthancRest, startOrthanc, type OrthancProcess } from '../support/orthanc';
import { freePort } from '../../scripts/lib/orthanc-process';
import { AI_MODEL } from '../../core/decisions';
import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { makeStudyWithFiles } from '../fixtures/studies';
import { STORE_UNAVAILABLE_MESSAGE } from '../../server/submissions/four-views';
import { createImageStore } from '../../server/storage/create';
import { processTask } from '../../server/jobs/process-task';
import { demoUsersRepository } from '../../server/db/repositories/demo-users.repository';
import { createPipeline } from '../../server/jobs/pipeline';
import { tasksRepository, submissionsRepository } from '../../server/db/repositories/tasks.repository';
import { usersRepository } from '../../server/db/repositories/users.repository';
import { sweepOrphanUploads } from '../../server/submissions/orphan-uploads';
import { orthancClient, orthancImageStore } from '../../server/storage/orthanc-store';
import { ImageStoreUnavailableError } from '../../server/storage/image-store';
import { fileStore } from '../../server/storage/files';
import { storedImagesRepository } from '../../server/db/repositories/stored-images.repository';
import { orthancIdOfFile } from '../../server/storage/orthanc-instance-id';
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';

function studyForm(files: Record<ViewKey, Uint8Array>): FormData {
  const form = new FormData();
  form.set('ai_model', AI_MODEL);
  for (const key of VIEW_KEYS) form.append(key, new Blob([new Uint8Array(files[key])]), `${key}.dcm`);
  return form;
}

/** Every file under a folder, recursively (an empty tree: none). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe.skipIf(orthancMissing)(`images in Orthanc (STORAGE=orthanc) on ${dbLabel()}${orthancMissing ? ` - skipped: ${orthancMissing}` : ''}`, () => {
  let orthanc: OrthancProcess;
  let api: ApiHarness;
  let rest: ReturnType<typeof orthancRest>;

  beforeAll(async () => {
    orthanc = await startOrthanc();
    rest = orthancRest(orthanc);
    api = await startApi({ ...orthanc.env, JOB_RETRY_LIMIT: '1', JOB_RETRY_DELAY_SECONDS: '1' }, { worker: true });
  });
  afterAll(async () => {
    await api?.close();
    await orthanc?.stop();
  });

  it('stores a study in Orthanc, processes it from there and serves it over DICOMweb; nothing stays on disk', async () => {
    const user = await api.createUser({ submission_limit: 3 });
    const { study, files } = await makeStudyWithFiles({ seed: 2101 });
    const res = await api.request('POST', '/tasks/', { token: user.token, body: studyForm(files) });
    expect(res.status).toBe(200);
    // Stored before the answer: the four instances are in Orthanc, the staging folder is gone.
    const ids = await rest.instancesOfStudy(study.studyInstanceUid);
    expect(ids).toHaveLength(4);
    const stored = await Promise.all(ids.map((id) => rest.file(id)));
    for (const key of VIEW_KEYS) expect(stored.some((b) => b.equals(Buffer.from(files[key])))).toBe(true);
    expect(filesUnder(path.join(api.dataDir, 'files'))).toEqual([]);

    const done = await api.waitSettled(user.token, res.data.id);
    expect(done.status).toBe('completed');
    expect(filesUnder(path.join(api.dataDir, 'files'))).toEqual([]);

    // The display images and overlays, from the database.
    const image = await api.request('GET', `/tasks/${res.data.id}/image/r_cc`, { token: user.token });
    expect(image.status).toBe(200);
    expect(Buffer.from(image.data.img_b64, 'base64').subarray(1, 4).toString()).toBe('PNG');

    // DICOMweb, read back from Orthanc: the search, the whole instance as uploaded, a frame.
    const found = await api.request('GET', '/dicomweb/studies', { token: user.token });
    expect(found.data.map((s: any) => s['0020000D'].Value[0])).toEqual([study.studyInstanceUid]);
    const base = `/api/v1/dicomweb/studies/${study.studyInstanceUid}/series/${study.seriesInstanceUids.l_mlo}/instances/${study.sopInstanceUids.l_mlo}`;
    const auth = { authorization: `Bearer ${user.token}` };
    const instance = await api.app.request(base, { headers: { ...auth, accept: 'multipart/related; type="application/dicom"' } });
    expect(instance.status).toBe(200);
    expect(Buffer.from(await instance.arrayBuffer()).includes(Buffer.from(files.l_mlo))).toBe(true);
    const frame = await api.app.request(`${base}/frames/1`, { headers: auth });
    expect(frame.status).toBe(200);
    expect((await frame.arrayBuffer()).byteLength).toBeGreaterThan(study.views.l_mlo.width * study.views.l_mlo.height);

    // Deleting the task deletes its instances in Orthanc.
    expect((await api.request('DELETE', `/tasks/${res.data.id}`, { token: user.token })).status).toBe(200);
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toEqual([]);
    expect((await api.request('GET', `/tasks/${res.data.id}/image/r_cc`, { token: user.token })).status).toBe(404);
  });

  it('deleting a person deletes her studies in Orthanc; a study sent twice is kept until its last task goes', async () => {
    const user = await api.createUser({ submission_limit: 3 });
    const { study, files } = await makeStudyWithFiles({ seed: 2102 });
    const first = await api.request('POST', '/tasks/', { token: user.token, body: studyForm(files) });
    const second = await api.request('POST', '/tasks/', { token: user.token, body: studyForm(files) });
    expect([first.status, second.status]).toEqual([200, 200]);
    await api.waitSettled(user.token, first.data.id);
    await api.waitSettled(user.token, second.data.id);
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toHaveLength(4);
    // The first task goes; the second still reads its images from Orthanc.
    expect((await api.request('DELETE', `/tasks/${first.data.id}`, { token: user.token })).status).toBe(200);
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toHaveLength(4);
    const frames = await api.app.request(
      `/api/v1/dicomweb/studies/${study.studyInstanceUid}/series/${study.seriesInstanceUids.r_cc}/instances/${study.sopInstanceUids.r_cc}/frames/1`,
      { headers: { authorization: `Bearer ${user.token}` } },
    );
    expect(frames.status).toBe(200);

    expect((await api.request('DELETE', '/users/me', { token: user.token })).status).toBe(200);
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toEqual([]);
  });

  it('refuses a different image under UIDs another image already has (409), and keeps nothing of it', async () => {
    const user = await api.createUser({ submission_limit: 3 });
    const { study, files } = await makeStudyWithFiles({ seed: 2103 });
    expect((await api.request('POST', '/tasks/', { token: user.token, body: studyForm(files) })).status).toBe(200);
    const altered = { ...files, r_cc: new Uint8Array(files.r_cc) };
    altered.r_cc[altered.r_cc.length - 1] ^= 0xff;
    const before = (await api.request('GET', '/users/me', { token: user.token })).data.submission_count;
    const res = await api.request('POST', '/tasks/', { token: user.token, body: studyForm(altered) });
    expect(res.status).toBe(409);
    expect(res.data.detail).toMatch(/same patient, study, series and instance UIDs/);
    expect((await api.request('GET', '/users/me', { token: user.token })).data.submission_count).toBe(before);
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toHaveLength(4);
    expect(filesUnder(path.join(api.dataDir, 'files'))).toEqual([]);
  });

  it('a study whose images cannot be read while Orthanc is down waits, queued and counted once, and completes once it answers', async () => {
    const quiet = await startApi({ ...orthanc.env });
    try {
      const user = await quiet.createUser({ submission_limit: 1 });
      const { files } = await makeStudyWithFiles({ seed: 2105 });
      const sent = await quiet.request('POST', '/tasks/', { token: user.token, body: studyForm(files) });
      expect(sent.status).toBe(200);
      const deps = (store: ReturnType<typeof createImageStore>) => ({
        tasks: tasksRepository(quiet.db),
        submissions: submissionsRepository(quiet.db),
        users: usersRepository(quiet.db),
        demoUsers: demoUsersRepository(quiet.db),
        files: store,
        pipeline: createPipeline(),
        log: () => undefined,
      });
      // Its last attempt, with Orthanc unreachable: not failed, back in the queue.
      const down = createImageStore({ ...quiet.config, storage: { kind: 'orthanc', url: `http://127.0.0.1:${await freePort()}`, username: null, password: null, timeoutMs: 1000 } }, quiet.db);
      expect(await processTask(deps(down), { taskId: sent.data.id }, { id: 'job-1', retryCount: 3, retryLimit: 3 })).toBe('waiting');
      const waiting = await quiet.request('GET', `/tasks/${sent.data.id}`, { token: user.token });
      expect(waiting.data.status).toBe('queued');
      expect((await quiet.request('GET', '/users/me', { token: user.token })).data.submission_count).toBe(1);
      // Orthanc answers again: the next run completes it.
      expect(await processTask(deps(createImageStore(quiet.config, quiet.db)), { taskId: sent.data.id }, { id: 'job-2', retryCount: 0, retryLimit: 3 })).toBe('completed');
      expect((await quiet.request('GET', `/tasks/${sent.data.id}`, { token: user.token })).data.status).toBe('completed');

      // A demo profile's study does the same.
      const demoForm = studyForm((await makeStudyWithFiles({ seed: 2106 })).files);
      demoForm.set('name', 'Waiting Demo');
      demoForm.set('data', JSON.stringify({ age: 52, description: 'A fictional person for the tests.', screening_location: 'skanes' }));
      const demo = await quiet.request('POST', '/demo/user', { token: quiet.superToken, body: demoForm });
      expect(demo.status).toBe(200);
      // Its study is a task that takes the profile's id.
      expect(await processTask(deps(down), { taskId: demo.data.id }, { id: 'job-3', retryCount: 3, retryLimit: 3 })).toBe('waiting');
      expect((await demoUsersRepository(quiet.db).find(demo.data.id))?.status).toBe('queued');
      expect(await processTask(deps(createImageStore(quiet.config, quiet.db)), { taskId: demo.data.id }, { id: 'job-4', retryCount: 0, retryLimit: 3 })).toBe('completed');
    } finally {
      await quiet.close();
    }
  });

  it('a process that died while storing an upload leaves no instance behind: the sweep finds it from the staged file', async () => {
    const user = await api.createUser({ submission_limit: 3 });
    const settings = api.config.storage;
    if (settings.kind !== 'orthanc') throw new Error('this suite runs with STORAGE=orthanc');
    const client = orthancClient(settings);
    // What a died process leaves: the staged files of a task that never was, two of them already
    // in Orthanc with no row naming them.
    const stage = async (files: Record<ViewKey, Uint8Array>) => {
      const taskId = randomUUID();
      const dir = path.join(api.dataDir, 'files', user.id, taskId);
      mkdirSync(dir, { recursive: true });
      for (const key of VIEW_KEYS) writeFileSync(path.join(dir, `${key}.dcm`), files[key]);
      return dir;
    };
    const lost = await makeStudyWithFiles({ seed: 2108 });
    const lostDir = await stage(lost.files);
    for (const key of ['r_cc', 'l_mlo'] as const) {
      const stored = await client.store(lost.files[key]);
      // Orthanc's id is the one the staged file gives.
      expect(stored?.id).toBe(await orthancIdOfFile(path.join(lostDir, `${key}.dcm`)));
    }
    expect(await rest.instancesOfStudy(lost.study.studyInstanceUid)).toHaveLength(2);
    // The same study as a kept task's, staged again and stored (shared) before the process died:
    // the kept task's instances stay.
    const kept = await makeStudyWithFiles({ seed: 2109 });
    const task = await api.request('POST', '/tasks/', { token: user.token, body: studyForm(kept.files) });
    expect(task.status).toBe(200);
    await stage(kept.files);
    expect(await rest.instancesOfStudy(kept.study.studyInstanceUid)).toHaveLength(4);

    expect(await sweepOrphanUploads({ db: api.db, files: createImageStore(api.config, api.db), graceMs: 0 })).toBe(2);
    expect(await rest.instancesOfStudy(lost.study.studyInstanceUid)).toEqual([]);
    expect(existsSync(lostDir)).toBe(false);
    expect(await rest.instancesOfStudy(kept.study.studyInstanceUid)).toHaveLength(4);
    expect((await api.waitSettled(user.token, task.data.id)).status).toBe('completed');
  });

  it('an Orthanc that stops answering partway through an upload: the instances it stored are removed once it answers again', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const settings = api.config.storage;
    if (settings.kind !== 'orthanc') throw new Error('this suite runs with STORAGE=orthanc');
    // The real Orthanc behind a client that stops answering after two files are stored: every
    // call fails from then on, as when Orthanc goes down in the middle of an upload.
    const real = orthancClient(settings);
    let storesLeft = 2;
    let down = false;
    const stopping = new Proxy(real, {
      get(target, prop: keyof typeof real) {
        const method = target[prop] as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]) => {
          if ((prop === 'store' || prop === 'storeFile') && storesLeft-- <= 0) down = true;
          if (down) throw new ImageStoreUnavailableError('Orthanc cannot be reached (POST /instances: ECONNREFUSED)');
          return method.apply(target, args);
        };
      },
    });
    const store = orthancImageStore({ orthanc: stopping, repo: storedImagesRepository(api.db), staging: fileStore(api.dataDir) });
    const { files, study } = await makeStudyWithFiles({ seed: 2111 });
    const taskId = randomUUID();
    const dir = path.join(api.dataDir, 'files', user.id, taskId);
    mkdirSync(dir, { recursive: true });
    for (const key of VIEW_KEYS) writeFileSync(path.join(dir, `${key}.dcm`), files[key]);

    // What the upload does: keep the staged files, and on failure remove what it kept.
    await expect(store.keep(user.id, taskId)).rejects.toBeInstanceOf(ImageStoreUnavailableError);
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toHaveLength(2);
    await store.removeTask(user.id, taskId);
    // Orthanc could not be asked to delete them: the staged files stay to find them by.
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toHaveLength(2);
    expect(existsSync(dir)).toBe(true);

    // Orthanc answers again; the next start's sweep removes them, and the staged files.
    down = false;
    expect(await sweepOrphanUploads({ db: api.db, files: createImageStore(api.config, api.db), graceMs: 0 })).toBeGreaterThanOrEqual(1);
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  });

  it('a task deleted while Orthanc does not answer is gone at once; its instances are deleted by the next start\'s sweep', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const { files, study } = await makeStudyWithFiles({ seed: 2112 });
    const sent = await api.request('POST', '/tasks/', { token: user.token, body: studyForm(files) });
    expect(sent.status).toBe(200);
    expect((await api.waitSettled(user.token, sent.data.id)).status).toBe('completed');
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toHaveLength(4);

    // The task's deletion as the API does it, with an image store whose Orthanc does not answer.
    const settings = api.config.storage;
    if (settings.kind !== 'orthanc') throw new Error('this suite runs with STORAGE=orthanc');
    const down = createImageStore({ ...api.config, storage: { ...settings, url: `http://127.0.0.1:${await freePort()}`, timeoutMs: 1000 } }, api.db);
    await tasksRepository(api.db).delete(sent.data.id);
    await down.removeTask(user.id, sent.data.id);
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toHaveLength(4);

    expect(await sweepOrphanUploads({ db: api.db, files: createImageStore(api.config, api.db), graceMs: 0 })).toBeGreaterThanOrEqual(1);
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toEqual([]);
  });

  it('a person is not deleted while Orthanc does not answer (503, try again), and her images all go once it does', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const { files, study } = await makeStudyWithFiles({ seed: 2113 });
    const sent = await api.request('POST', '/tasks/', { token: user.token, body: studyForm(files) });
    expect((await api.waitSettled(user.token, sent.data.id)).status).toBe('completed');
    const settings = api.config.storage;
    if (settings.kind !== 'orthanc') throw new Error('this suite runs with STORAGE=orthanc');
    const down = createImageStore({ ...api.config, storage: { ...settings, url: `http://127.0.0.1:${await freePort()}`, timeoutMs: 1000 } }, api.db);
    await expect(down.removeOwner(user.id)).rejects.toBeInstanceOf(ImageStoreUnavailableError);
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toHaveLength(4);
    // Tried again with Orthanc answering: nothing of hers is left.
    await createImageStore(api.config, api.db).removeOwner(user.id);
    expect(await rest.instancesOfStudy(study.studyInstanceUid)).toEqual([]);
  });

  it('a result is kept with its display images and overlays in one transaction: if they cannot be stored, neither is the result', async () => {
    const quiet = await startApi({ ...orthanc.env });
    try {
      const user = await quiet.createUser({ submission_limit: 1 });
      const sent = await quiet.request('POST', '/tasks/', { token: user.token, body: studyForm((await makeStudyWithFiles({ seed: 2107 })).files) });
      expect(sent.status).toBe(200);
      const id = sent.data.id as string;
      const store = createImageStore(quiet.config, quiet.db);
      const deps = (files: typeof store) => ({
        tasks: tasksRepository(quiet.db),
        submissions: submissionsRepository(quiet.db),
        users: usersRepository(quiet.db),
        demoUsers: demoUsersRepository(quiet.db),
        files,
        pipeline: createPipeline(),
        log: () => undefined,
      });
      const derivedRows = async () => (await quiet.db.query<{ n: number }>('SELECT count(*)::int AS n FROM derived_images WHERE task_id = $1', [id]))[0].n;
      // The pictures are written, then something fails before the result commits.
      const failing: typeof store = {
        ...store,
        async keepDerived(ownerId, taskId, images) {
          const keep = await store.keepDerived(ownerId, taskId, images);
          return async (tx) => {
            await keep(tx);
            throw new Error('the connection dropped');
          };
        },
      };
      await expect(processTask(deps(failing), { taskId: id }, { id: 'job-1', retryCount: 0, retryLimit: 3 })).rejects.toThrow('the connection dropped');
      expect((await quiet.request('GET', `/tasks/${id}`, { token: user.token })).data.status).not.toBe('completed');
      expect(await derivedRows()).toBe(0);

      // The next attempt keeps both: the result, and every view's display image and overlays.
      expect(await processTask(deps(store), { taskId: id }, { id: 'job-2', retryCount: 1, retryLimit: 3 })).toBe('completed');
      const task = await quiet.request('GET', `/tasks/${id}`, { token: user.token });
      expect(task.data.status).toBe('completed');
      const names = (await quiet.db.query<{ name: string }>('SELECT name FROM derived_images WHERE task_id = $1 ORDER BY name', [id])).map((r) => r.name);
      for (const key of VIEW_KEYS) {
        expect(names).toContain(`${key}.png`);
        expect(names.filter((n) => n.startsWith(`${key}.`) && n !== `${key}.png`).length).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await quiet.close();
    }
  });

  it('an Orthanc that does not answer: the upload answers 503, nothing is counted or left on disk, health says so', async () => {
    const down = await startApi({ STORAGE: 'orthanc', ORTHANC_URL: `http://127.0.0.1:${await freePort()}`, ORTHANC_TIMEOUT_MS: '2000' });
    try {
      const user = await down.createUser({ submission_limit: 1 });
      const { files } = await makeStudyWithFiles({ seed: 2104 });
      const res = await down.request('POST', '/tasks/', { token: user.token, body: studyForm(files) });
      expect(res.status).toBe(503);
      expect(res.data.detail).toBe(STORE_UNAVAILABLE_MESSAGE);
      expect(res.headers.get('retry-after')).toBe('60');
      const me = await down.request('GET', '/users/me', { token: user.token });
      expect(me.data.submission_count).toBe(0);
      expect((await down.request('GET', '/tasks/', { token: user.token })).data.count).toBe(0);
      expect(filesUnder(path.join(down.dataDir, 'files'))).toEqual([]);
      const health = await down.request('GET', '/utils/health');
      expect(health.status).toBe(503);
      expect(health.data.image_store).toMatchObject({ ok: false, detail: 'Orthanc does not answer' });
    } finally {
      await down.close();
    }
  });
});
