import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewKey } from '../../core/contract';
import { createPipeline } from '../../server/jobs/pipeline';
import type { Pipeline } from '../../server/jobs/process-task';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { makeStudyFiles, studyForm } from '../fixtures/studies';

/**
 * With a head start (server/jobs/head-start.ts, on by default in the server) the worker decodes
 * each view while the rest of the upload arrives, and the study it completes is the one it would
 * have completed without: every view decoded once, the same scores.
 */
describe(`views begun while the upload arrives (${dbLabel()})`, () => {
  const real = createPipeline();
  const prepared: ViewKey[] = [];
  const pipeline: Pipeline = {
    prepare: (bytes, key) => (prepared.push(key), real.prepare(bytes, key)),
    score: (views, ctx) => real.score(views, ctx),
  };
  let withHeadStart: ApiHarness;
  let without: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;
  const log: string[] = [];

  beforeAll(async () => {
    study = await makeStudyFiles({ seed: 21 });
    withHeadStart = await startApi({}, { worker: true, headStart: true, pipeline, workerLog: (msg) => log.push(msg) });
    without = await startApi({}, { worker: true });
  }, 120_000);
  afterAll(async () => {
    await withHeadStart?.close();
    await without?.close();
  });

  it('completes the study with each view decoded once and the scores it gets without a head start', async () => {
    const user = await withHeadStart.createUser({ submission_limit: 1 });
    const res = await withHeadStart.request('POST', '/tasks/', { token: user.token, body: studyForm(study) });
    expect(res.status).toBe(200);
    const done = await withHeadStart.waitSettled(user.token, res.data.id);
    expect(done.status).toBe('completed');
    expect(log.find((l) => l.startsWith(`task ${res.data.id} completed`))).toMatch(/4 of 4 begun during the upload/);
    expect([...prepared].sort(), 'no view was decoded a second time').toEqual(['l_cc', 'l_mlo', 'r_cc', 'r_mlo']);

    const other = await without.createUser({ submission_limit: 1 });
    const plain = await without.completedStudy(other.token, study);
    expect(done.result).toEqual(plain.result);
  }, 120_000);
});
