import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, SUPERUSER, type ApiHarness } from '../support/api-harness';
import { linkToken } from '../support/smtp';
import { dbLabel } from '../support/test-db';
import { MESSAGES } from '../../core/validation';
import { NOT_VERIFIED } from '../../server/services/auth.service';
import { SERVER_MESSAGES } from '../../server/messages';

describe(`accounts on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());

  const signup = (email: string, extra: Record<string, unknown> = {}) =>
    api.request('POST', '/users/signup', {
      json: { email, full_name: 'Anna Svensson', birthdate: '1975-03-02', password: 'correct-horse', confirm_password: 'correct-horse', ...extra },
    });

  it('signs up, mails a verification link, refuses login until verified, then logs in', async () => {
    const email = 'anna.signup@example.org';
    const res = await signup(email);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ email, full_name: 'Anna Svensson', birthdate: '1975-03-02', is_superuser: false, submission_count: 0, submission_limit: 0, status: 'presubmit' });
    expect(res.data).not.toHaveProperty('hashed_password');

    const before = await api.request('POST', '/login/access-token', { form: { username: email, password: 'correct-horse' } });
    expect(before.status).toBe(400);
    expect(before.data.detail).toBe(NOT_VERIFIED);

    const mail = await api.smtp.waitFor(email, { subject: 'Verify' });
    expect(mail.html).toContain('http://app.test/verify-email?token=');
    const token = linkToken(mail, 'verify-email');
    expect((await api.request('POST', `/users/verify_email/${token}`)).status).toBe(200);
    // Single use: the same link a second time is refused.
    const again = await api.request('POST', `/users/verify_email/${token}`);
    expect(again.status).toBe(400);
    expect(again.data.detail).toMatch(/invalid or has already been used/);

    const access = await api.login(email, 'correct-horse');
    const me = await api.request('GET', '/users/me', { token: access });
    expect(me.status).toBe(200);
    expect(me.data.email).toBe(email);
  });

  it('stores verification tokens only as hashes', async () => {
    const email = 'hash.check@example.org';
    await signup(email);
    const token = linkToken(await api.smtp.waitFor(email), 'verify-email');
    const rows = await api.db.query<{ token_hash: string }>('SELECT token_hash FROM auth_tokens');
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('rejects blocked domains with the spec message, case-insensitively', async () => {
    for (const email of ['someone@outlook.com', 'someone@HOTMAIL.com', 'x@outlook.se', 'y@hotmail.se']) {
      const res = await signup(email);
      expect(res.status).toBe(400);
      expect(res.data.detail).toBe(MESSAGES.emailBlocked);
    }
  });

  it('gives every sign-up validation message per field', async () => {
    const res = await api.request('POST', '/users/signup', { json: { email: 'not-an-email', full_name: 'Al', password: 'short' } });
    expect(res.status).toBe(422);
    const byField = Object.fromEntries(res.data.detail.map((d: any) => [d.loc.at(-1), d.msg]));
    expect(byField).toEqual({
      email: MESSAGES.emailInvalid,
      full_name: MESSAGES.fullNameTooShort,
      birthdate: MESSAGES.birthdateRequired,
      password: MESSAGES.passwordTooShort,
    });
    const missing = await api.request('POST', '/users/signup', { json: {} });
    const msgs = missing.data.detail.map((d: any) => d.msg);
    expect(msgs).toEqual(expect.arrayContaining([MESSAGES.emailRequired, MESSAGES.fullNameRequired, MESSAGES.birthdateRequired, MESSAGES.passwordRequired]));
    const future = await signup('future@example.org', { birthdate: '2999-01-01' });
    expect(future.data.detail[0].msg).toBe(MESSAGES.birthdateInvalid);
    const unreal = await signup('unreal@example.org', { birthdate: '1980-02-30' });
    expect(unreal.data.detail[0].msg).toBe(MESSAGES.birthdateInvalid);
    const long = await signup('long@example.org', { full_name: 'x'.repeat(31) });
    expect(long.data.detail[0].msg).toBe(MESSAGES.fullNameTooLong);
    const differ = await signup('differ@example.org', { confirm_password: 'something-else' });
    expect(differ.data.detail[0].msg).toBe(MESSAGES.passwordsDiffer);
  });

  it('refuses a second sign-up with the same address', async () => {
    await signup('twice@example.org');
    const res = await signup('TWICE@example.org');
    expect(res.status).toBe(400);
    expect(res.data.detail).toBe('The user with this email already exists in the system');
  });

  it("sends no mail for a name that would write its own lines or reverse text in it, and keeps a name's markup as text", async () => {
    const before = api.smtp.mails.length;
    for (const full_name of ['Anna\r\nReset: evil.example', 'Anna \u202Elmth.live']) {
      const res = await signup('crafted.name@example.org', { full_name });
      expect(res.status).toBe(422);
      expect(res.data.detail[0].msg).toBe(MESSAGES.fullNameControl);
    }
    expect(api.smtp.mails.slice(before).filter((m) => m.to === 'crafted.name@example.org')).toHaveLength(0);
    expect((await signup('markup.name@example.org', { full_name: '<a href="//evil.example">x</a>' })).status).toBe(200);
    const mail = await api.smtp.waitFor('markup.name@example.org', { subject: 'Verify' });
    expect(mail.html).not.toContain('<a href="//evil.example">');
    expect(mail.html).toContain('&lt;a href=&quot;//evil.example&quot;&gt;x&lt;/a&gt;');
  });

  it('does not move a switched-off account to the address its pending change link names', async () => {
    const user = await api.createUser();
    const to = 'taken-over@example.org';
    expect((await api.request('PATCH', '/users/me', { token: user.token, json: { email: to, current_password: user.password } })).status).toBe(200);
    const token = linkToken(await api.smtp.waitFor(to, { subject: 'Confirm' }), 'verify-email');
    // The administrator switches the account off (she suspects it was taken over) before the link is opened.
    expect((await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { is_active: false } })).status).toBe(200);
    const before = api.smtp.mails.length;
    const res = await api.request('POST', `/users/verify_email/${token}`);
    expect(res.status).toBe(400);
    expect(res.data.detail).toBe(SERVER_MESSAGES.accountSwitchedOff);
    expect((await api.request('GET', `/users/${user.id}`, { token: api.superToken })).data.email).toBe(user.email);
    expect(api.smtp.mails.slice(before).filter((m) => m.to === user.email)).toHaveLength(0);
  });

  it('gives the login form messages and a clear wrong-password answer', async () => {
    const empty = await api.request('POST', '/login/access-token', { form: { username: '', password: '' } });
    expect(empty.status).toBe(422);
    expect(empty.data.detail.map((d: any) => d.msg)).toEqual([MESSAGES.usernameRequired, MESSAGES.passwordRequired]);
    const wrong = await api.request('POST', '/login/access-token', { form: { username: SUPERUSER.email, password: 'nope-nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.data.detail).toBe('Incorrect email or password');
    const unknown = await api.request('POST', '/login/access-token', { form: { username: 'ghost@example.org', password: 'nope-nope' } });
    expect(unknown.data.detail).toBe('Incorrect email or password');
  });

  it('refuses inactive users', async () => {
    const user = await api.createUser();
    await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { is_active: false } });
    const res = await api.request('POST', '/login/access-token', { form: { username: user.email, password: user.password } });
    expect(res.data.detail).toBe(SERVER_MESSAGES.accountSwitchedOff);
    // A token of a deactivated account no longer authenticates: 401, so the client ends the session.
    const me = await api.request('GET', '/users/me', { token: user.token });
    expect(me.status).toBe(401);
    expect(me.data.detail).toBe(SERVER_MESSAGES.accountSwitchedOff);
  });

  it('test-token returns the user; bad, forged and missing tokens get 401', async () => {
    const user = await api.createUser();
    const ok = await api.request('POST', '/login/test-token', { token: user.token });
    expect(ok.status).toBe(200);
    expect(ok.data.id).toBe(user.id);
    for (const token of ['garbage', user.token.slice(0, -3) + 'abc']) {
      const res = await api.request('POST', '/login/test-token', { token });
      expect(res.status).toBe(401);
      expect(res.data.detail).toBe(SERVER_MESSAGES.sessionEnded);
    }
    const none = await api.request('GET', '/users/me');
    expect(none.status).toBe(401);
    expect(none.data.detail).toBe(SERVER_MESSAGES.notSignedIn);
  });

  it('recovers a password: mail, reset, old password refused, link single-use', async () => {
    const user = await api.createUser();
    const res = await api.request('POST', `/password-recovery/${user.email}`);
    expect(res.status).toBe(200);
    const mail = await api.smtp.waitFor(user.email, { subject: 'Password recovery' });
    const token = linkToken(mail, 'reset-password');
    const weak = await api.request('POST', '/reset-password/', { json: { token, new_password: 'short' } });
    expect(weak.status).toBe(422);
    expect(weak.data.detail[0].msg).toBe(MESSAGES.passwordTooShort);
    expect((await api.request('POST', '/reset-password/', { json: { token, new_password: 'brand-new-pass' } })).status).toBe(200);
    const old = await api.request('POST', '/login/access-token', { form: { username: user.email, password: user.password } });
    expect(old.status).toBe(400);
    await api.login(user.email, 'brand-new-pass');
    const reuse = await api.request('POST', '/reset-password/', { json: { token, new_password: 'another-pass-1' } });
    expect(reuse.status).toBe(400);
    expect(reuse.data.detail).toBe(SERVER_MESSAGES.resetLinkNotValid);
  });

  it('answers recovery for an unknown address exactly as for a known one, and sends nothing', async () => {
    const mailsBefore = api.smtp.mails.length;
    const known = await api.createUser();
    const a = await api.request('POST', `/password-recovery/${known.email}`);
    const b = await api.request('POST', '/password-recovery/nobody-here@example.org');
    expect(b.status).toBe(a.status);
    expect(b.data).toEqual(a.data);
    await api.smtp.waitFor(known.email, { after: mailsBefore });
    expect(api.smtp.mails.some((m) => m.to === 'nobody-here@example.org')).toBe(false);
  });

  it('shows the recovery mail HTML to superusers only', async () => {
    const user = await api.createUser();
    const html = await api.request('POST', `/password-recovery-html-content/${user.email}`, { token: api.superToken });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(String(html.data)).toContain('/reset-password?token=');
    expect((await api.request('POST', `/password-recovery-html-content/${user.email}`, { token: user.token })).status).toBe(403);
    expect((await api.request('POST', `/password-recovery-html-content/${user.email}`)).status).toBe(401);
  });
});

describe(`expiring links and slowed recovery on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({ EMAIL_RESET_TOKEN_EXPIRE_HOURS: '0', EMAIL_VERIFY_TOKEN_EXPIRE_HOURS: '0', RECOVERIES_PER_ADDRESS_PER_HOUR: '2' });
  });
  afterAll(async () => api?.close());

  it('rejects an expired reset link and an expired verification link', async () => {
    const user = await api.createUser();
    await api.request('POST', `/password-recovery/${user.email}`);
    const token = linkToken(await api.smtp.waitFor(user.email), 'reset-password');
    const res = await api.request('POST', '/reset-password/', { json: { token, new_password: 'brand-new-pass' } });
    expect(res.status).toBe(400);
    expect(res.data.detail).toMatch(/expired/);

    await api.request('POST', '/users/signup', { json: { email: 'late@example.org', full_name: 'Late Person', birthdate: '1970-01-01', password: 'password-ok' } });
    const vtoken = linkToken(await api.smtp.waitFor('late@example.org'), 'verify-email');
    const v = await api.request('POST', `/users/verify_email/${vtoken}`);
    expect(v.status).toBe(400);
    expect(v.data.detail).toMatch(/expired/);
  });

  it('mails one address at most twice an hour, and still answers the same: nobody can lock its owner out', async () => {
    const flooded = await api.createUser();
    const before = api.smtp.mails.length;
    for (let i = 0; i < 4; i++) {
      const res = await api.request('POST', `/password-recovery/${flooded.email}`);
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ message: 'Password recovery email sent' });
    }
    // A later mail to someone else has arrived, so any third mail to the flooded address would have too.
    const other = await api.createUser();
    await api.request('POST', `/password-recovery/${other.email}`);
    await api.smtp.waitFor(other.email, { subject: 'Password recovery', after: before });
    expect(api.smtp.mails.slice(before).filter((m) => m.to === flooded.email)).toHaveLength(2);
  });
});
