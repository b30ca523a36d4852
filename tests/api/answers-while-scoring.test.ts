import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MODEL } from '../../core/decisions';
import { DemoTaskPublic, ResultVersions, ScoredResult, type ViewKey } from '../../core/contract';
import { createPipeline } from '../../server/jobs/pipeline';
import type { Pipeline, ScoringContext } from '../../server/jobs/process-task';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { makeStudyFiles, studyForm } from '../fixtures/studies';
import { rescoreService } from '../../server/services/rescore.service';
import { tasksRepository } from '../../server/db/repositories/tasks.repository';
import { usersRepository } from '../../server/db/repositories/users.repository';

const ANSWERS = { race: 'white', first_degree_relatives: 2, biopsies: 1, atypical_hyperplasia: 'yes' };
const NO_ANSWERS = { race: null, first_degree_relatives: null, biopsies: null, atypical_hyperplasia: null };

type Step = 'prepare' | 'score';

/**
 * The real pipeline, whose next step of a kind waits when the test asks it to: `reached` when the
 * worker is in it (for the study step: with her answers read and given to it), `go` lets it on,
 * `fail` makes it throw as a fault on our side would.
 */
function heldPipeline() {
  const real = createPipeline();
  const holds: Partial<Record<Step, { reached: (ctx: ScoringContext | null) => void; release: Promise<'go' | 'fail'> }>> = {};
  const wait = async (step: Step, ctx: ScoringContext | null) => {
    const hold = holds[step];
    if (!hold) return;
    delete holds[step];
    hold.reached(ctx);
    if ((await hold.release) === 'fail') throw new Error('a fault on our side, in the test');
  };
  const pipeline: Pipeline = {
    prepare: async (bytes, key) => (await wait('prepare', null), real.prepare(bytes, key)),
    score: async (views, ctx) => (await wait('score', ctx), real.score(views, ctx)),
  };
  function holdNext(step: Step) {
    let release!: (how: 'go' | 'fail') => void;
    let reached!: (ctx: ScoringContext | null) => void;
    const isReached = new Promise<ScoringContext | null>((r) => (reached = r));
    holds[step] = { reached, release: new Promise((r) => (release = r)) };
    return { reached: isReached, go: () => release('go'), fail: () => release('fail') };
  }
  return { pipeline, holdNext };
}

/**
 * Her answers (or a demo profile's age) changed while her study was being analysed: the result she
 * is shown is worked out with what she answers now, never with what the worker read when it began.
 */
describe(`answers changed while a study is analysed (${dbLabel()})`, () => {
  const held = heldPipeline();
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;

  beforeAll(async () => {
    study = await makeStudyFiles({ seed: 29 });
    api = await startApi({ JOB_RETRY_LIMIT: '1', JOB_RETRY_DELAY_SECONDS: '1' }, { worker: true, pipeline: held.pipeline });
  }, 120_000);
  afterAll(async () => api?.close(), 60_000);

  const resultOf = async (token: string, id: string) => ScoredResult.parse((await api.request('GET', `/tasks/${id}`, { token })).data.result);
  const versionsOf = async (token: string, id: string) => ResultVersions.parse((await api.request('GET', `/tasks/${id}/versions`, { token })).data).data;
  const submit = async (token: string) => {
    const res = await api.request('POST', '/tasks/', { token, body: studyForm(study) });
    expect(res.status).toBe(200);
    return res.data.id as string;
  };
  const answer = async (token: string, risk_factors: Record<string, unknown>) =>
    expect((await api.request('PATCH', '/users/me', { token, json: { risk_factors } })).status).toBe(200);

  it('answers saved while the study is scored: her newest result uses them, as a new version beside the one the images gave', async () => {
    const user = await api.createUser({ submission_limit: 2 });
    // The same study scored with the new answers from the start, for comparison.
    const reference = await api.createUser({ submission_limit: 1 });
    await answer(reference.token, ANSWERS);
    const expected = ScoredResult.parse((await api.completedStudy(reference.token, study)).result);

    const hold = held.holdNext('score');
    const id = await submit(user.token);
    const ctx = await hold.reached;
    expect(ctx!.riskFactors.biopsies).toBeNull(); // the worker read her answers before she changed them
    await answer(user.token, ANSWERS);
    hold.go();
    expect((await api.waitSettled(user.token, id)).status).toBe('completed');

    const result = await resultOf(user.token, id);
    expect(result.inputs.risk_factors).toMatchObject({ first_degree_relatives: 2, biopsies: 1, atypical_hyperplasia: 'yes' });
    expect(result.revision).toMatchObject({ number: 2, reason: 'risk_factors_changed' });
    expect(result.study.risk).toEqual(expected.study.risk);
    expect(result.study[AI_MODEL]).toEqual(expected.study[AI_MODEL]);
    const kept = await versionsOf(user.token, id);
    expect(kept.map((v) => v.version)).toEqual([1]);
    expect(kept[0].result.inputs.risk_factors).toMatchObject({ biopsies: null });
    expect(kept[0].result.study.risk.score!).toBeLessThan(result.study.risk.score!);

    // The rescore her change asked for, when it comes only after the store, finds nothing to do.
    const rescore = rescoreService({ tasks: tasksRepository(api.db) });
    expect(await rescore.answersChanged((await usersRepository(api.db).findById(user.id))!)).toBeNull();
    expect((await versionsOf(user.token, id)).map((v) => v.version)).toEqual([1]);

    // Her answers taken back afterwards: the next version, as for any completed study.
    await answer(user.token, NO_ANSWERS);
    expect((await resultOf(user.token, id)).revision?.number).toBe(3);
    expect((await versionsOf(user.token, id)).map((v) => v.version)).toEqual([1, 2]);
  });

  it('two changes in quick succession: the rescore of the first, however late, never writes over the second', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const id = (await api.completedStudy(user.token, study)).id;
    await answer(user.token, ANSWERS);
    const asOfFirst = (await usersRepository(api.db).findById(user.id))!;
    await answer(user.token, NO_ANSWERS);
    // The first change's rescore, with the row it saved, arrives after the second's.
    await rescoreService({ tasks: tasksRepository(api.db) }).answersChanged(asOfFirst);
    const result = await resultOf(user.token, id);
    expect(result.inputs.risk_factors).toMatchObject({ biopsies: null, first_degree_relatives: null });
    expect(result.revision?.number).toBe(3);
  });

  it('her birthdate corrected while the study is scored: her newest result is at her age then, and says the birthdate changed', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const hold = held.holdNext('score');
    const id = await submit(user.token);
    const ctx = await hold.reached;
    expect((await api.request('PATCH', '/users/me', { token: user.token, json: { birthdate: '1960-05-17' } })).status).toBe(200);
    hold.go();
    expect((await api.waitSettled(user.token, id)).status).toBe('completed');
    const result = await resultOf(user.token, id);
    expect(result.inputs.age).toBe(ctx!.age! + 10);
    expect(result.revision).toMatchObject({ number: 2, reason: 'birthdate_changed' });
    expect((await versionsOf(user.token, id)).map((v) => v.version)).toEqual([1]);
  });

  it('answers changed and changed back while the study is scored: one result, no version', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const hold = held.holdNext('score');
    const id = await submit(user.token);
    await hold.reached;
    await answer(user.token, ANSWERS);
    await answer(user.token, NO_ANSWERS);
    hold.go();
    expect((await api.waitSettled(user.token, id)).status).toBe('completed');
    expect((await resultOf(user.token, id)).revision).toBeUndefined();
    expect(await versionsOf(user.token, id)).toEqual([]);
  });

  it('answers saved before the scores are worked out (views still being read): the study is scored with them, one version', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const hold = held.holdNext('prepare');
    const id = await submit(user.token);
    await hold.reached;
    await answer(user.token, ANSWERS);
    hold.go();
    expect((await api.waitSettled(user.token, id)).status).toBe('completed');
    const result = await resultOf(user.token, id);
    expect(result.inputs.risk_factors).toMatchObject({ biopsies: 1 });
    expect(result.revision).toBeUndefined();
    expect(await versionsOf(user.token, id)).toEqual([]);
  });

  it('answers saved while an attempt fails: the retry scores with them', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const hold = held.holdNext('score');
    const id = await submit(user.token);
    await hold.reached;
    await answer(user.token, ANSWERS);
    hold.fail();
    expect((await api.waitSettled(user.token, id)).status).toBe('completed');
    const result = await resultOf(user.token, id);
    expect(result.inputs.risk_factors).toMatchObject({ biopsies: 1 });
    expect(result.revision).toBeUndefined();
  });

  it("an administrator's own answers saved while his patient's study is scored leave it as it was", async () => {
    const hold = held.holdNext('score');
    const id = await submit(api.superToken);
    await hold.reached;
    await answer(api.superToken, ANSWERS);
    hold.go();
    expect((await api.waitSettled(api.superToken, id)).status).toBe('completed');
    const result = await resultOf(api.superToken, id);
    expect(result.revision).toBeUndefined();
    expect(result.inputs.risk_factors).toMatchObject({ biopsies: null });
    expect(await versionsOf(api.superToken, id)).toEqual([]);
    await answer(api.superToken, NO_ANSWERS);
  });

  it("a demo profile's age changed while its study is scored: the study shows the new age", async () => {
    const profile = (age: number) => JSON.stringify({ age, description: 'A fictional person for the tests.', screening_location: 'skanes' });
    const form = new FormData();
    form.set('name', 'Changed while scored');
    form.set('data', profile(50));
    form.set('ai_model', AI_MODEL);
    for (const [view, bytes] of Object.entries(study)) form.append(view, new Blob([new Uint8Array(bytes)]), `${view}.dcm`);

    const hold = held.holdNext('score');
    const created = await api.request('POST', '/demo/user', { token: api.superToken, body: form });
    expect(created.status).toBe(200);
    expect((await hold.reached)!.age).toBe(50);
    expect((await api.request('PATCH', `/demo/users/${created.data.id}`, { token: api.superToken, json: { data: profile(70) } })).status).toBe(200);
    hold.go();
    let task: DemoTaskPublic;
    for (;;) {
      task = DemoTaskPublic.parse((await api.request('GET', `/demo/tasks/${created.data.id}`)).data);
      if (task.status === 'completed' || task.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(task.status).toBe('completed');
    const result = ScoredResult.parse(task.result);
    expect(result.inputs).toMatchObject({ age: 70, age_source: 'demo_profile' });
    expect(result.revision).toBeUndefined();
  });
});
