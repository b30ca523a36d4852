/**
 * Deflated DICOM through the API (issue 16, item 2): a valid Deflated study is accepted and scored
 * like any other; an upload that would inflate to a gigabyte is refused at once with a 422 that
 * says why, without the server taking the memory or the time to inflate it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { ScoredResult, TaskPublic, VIEW_KEYS, type ViewKey } from '../../core/contract';
import { unsupportedFileMessage } from '../../core/validation';
import { deflateBomb, deflatedLargeView, toDeflated } from '../fixtures/deflated';
import { makeStudyFiles, studyForm } from '../fixtures/studies';

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;

/** The peak resident memory of this process so far, in bytes. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

describe(`Deflated uploads on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;

  beforeAll(async () => {
    api = await startApi({ JOB_RETRY_LIMIT: '1', JOB_RETRY_DELAY_SECONDS: '1' }, { worker: true });
    study = await makeStudyFiles({ seed: 17 });
  });
  afterAll(async () => api?.close());

  const submit = (token: string, files: Record<ViewKey, Uint8Array>) => api.request('POST', '/tasks/', { token, body: studyForm(files) });

  it('accepts a Deflated study and processes it to a result', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const deflated = Object.fromEntries(VIEW_KEYS.map((k) => [k, toDeflated(study[k])])) as Record<ViewKey, Uint8Array>;
    const res = await submit(user.token, deflated);
    expect(res.status).toBe(200);
    const task = TaskPublic.parse(res.data);
    const deadline = Date.now() + 90_000;
    let done = (await api.request('GET', `/tasks/${task.id}`, { token: user.token })).data;
    while (done.status !== 'completed' && done.status !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      done = (await api.request('GET', `/tasks/${task.id}`, { token: user.token })).data;
    }
    expect(done.status).toBe('completed');
    ScoredResult.parse(done.result);
  });

  it('refuses an upload that inflates to 1 GB at once, within little memory, and keeps nothing', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const bombs = { ...study, r_cc: deflateBomb(study.r_cc, GB, { keepHeader: true }), l_cc: deflateBomb(study.l_cc, GB) };
    expect(bombs.r_cc.length).toBeLessThan(2 * MB);
    const before = peakRss();
    const started = Date.now();
    const res = await submit(user.token, bombs);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(422);
    expect(res.data.detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'r_cc'], msg: 'The compressed data of this file inflates to more than its 256 x 315 image needs.', type: 'inflates_too_far' },
        expect.objectContaining({ loc: ['body', 'l_cc'], msg: unsupportedFileMessage(api.config.contactEmail) }),
      ]),
    );
    // The old sniffing inflated the whole gigabyte in memory.
    expect(peakRss() - before).toBeLessThan(100 * MB);
    expect(existsSync(path.join(api.dataDir, 'files', user.id))).toBe(false);
    expect((await api.request('GET', '/users/me', { token: user.token })).data.submission_count).toBe(0);
  });
});

describe(`DICOMweb over a large Deflated upload on ${dbLabel()}`, () => {
  // No worker: the study stays queued, and DICOMweb serves its files as uploaded.
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({});
  });
  afterAll(async () => api?.close());

  const get = async (token: string, url: string, accept = '*/*') => {
    const res = await api.app.request(url, { headers: { authorization: `Bearer ${token}`, accept } });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  it('inflates frames and renders views in one thread, one at a time, and turns a flood away with 503 without turning others away (found by a review)', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const study = await makeStudyFiles({ seed: 19 });
    // 32 MB of pixels in a few kilobytes: every frame request inflated all of it on the event loop,
    // a burst of them took that memory each and held the server for seconds.
    const [rows, columns] = [4096, 4096];
    const big = deflatedLargeView(study.r_cc, rows, columns);
    expect(big.length).toBeLessThan(MB);
    const submitted = await api.request('POST', '/tasks/', { token: user.token, body: studyForm({ ...study, r_cc: big }) });
    expect(submitted.status).toBe(200);
    const [found] = (await api.request('GET', '/dicomweb/studies', { token: user.token })).data;
    const uid = found['0020000D'].Value[0];
    const metadata = (await api.request('GET', `/dicomweb/studies/${uid}/metadata`, { token: user.token })).data as any[];
    const large = metadata.find((m) => m['00280010'].Value[0] === rows);
    expect(large['00083002'].Value[0]).toBe('1.2.840.10008.1.2.1.99');
    const frame = new URL(large['7FE00010'].BulkDataURI, 'http://localhost').pathname;
    const rendered = frame.replace(/\/frames\/1$/, '/rendered');

    const asked = Array.from({ length: 12 }, (_, i) =>
      i % 4 === 3 ? get(user.token, rendered, 'image/png') : get(user.token, frame, 'multipart/related; type="application/octet-stream"'),
    );
    // Someone else asking once her flood is being turned away is served: one person has at most
    // four jobs in the thread (the four views a viewer opens), so her burst cannot fill it for
    // everyone (found by an audit: the queue was first come, first served, and everyone else was
    // told to come back for as long as she kept it full).
    const turnedAway = asked.map((a) => a.then((r) => (r.status === 503 ? r : new Promise<never>(() => {}))));
    await Promise.race([...turnedAway, Promise.all(asked)]);
    const theirs = await get(api.superToken, frame, 'multipart/related; type="application/octet-stream"');
    expect(theirs.status).toBe(200);
    const answers = await Promise.all(asked);

    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 503);
    expect(ok.length + busy.length).toBe(12);
    // Four of hers are taken; the rest are told to come back (fewer, had one finished early).
    expect(ok.length).toBeGreaterThanOrEqual(4);
    expect(busy.length).toBeGreaterThan(0);
    for (const b of busy) {
      expect(b.headers.get('retry-after')).toBe('2');
      expect(JSON.parse(new TextDecoder().decode(b.bytes))).toEqual({ detail: 'The server is busy preparing other images. Please try again in a moment.' });
    }
    for (const a of ok) {
      if (a.headers.get('content-type')?.startsWith('image/png')) expect([...a.bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      else expect(a.bytes.length).toBeGreaterThan(rows * columns * 2);
    }
    // Asked again once the flood is over, it is served.
    expect((await get(user.token, frame, 'multipart/related; type="application/octet-stream"')).status).toBe(200);
  });
});
