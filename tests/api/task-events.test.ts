/**
 * GET /tasks/{id}/events: the task pushed as Server-Sent Events as it changes, whichever process
 * changed it (the database announces each change), ending when the task is settled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskPublic, type ViewKey } from '../../core/contract';
import { openPostgres } from '../../server/db/client';
import { makeStudyFiles, studyForm } from '../fixtures/studies';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';

/** Opens the stream in-process and reads its `task` events as they come. */
async function openEvents(api: ApiHarness, token: string, id: string) {
  const res = await api.app.request(`/api/v1/tasks/${id}/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  return {
    /** The next `task` event, or null when the stream ended; fails after `withinMs`. */
    async next(withinMs: number): Promise<TaskPublic | null> {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const cut = buffer.indexOf('\n\n');
        if (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split('\n');
          if (!lines.includes('event: task')) continue;
          const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
          return TaskPublic.parse(JSON.parse(data));
        }
        if (ended) return null;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no task event within ${withinMs} ms`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (chunk === null) continue;
        if (chunk.done) ended = true;
        else buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe(`task events (${dbLabel()})`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;
  beforeAll(async () => {
    api = await startApi({}, { worker: true });
    study = await makeStudyFiles({ seed: 5 });
  });
  afterAll(async () => api?.close());

  it('pushes the task as it is processed and ends with the completed task and its result', async () => {
    const user = await api.createUser({ submission_limit: 3 });
    const res = await api.request('POST', '/tasks/', { token: user.token, body: studyForm(study) });
    expect(res.status).toBe(200);
    const events = await openEvents(api, user.token, res.data.id);
    const seen: string[] = [];
    let last: TaskPublic | null = null;
    for (;;) {
      const t = await events.next(90_000);
      if (!t) break;
      expect(t.id).toBe(res.data.id);
      seen.push(t.status);
      last = t;
    }
    expect(seen.at(-1)).toBe('completed');
    expect(last?.result && 'study' in last.result).toBe(true);
    // The pushed task is the one GET /tasks/{id} answers.
    expect((await api.request('GET', `/tasks/${res.data.id}`, { token: user.token })).data).toEqual(JSON.parse(JSON.stringify(last)));
  });

  it("answers 404 for another person's task and 401 without a token, before any stream", async () => {
    const owner = await api.createUser({ submission_limit: 3 });
    const other = await api.createUser();
    const res = await api.request('POST', '/tasks/', { token: owner.token, body: studyForm(study) });
    const theirs = await api.app.request(`/api/v1/tasks/${res.data.id}/events`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ detail: 'Task not found' });
    const anonymous = await api.app.request(`/api/v1/tasks/${res.data.id}/events`);
    expect(anonymous.status).toBe(401);
    // Not an id: the same answer as GET /tasks/{id} gives.
    const notAnId = await api.app.request('/api/v1/tasks/not-a-task/events', { headers: { authorization: `Bearer ${owner.token}` } });
    const plain = await api.request('GET', '/tasks/not-a-task', { token: owner.token });
    expect(notAnId.status).toBe(plain.status);
    expect(await notAnId.json()).toEqual(plain.data);
  });
});

describe(`task events from another connection (${dbLabel()})`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    // No worker: the test itself changes the task, as another process would.
    api = await startApi();
  });
  afterAll(async () => api?.close());

  it('pushes a change made through another database connection at once', async () => {
    const user = await api.createUser({ submission_limit: 3 });
    const res = await api.request('POST', '/tasks/', { token: user.token, body: studyForm(await makeStudyFiles({ seed: 6 })) });
    const events = await openEvents(api, user.token, res.data.id);
    expect((await events.next(10_000))?.status).toBe('queued');
    // On PostgreSQL a connection of its own, as another process has; PGlite has one process.
    const other = process.env.TEST_DB === 'postgres' ? await openPostgres((api.db.raw as { options: { connectionString: string } }).options.connectionString) : api.db;
    try {
      await other.query(`UPDATE tasks SET status = 'running', started_at = now() WHERE id = $1`, [res.data.id]);
      expect((await events.next(10_000))?.status).toBe('running');
      await other.query(`UPDATE tasks SET status = 'failed', result = $2, finished_at = now() WHERE id = $1`, [res.data.id, JSON.stringify({ error: 'test' })]);
      expect((await events.next(10_000))?.status).toBe('failed');
      expect(await events.next(10_000), 'the stream ends once the task is settled').toBeNull();
    } finally {
      if (other !== api.db) await other.close();
    }
  });

  // A stream outlives the requests around it: it must end as they are refused (found by an audit:
  // the stream went on pushing the task, its result included, after each of these).
  it('ends, pushing nothing more, once its reader logs out, is switched off or loses the superuser role', async () => {
    const ways: Array<[string, (reader: { id: string; token: string }) => Promise<unknown>, boolean]> = [
      ['logout', (r) => api.request('POST', '/login/logout', { token: r.token }), false],
      ['switched off', (r) => api.request('PATCH', `/users/${r.id}`, { token: api.superToken, json: { is_active: false } }), false],
      ['no longer a superuser', (r) => api.request('PATCH', `/users/${r.id}`, { token: api.superToken, json: { is_superuser: false } }), true],
    ];
    for (const [way, end, readsAnother] of ways) {
      const owner = await api.createUser({ submission_limit: 1 });
      const reader = readsAnother ? await api.createUser({ is_superuser: true }) : owner;
      const res = await api.request('POST', '/tasks/', { token: owner.token, body: studyForm(await makeStudyFiles({ seed: 7 })) });
      const events = await openEvents(api, reader.token, res.data.id);
      expect((await events.next(10_000))?.status, way).toBe('queued');
      await end(reader);
      await api.db.query(`UPDATE tasks SET status = 'running', started_at = now() WHERE id = $1`, [res.data.id]);
      expect(await events.next(10_000), way).toBeNull();
    }
  });
});
