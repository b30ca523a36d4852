/**
 * A run the queue gave up on: its job expired (JOB_EXPIRE_SECONDS) while it still ran, as on a
 * machine under heavy load, and the queue handed the task out again. Only the attempt handed out
 * last stores an outcome: the task completes once, and a late failure of the first run neither
 * overwrites the result nor gives the submission back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewKey } from '../../core/contract';
import { demoUsersRepository } from '../../server/db/repositories/demo-users.repository';
import { submissionsRepository, tasksRepository } from '../../server/db/repositories/tasks.repository';
import { usersRepository } from '../../server/db/repositories/users.repository';
import { createImageStore } from '../../server/storage/create';
import { createPipeline } from '../../server/jobs/pipeline';
import { processTask, type Pipeline } from '../../server/jobs/process-task';
import { makeStudyFiles, studyForm } from '../fixtures/studies';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';

/** The real pipeline, whose study step waits until the test lets it go on (or fail, as a fault on our side). */
function heldPipeline() {
  const real = createPipeline();
  let reached!: () => void;
  let release!: (how: 'go' | 'fail') => void;
  const isReached = new Promise<void>((r) => (reached = r));
  const released = new Promise<'go' | 'fail'>((r) => (release = r));
  const pipeline: Pipeline = {
    prepare: (bytes, key) => real.prepare(bytes, key),
    async score(views, ctx) {
      reached();
      if ((await released) === 'fail') throw new Error('a fault on our side, in the test');
      return real.score(views, ctx);
    },
  };
  return { pipeline, reached: isReached, go: () => release('go'), fail: () => release('fail') };
}

describe(`a run the queue handed out again while it still ran (${dbLabel()})`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;
  const logs: string[] = [];

  beforeAll(async () => {
    study = await makeStudyFiles({ seed: 31 });
    api = await startApi({});
  }, 120_000);
  afterAll(async () => api?.close(), 60_000);

  const deps = (pipeline: Pipeline) => ({
    tasks: tasksRepository(api.db),
    submissions: submissionsRepository(api.db),
    users: usersRepository(api.db),
    demoUsers: demoUsersRepository(api.db),
    files: createImageStore(api.config, api.db),
    pipeline,
    log: (line: string) => logs.push(line),
  });
  const submitted = async (token: string) => {
    const res = await api.request('POST', '/tasks/', { token, body: studyForm(study) });
    expect(res.status).toBe(200);
    return res.data.id as string;
  };
  const countOf = async (token: string) => (await api.request('GET', '/users/me', { token })).data.submission_count as number;

  it('the late run stores nothing: one completion, the later attempt’s result and images, the submission counted once', async () => {
    const user = await api.createUser({ submission_limit: 2 });
    const id = await submitted(user.token);
    const held = heldPipeline();
    const first = processTask(deps(held.pipeline), { taskId: id }, { id: 'job-1', retryCount: 0, retryLimit: 3 });
    await held.reached;
    // The first run's job expired; the queue's second delivery runs to the end.
    expect(await processTask(deps(createPipeline()), { taskId: id }, { id: 'job-1', retryCount: 1, retryLimit: 3 })).toBe('completed');
    const done = (await api.request('GET', `/tasks/${id}`, { token: user.token })).data;
    expect(done.status).toBe('completed');

    held.go();
    expect(await first).toBe('skipped');
    expect((await api.request('GET', `/tasks/${id}`, { token: user.token })).data).toEqual(done);
    expect((await api.request('GET', `/tasks/${id}/versions`, { token: user.token })).data.data).toEqual([]);
    expect(await countOf(user.token)).toBe(1);
    // The late run leaves the images in place: they are the stored result's.
    expect((await api.request('GET', `/tasks/${id}/image/r_cc`, { token: user.token })).status).toBe(200);
    expect(logs.filter((l) => l.startsWith(`task ${id} completed`))).toHaveLength(1);
    expect(logs.some((l) => l.startsWith(`task ${id} attempt 1 ended after a later attempt began`))).toBe(true);
  });

  it('a late failure of the first run leaves the completed result, and her submission stays counted', async () => {
    const user = await api.createUser({ submission_limit: 2 });
    const id = await submitted(user.token);
    const held = heldPipeline();
    // Its last try: a fault would fail the task and give the submission back.
    const first = processTask(deps(held.pipeline), { taskId: id }, { id: 'job-2', retryCount: 3, retryLimit: 3 });
    await held.reached;
    expect(await processTask(deps(createPipeline()), { taskId: id }, { id: 'job-2', retryCount: 3, retryLimit: 3 })).toBe('completed');

    held.fail();
    expect(await first).toBe('skipped');
    const task = (await api.request('GET', `/tasks/${id}`, { token: user.token })).data;
    expect(task.status).toBe('completed');
    expect(task.result.error).toBeUndefined();
    expect(await countOf(user.token)).toBe(1);
  });
});
