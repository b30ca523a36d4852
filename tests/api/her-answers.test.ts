import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { AI_MODEL } from '../../core/decisions';
import { ResultVersions, ScoredResult, VIEW_KEYS, type ViewKey } from '../../core/contract';
import { REFERENCE_MODELS } from '../../server/analysis/model-registry';
import { makeStudyFiles } from '../fixtures/studies';
import { KEPT_RESULT_VERSIONS } from '../../server/db/repositories/tasks.repository';

const ANSWERS = { race: 'white', first_degree_relatives: 2, biopsies: 1, atypical_hyperplasia: 'yes' };

describe(`her health answers rescore her latest result on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let study: Record<ViewKey, Uint8Array>;

  beforeAll(async () => {
    api = await startApi({}, { worker: true });
    study = await makeStudyFiles({ seed: 23 });
  });
  afterAll(async () => api?.close());

  const resultOf = async (token: string, id: string) => ScoredResult.parse((await api.request('GET', `/tasks/${id}`, { token })).data.result);
  const versionsOf = async (token: string, id: string) => ResultVersions.parse((await api.request('GET', `/tasks/${id}/versions`, { token })).data).data;

  it('answers changed: a new version with a different risk and combined score, the old one kept, each naming its engine', async () => {
    const user = await api.createUser({ submission_limit: 2 });
    const older = await api.completedStudy(user.token, study);
    const task = await api.completedStudy(user.token, study);
    const first = await resultOf(user.token, task.id);
    expect(first.revision).toBeUndefined();
    expect(Object.values(first.inputs.risk_factors).filter((v) => v !== null)).toEqual([4]); // only BCRAT's race code: no answers
    expect(await versionsOf(user.token, task.id)).toEqual([]);

    const patched = await api.request('PATCH', '/users/me', { token: user.token, json: { risk_factors: ANSWERS } });
    expect(patched.status).toBe(200);

    const second = await resultOf(user.token, task.id);
    expect(second.revision).toMatchObject({ number: 2, reason: 'risk_factors_changed', engine: REFERENCE_MODELS.engine });
    expect(second.engine).toEqual(first.engine);
    expect(second.study.risk.score!).toBeGreaterThan(first.study.risk.score!);
    expect(second.study.risk.model_name).toBe(REFERENCE_MODELS.risk.name);
    expect(second.study.risk.model_version).toBe(REFERENCE_MODELS.risk.version);
    expect(second.study[AI_MODEL].score).not.toBe(first.study[AI_MODEL].score);
    expect(second.study[AI_MODEL].model_version).toBe(REFERENCE_MODELS.merged.version);
    for (const view of VIEW_KEYS) expect(second[view].risk.score!).toBeGreaterThan(first[view].risk.score!);
    // What the images gave stays.
    expect(second.study.detection).toEqual(first.study.detection);
    expect(second.study.masking).toEqual(first.study.masking);
    expect(second.density).toEqual(first.density);
    expect(second.inputs.risk_factors).toMatchObject({ race: 'white', first_degree_relatives: 2, biopsies: 1, atypical_hyperplasia: 'yes' });

    const kept = await versionsOf(user.token, task.id);
    expect(kept.map((v) => v.version)).toEqual([1]);
    expect(kept[0].result).toEqual(first);

    // Her earlier study is not her latest: it stays as it was.
    expect(await resultOf(user.token, older.id)).toEqual(ScoredResult.parse(older.result));
    expect(await versionsOf(user.token, older.id)).toEqual([]);

    // Saving the same answers again makes no new version; taking them back makes version 3.
    await api.request('PATCH', '/users/me', { token: user.token, json: { risk_factors: ANSWERS } });
    expect((await versionsOf(user.token, task.id)).map((v) => v.version)).toEqual([1]);
    await api.request('PATCH', '/users/me', { token: user.token, json: { risk_factors: { race: null, first_degree_relatives: null, biopsies: null, atypical_hyperplasia: null } } });
    const third = await resultOf(user.token, task.id);
    expect(third.revision?.number).toBe(3);
    expect(third.study.risk).toEqual(first.study.risk);
    expect((await versionsOf(user.token, task.id)).map((v) => v.version)).toEqual([1, 2]);
  });

  it('answers changed back and forth without end keep the first result and the newest ones, never an unbounded list', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const task = await api.completedStudy(user.token, study);
    const first = await resultOf(user.token, task.id);
    const changes = KEPT_RESULT_VERSIONS + 5;
    for (let i = 0; i < changes; i++) {
      const res = await api.request('PATCH', '/users/me', { token: user.token, json: { risk_factors: { biopsies: i % 2 } } });
      expect(res.status).toBe(200);
    }
    const current = await resultOf(user.token, task.id);
    expect(current.revision?.number).toBe(changes + 1);
    const kept = await versionsOf(user.token, task.id);
    expect(kept).toHaveLength(KEPT_RESULT_VERSIONS);
    // The engine's own first result, then the newest: the one before the current among them.
    expect(kept[0]).toMatchObject({ version: 1, result: first });
    expect(kept.slice(1).map((v) => v.version)).toEqual(Array.from({ length: KEPT_RESULT_VERSIONS - 1 }, (_, i) => changes - KEPT_RESULT_VERSIONS + 2 + i));
    expect(kept.at(-1)!.version).toBe(changes);
  });

  it("another person's versions answer 404, and a change of name alone makes no new version", async () => {
    const a = await api.createUser({ submission_limit: 1 });
    const b = await api.createUser({ submission_limit: 1 });
    const task = await api.completedStudy(a.token, study);
    expect((await api.request('GET', `/tasks/${task.id}/versions`, { token: b.token })).status).toBe(404);
    await api.request('PATCH', '/users/me', { token: a.token, json: { full_name: 'Another Name' } });
    expect(await versionsOf(a.token, task.id)).toEqual([]);
  });

  it('her birthdate corrected, by her or by an administrator: her result is worked out again at her age then, and says why', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const task = await api.completedStudy(user.token, study);
    const first = await resultOf(user.token, task.id);
    expect(first.inputs).toMatchObject({ age_source: 'birthdate' });

    // Ten years older at the same study: a higher five-year risk, her answers as they were.
    const older = await api.request('PATCH', '/users/me', { token: user.token, json: { birthdate: '1960-05-17' } });
    expect(older.status).toBe(200);
    const second = await resultOf(user.token, task.id);
    expect(second.inputs.age).toBe(first.inputs.age! + 10);
    expect(second.inputs.risk_factors).toEqual(first.inputs.risk_factors);
    expect(second.revision).toMatchObject({ number: 2, reason: 'birthdate_changed' });
    expect(second.study.risk.score!).toBeGreaterThan(first.study.risk.score!);
    expect((await versionsOf(user.token, task.id)).map((v) => v.version)).toEqual([1]);

    // An administrator puts the first birthdate back through the users list.
    const back = await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { birthdate: '1970-05-17' } });
    expect(back.status).toBe(200);
    const third = await resultOf(user.token, task.id);
    expect(third.inputs.age).toBe(first.inputs.age);
    expect(third.revision).toMatchObject({ number: 3, reason: 'birthdate_changed' });
    expect(third.study.risk).toEqual(first.study.risk);

    // The same birthdate sent again changes nothing.
    await api.request('PATCH', '/users/me', { token: user.token, json: { birthdate: '1970-05-17' } });
    expect((await resultOf(user.token, task.id)).revision?.number).toBe(3);
  });
});
