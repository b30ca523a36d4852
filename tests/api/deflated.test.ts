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
import { deflateBomb, toDeflated } from '../fixtures/deflated';
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
