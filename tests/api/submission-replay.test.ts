import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { AI_MODEL } from '../../core/decisions';
import type { ViewKey } from '../../core/contract';
import { makeStudyFiles } from '../fixtures/studies';

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

/** Issue 16, item 9: the replay of a submission whose first request is still running gets its task. */
describe(`submission replays in flight on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;
  beforeAll(async () => {
    api = await startApi();
    study = await makeStudyFiles({ seed: 7 });
  });
  afterAll(async () => api?.close());

  async function multipart() {
    const form = new FormData();
    form.set('ai_model', AI_MODEL);
    for (const [field, bytes] of Object.entries(study)) form.append(field, new Blob([new Uint8Array(bytes)]), `${field}.dcm`);
    const req = new Request('http://x/', { method: 'POST', body: form });
    return { type: req.headers.get('content-type')!, bytes: new Uint8Array(await req.arrayBuffer()) };
  }

  it('answers both requests of one Idempotency-Key with the same task when the last submission is taken while one still uploads', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const { type, bytes } = await multipart();
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': type, 'idempotency-key': 'replay-in-flight-1' };

    // The first request is past its checks and uploading when its replay arrives and completes.
    const held = heldBody(bytes);
    const first = api.app.request('/api/v1/tasks/', { method: 'POST', headers, body: held.stream, duplex: 'half' } as RequestInit);
    await held.started;
    const replay = await api.app.request('/api/v1/tasks/', { method: 'POST', headers, body: bytes });
    const replayBody = await replay.json();
    expect(replay.status, JSON.stringify(replayBody)).toBe(200);

    held.release();
    const firstRes = await first;
    const firstBody = await firstRes.json();
    expect(firstRes.status, JSON.stringify(firstBody)).toBe(200);
    expect(firstBody.id).toBe(replayBody.id);

    const me = await api.request('GET', '/users/me', { token: user.token });
    expect(me.data.submission_count).toBe(1);
    expect((await api.request('GET', '/tasks/', { token: user.token })).data.count).toBe(1);

    // A new submission (another key) still meets the limit.
    const other = await api.app.request('/api/v1/tasks/', { method: 'POST', headers: { ...headers, 'idempotency-key': 'replay-in-flight-2' }, body: bytes });
    expect(other.status).toBe(403);
  });
});
