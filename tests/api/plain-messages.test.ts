import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { MESSAGES } from '../../core/validation';
import { SERVER_MESSAGES } from '../../server/messages';

/** What a person may read from the server is written for her: no 'Invalid token', no zod jargon. */
describe(`plain server messages on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());

  const msgs = (res: { data: { detail: Array<{ msg: string }> } }) => res.data.detail.map((d) => d.msg);

  it("answers zod's own cases in plain words, and keeps the spec's texts", async () => {
    const user = await api.createUser();
    const skip = await api.request('GET', '/users/?skip=abc', { token: api.superToken });
    expect(skip.status).toBe(422);
    expect(msgs(skip)).toEqual(['Please enter a number.']);
    const limit = await api.request('GET', '/tasks/?limit=-5', { token: api.superToken });
    expect(msgs(limit)).toEqual(['Please enter 1 or more.']);
    const edit = await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { is_superuser: 'yes', status: 'nope' } });
    expect(edit.status).toBe(422);
    expect(msgs(edit)).toEqual(['Please answer yes or no.', 'Please choose one of: presubmit, processing, result_available.']);

    // The messages the schemas give themselves, the spec's among them, stay as they are.
    const missing = await api.request('PATCH', '/users/me/password', { token: user.token, json: {} });
    expect(msgs(missing)).toEqual(['Current password is required', MESSAGES.passwordRequired]);
    const email = await api.request('POST', '/users/signup', {
      json: { email: 'not-an-address', full_name: 'Anna Svensson', birthdate: '1975-03-02', password: 'correct-horse', confirm_password: 'correct-horse' },
    });
    expect(msgs(email)).toContain(MESSAGES.emailInvalid);
  });

  it('a missing or bad session says to log in, in words', async () => {
    const none = await api.request('GET', '/users/me');
    expect(none.data.detail).toBe(SERVER_MESSAGES.notSignedIn);
    const bad = await api.request('GET', '/users/me', { token: 'garbage' });
    expect(bad.data.detail).toBe(SERVER_MESSAGES.sessionEnded);
    const user = await api.createUser();
    const admin = await api.request('GET', '/users/', { token: user.token });
    expect(admin).toMatchObject({ status: 403, data: { detail: SERVER_MESSAGES.notAllowed } });
  });
});
