import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { linkToken } from '../support/smtp';
import { MESSAGES } from '../../core/validation';

/** Issue 16, item 9: the most common passwords, and one equal to the e-mail, are refused with a clear message. */
describe(`password rules on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());

  const passwordIssue = (res: { status: number; data: any }) => {
    expect(res.status, JSON.stringify(res.data)).toBe(422);
    return res.data.detail.find((i: { loc: unknown[] }) => ['password', 'new_password'].includes(i.loc.at(-1) as string))?.msg;
  };

  it('refuses a common password wherever a password is set', async () => {
    const user = await api.createUser();
    const signup = { email: 'common-pw@example.org', full_name: 'Common Person', birthdate: '1970-01-01' };
    expect(passwordIssue(await api.request('POST', '/users/signup', { json: { ...signup, password: 'Password123' } }))).toBe(MESSAGES.passwordTooCommon);
    expect(passwordIssue(await api.request('POST', '/users/', { token: api.superToken, json: { email: 'c2@example.org', password: 'qwerty123' } }))).toBe(MESSAGES.passwordTooCommon);
    expect(passwordIssue(await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { password: 'iloveyou' } }))).toBe(MESSAGES.passwordTooCommon);
    const change = await api.request('PATCH', '/users/me/password', { token: user.token, json: { current_password: user.password, new_password: '12345678' } });
    expect(passwordIssue(change)).toBe(MESSAGES.passwordTooCommon);
    expect(passwordIssue(await api.request('POST', '/reset-password/', { json: { token: 'x', new_password: 'sunshine' } }))).toBe(MESSAGES.passwordTooCommon);
    // The old password still works; an uncommon one is taken.
    await api.login(user.email, user.password);
    expect((await api.request('POST', '/users/signup', { json: { ...signup, password: 'tall-orange-lamp-7' } })).status).toBe(200);
  });

  it('refuses a password equal to the e-mail', async () => {
    const email = 'same-as-pw@example.org';
    const signup = await api.request('POST', '/users/signup', { json: { email, full_name: 'Same Person', birthdate: '1970-01-01', password: email.toUpperCase() } });
    expect(passwordIssue(signup)).toBe(MESSAGES.passwordIsEmail);
    expect(passwordIssue(await api.request('POST', '/users/', { token: api.superToken, json: { email, password: email } }))).toBe(MESSAGES.passwordIsEmail);
  });

  it('refuses the own e-mail as a new password on change and on reset, and the reset link stays usable', async () => {
    const user = await api.createUser();
    const change = await api.request('PATCH', '/users/me/password', { token: user.token, json: { current_password: user.password, new_password: ` ${user.email.toUpperCase()}` } });
    expect(passwordIssue(await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { password: user.email } }))).toBe(MESSAGES.passwordIsEmail);
    expect(passwordIssue(change)).toBe(MESSAGES.passwordIsEmail);
    await api.login(user.email, user.password);

    expect((await api.request('POST', `/password-recovery/${user.email}`)).status).toBe(200);
    const token = linkToken(await api.smtp.waitFor(user.email, { subject: 'Password' }), 'reset-password');
    expect(passwordIssue(await api.request('POST', '/reset-password/', { json: { token, new_password: user.email } }))).toBe(MESSAGES.passwordIsEmail);
    expect((await api.request('POST', '/reset-password/', { json: { token, new_password: 'a-fresh-password-9' } })).status).toBe(200);
    await api.login(user.email, 'a-fresh-password-9');
  });
});
