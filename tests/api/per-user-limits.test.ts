/**
 * What one signed-in person may have going at once: uploads (UPLOADS_PER_USER) and live task
 * updates (TASK_STREAMS_PER_USER). Found by an audit: one account opened 6,000 event streams on one
 * task (each a socket and a file descriptor of the server), and could stream any number of studies
 * to disk side by side with a single submission left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { AI_MODEL } from '../../core/decisions';
import type { ViewKey } from '../../core/contract';
import { makeStudyFiles, studyForm } from '../fixtures/studies';
import { loadConfig } from '../../server/config';

/** A body that sends its first bytes when read, then waits for `release` before the rest. */
function heldBody(bytes: Uint8Array) {
  let release!: () => void;
  let reading!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const started = new Promise<void>((r) => (reading = r));
  let sent = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(c) {
        if (!sent) {
          sent = true;
          c.enqueue(bytes.subarray(0, 1024));
          reading();
          return;
        }
        await released;
        c.enqueue(bytes.subarray(1024));
        c.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, release, started };
}

/** The stream's answer: open (200, its reader to close it) or refused. */
async function openEvents(api: ApiHarness, token: string, id: string) {
  const res = await api.app.request(`/api/v1/tasks/${id}/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
  return res;
}

/** Asks again until `ask` answers `status`: a closed stream gives its slot back once its loop has seen the close. */
async function eventually(status: number, ask: () => Promise<Response>): Promise<Response> {
  for (let i = 0; ; i++) {
    const res = await ask();
    if (res.status === status || i >= 50) return res;
    await res.body?.cancel();
    await new Promise((r) => setImmediate(r));
  }
}

describe(`one person's uploads and live updates at once on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;
  beforeAll(async () => {
    api = await startApi({ UPLOADS_PER_USER: '1', TASK_STREAMS_PER_USER: '2' });
    study = await makeStudyFiles({ seed: 11 });
  });
  afterAll(async () => api?.close());

  async function multipart() {
    const form = new FormData();
    form.set('ai_model', AI_MODEL);
    for (const [field, bytes] of Object.entries(study)) form.append(field, new Blob([new Uint8Array(bytes)]), `${field}.dcm`);
    const req = new Request('http://x/', { method: 'POST', body: form });
    return { type: req.headers.get('content-type')!, bytes: new Uint8Array(await req.arrayBuffer()) };
  }

  it('refuses a second upload of one person while her first is on its way (429, Retry-After, nothing counted), and takes it after', async () => {
    const user = await api.createUser({ submission_limit: 3 });
    const other = await api.createUser({ submission_limit: 3 });
    const { type, bytes } = await multipart();
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': type };

    const held = heldBody(bytes);
    const first = api.app.request('/api/v1/tasks/', { method: 'POST', headers, body: held.stream, duplex: 'half' } as RequestInit);
    await held.started;

    const second = await api.request('POST', '/tasks/', { token: user.token, body: studyForm(study) });
    expect(second.status).toBe(429);
    expect(second.data).toEqual({ detail: 'Another study of yours is still being sent. Please wait until it has arrived, then try again.' });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else sends hers meanwhile.
    expect((await api.request('POST', '/tasks/', { token: other.token, body: studyForm(study) })).status).toBe(200);

    held.release();
    expect((await first).status).toBe(200);
    const me = await api.request('GET', '/users/me', { token: user.token });
    expect(me.data.submission_count).toBe(1);
    // Only the first one's files were kept.
    expect(readdirSync(path.join(api.dataDir, 'files', user.id))).toHaveLength(1);

    // Once it has arrived, the next one is taken.
    expect((await api.request('POST', '/tasks/', { token: user.token, body: studyForm(study) })).status).toBe(200);
  });

  it('gives the slot back when an upload is refused (a broken file), so she can send again at once', async () => {
    const user = await api.createUser({ submission_limit: 3 });
    const broken = await api.request('POST', '/tasks/', { token: user.token, body: studyForm({ ...study, r_cc: new Uint8Array(200) }) });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    expect(broken.status).not.toBe(429);
    expect((await api.request('POST', '/tasks/', { token: user.token, body: studyForm(study) })).status).toBe(200);
  });

  it("refuses a person's third live update at once (429) while others still open theirs, and opens it when one closes", async () => {
    const user = await api.createUser({ submission_limit: 3 });
    const other = await api.createUser({ submission_limit: 3 });
    // No worker runs here: the tasks stay queued, so their streams stay open.
    const task = (await api.request('POST', '/tasks/', { token: user.token, body: studyForm(study) })).data;
    const hers = (await api.request('POST', '/tasks/', { token: other.token, body: studyForm(study) })).data;

    const a = await openEvents(api, user.token, task.id);
    const b = await openEvents(api, user.token, task.id);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Each has sent the task and waits for its next change (or heartbeat).
    const aReader = a.body!.getReader();
    expect(new TextDecoder().decode((await aReader.read()).value)).toContain('event: task');
    const c = await openEvents(api, user.token, task.id);
    expect(c.status).toBe(429);
    expect(await c.json()).toEqual({
      detail: 'Too many live updates are open for this account. Please close some pages; this one checks for changes every few seconds instead.',
    });
    expect(Number(c.headers.get('retry-after'))).toBeGreaterThan(0);

    const theirs = await openEvents(api, other.token, hers.id);
    expect(theirs.status).toBe(200);
    await theirs.body!.cancel();

    await aReader.cancel();
    const again = await eventually(200, () => openEvents(api, user.token, task.id));
    expect(again.status).toBe(200);
    await again.body!.cancel();
    await b.body!.cancel();
  });

  it('reads both limits from the environment, with defaults of 2 uploads and 10 streams', () => {
    const base = { DATA_DIR: api.dataDir };
    expect(loadConfig(base)).toMatchObject({ uploadsPerUser: 2, taskStreamsPerUser: 10 });
    expect(loadConfig({ ...base, UPLOADS_PER_USER: '4', TASK_STREAMS_PER_USER: '30' })).toMatchObject({ uploadsPerUser: 4, taskStreamsPerUser: 30 });
  });
});
