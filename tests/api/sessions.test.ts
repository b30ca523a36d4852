/**
 * Sessions the user controls (issue 16, item 5): logging out revokes that one token; a new
 * password (changed, reset, or set by an administrator) ends every session opened before it,
 * through the user's token version, which the cached user honours too; an e-mail change needs the
 * current password and the link mailed to the new address, and the blocked sign-up domains apply.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness';
import { linkToken } from '../support/smtp';
import { dbLabel } from '../support/test-db';
import { MESSAGES } from '../../core/validation';
import { usersRepository } from '../../server/db/repositories/users.repository';
import { SERVER_MESSAGES } from '../../server/messages';
import { TOO_MANY_EMAIL_CHANGES } from '../../server/services/throttle.service';

describe(`sessions on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());
  afterEach(() => vi.useRealTimers());

  const me = async (token: string) => (await api.request('GET', '/users/me', { token })).status;

  it('logout revokes that one token at once; the user\'s other sessions carry on', async () => {
    const user = await api.createUser();
    const laptop = await api.login(user.email, user.password);
    const phone = await api.login(user.email, user.password);
    expect(laptop).not.toBe(phone);
    // Both are in use (and so in the user cache) before one logs out.
    expect(await me(laptop)).toBe(200);
    expect(await me(phone)).toBe(200);

    const out = await api.request('POST', '/login/logout', { token: laptop });
    expect(out.status).toBe(200);
    expect(out.data).toEqual({ message: 'Logged out' });
    const refused = await api.request('GET', '/users/me', { token: laptop });
    expect(refused.status).toBe(401);
    expect(refused.data.detail).toBe(SERVER_MESSAGES.sessionEnded);
    expect((await api.request('POST', '/login/test-token', { token: laptop })).status).toBe(401);
    expect((await api.request('POST', '/login/logout', { token: laptop })).status).toBe(401);
    expect(await me(phone)).toBe(200);
    expect(await me(user.token)).toBe(200);

    // Only a hash of the token is kept, with the token's own expiry.
    const rows = await api.db.query<{ token_hash: string; user_id: string }>('SELECT token_hash, user_id FROM revoked_access_tokens WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toBe(laptop);
  });

  it('logout needs a valid token', async () => {
    expect((await api.request('POST', '/login/logout')).status).toBe(401);
    expect((await api.request('POST', '/login/logout', { token: 'garbage' })).status).toBe(401);
  });

  it('a password change ends every other session; this one goes on with the token of the answer', async () => {
    const user = await api.createUser();
    const other = await api.login(user.email, user.password);
    expect(await me(other)).toBe(200);
    expect(await me(user.token)).toBe(200);

    const res = await api.request('PATCH', '/users/me/password', { token: user.token, json: { current_password: user.password, new_password: 'new-password-1' } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ message: 'Password updated successfully', token_type: 'bearer' });
    expect(typeof res.data.access_token).toBe('string');

    expect(await me(other)).toBe(401);
    expect(await me(user.token)).toBe(401);
    expect(await me(res.data.access_token)).toBe(200);
    expect(await me(await api.login(user.email, 'new-password-1'))).toBe(200);
  });

  it('a refused password change ends nothing', async () => {
    const user = await api.createUser();
    const wrong = await api.request('PATCH', '/users/me/password', { token: user.token, json: { current_password: 'not-it-at-all', new_password: 'new-password-1' } });
    expect(wrong.status).toBe(400);
    expect(await me(user.token)).toBe(200);
  });

  it('a password reset ends every session', async () => {
    const user = await api.createUser();
    expect(await me(user.token)).toBe(200);
    expect((await api.request('POST', `/password-recovery/${user.email}`)).status).toBe(200);
    const token = linkToken(await api.smtp.waitFor(user.email, { subject: 'Password recovery' }), 'reset-password');
    expect((await api.request('POST', '/reset-password/', { json: { token, new_password: 'brand-new-pass' } })).status).toBe(200);
    expect(await me(user.token)).toBe(401);
    expect(await me(await api.login(user.email, 'brand-new-pass'))).toBe(200);
  });

  it('a password set by an administrator ends the user\'s sessions; other edits end none', async () => {
    const user = await api.createUser();
    expect(await me(user.token)).toBe(200);
    await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { full_name: 'Renamed Person' } });
    expect(await me(user.token)).toBe(200);
    await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { password: 'set-by-admin-1' } });
    expect(await me(user.token)).toBe(401);
    expect(await me(api.superToken)).toBe(200);
  });

  it('the cached user honours a token version moved on by another process at once', async () => {
    const user = await api.createUser();
    expect(await me(user.token)).toBe(200);
    // Another API process (sharing the database) set a new password; the token's version is read
    // fresh on every request (issue 21, item 2), so the cached row does not keep it open.
    await api.db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [user.id]);
    expect(await me(user.token)).toBe(401);
  });

  it('a token whose version does not match is refused even when the user is cached', async () => {
    const user = await api.createUser();
    expect(await me(user.token)).toBe(200);
    const next = await api.services.auth.issue({ ...(await usersRepository(api.db).findById(user.id))!, token_version: 7 });
    expect(await me(next)).toBe(401);
    expect(await me(user.token)).toBe(200);
  });
});

describe(`e-mail change on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    // The production limit on links to one address (the harness lifts it for other tests).
    api = await startApi({ RECOVERIES_PER_ADDRESS_PER_HOUR: '5' });
  });
  afterAll(async () => api?.close());

  const newAddress = () => `moved-${Math.random().toString(36).slice(2, 10)}@example.org`;

  it('needs the current password, and the account moves only when the link mailed to the new address is opened', async () => {
    const user = await api.createUser();
    const to = newAddress();
    const none = await api.request('PATCH', '/users/me', { token: user.token, json: { email: to } });
    expect(none.status).toBe(400);
    expect(none.data.detail).toMatch(/current password/);
    const wrong = await api.request('PATCH', '/users/me', { token: user.token, json: { email: to, current_password: 'not-it-at-all' } });
    expect(wrong.status).toBe(400);
    expect(wrong.data.detail).toBe(SERVER_MESSAGES.wrongCurrentPassword);

    const asked = await api.request('PATCH', '/users/me', { token: user.token, json: { email: to, full_name: 'Moved Person', current_password: user.password } });
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ email: user.email, full_name: 'Moved Person' });
    expect((await api.request('GET', '/users/me', { token: user.token })).data.email).toBe(user.email);

    const mail = await api.smtp.waitFor(to, { subject: 'Confirm your new e-mail address' });
    const token = linkToken(mail, 'verify-email');
    expect((await api.request('POST', `/users/verify_email/${token}`)).status).toBe(200);
    expect((await api.request('GET', '/users/me', { token: user.token })).data.email).toBe(to);
    expect((await api.request('POST', `/users/verify_email/${token}`)).status).toBe(400);
    // The old address hears of the change, with what to do if its owner did not make it.
    const notice = await api.smtp.waitFor(user.email, { subject: 'Your e-mail address was changed' });
    expect(notice.text).toContain(`from ${user.email} to ${to}`);
    expect(notice.text).toContain('If you did not, someone who knows your password has taken over the account: please write to us at contact@app.test');
    expect(notice.html).toContain('mailto:contact@app.test');
    await api.login(to, user.password);
    const old = await api.request('POST', '/login/access-token', { form: { username: user.email, password: user.password } });
    expect(old.status).toBe(400);
  });

  it('refuses the blocked sign-up domains and a taken address, and the same address needs nothing', async () => {
    const user = await api.createUser();
    const other = await api.createUser();
    for (const email of ['someone@outlook.com', 'someone@HOTMAIL.se']) {
      const res = await api.request('PATCH', '/users/me', { token: user.token, json: { email, current_password: user.password } });
      expect(res.status).toBe(400);
      expect(res.data.detail).toBe(MESSAGES.emailBlocked);
    }
    const taken = await api.request('PATCH', '/users/me', { token: user.token, json: { email: other.email, current_password: user.password } });
    expect(taken.status).toBe(409);
    const same = await api.request('PATCH', '/users/me', { token: user.token, json: { email: user.email.toUpperCase(), full_name: 'Same Address' } });
    expect(same.status).toBe(200);
    expect(same.data).toMatchObject({ email: user.email, full_name: 'Same Address' });
  });

  // Someone who knew her password asked to move the account to an address of theirs; she took it
  // back with a new password. The link in their mailbox must not hand the account over afterwards.
  it('a new password, changed or reset, voids a pending e-mail change and earlier reset links', async () => {
    for (const takeBack of ['change', 'reset'] as const) {
      const user = await api.createUser();
      const attacker = newAddress();
      await api.request('PATCH', '/users/me', { token: user.token, json: { email: attacker, current_password: user.password } });
      const stolen = linkToken(await api.smtp.waitFor(attacker, { subject: 'Confirm your new e-mail address' }), 'verify-email');
      expect((await api.request('POST', `/password-recovery/${user.email}`)).status).toBe(200);
      const olderReset = linkToken(await api.smtp.waitFor(user.email, { subject: 'Password recovery' }), 'reset-password');
      if (takeBack === 'change') {
        const changed = await api.request('PATCH', '/users/me/password', { token: user.token, json: { current_password: user.password, new_password: 'taken-back-123' } });
        expect(changed.status).toBe(200);
        // A reset link mailed before the change does not set another password after it.
        const late = await api.request('POST', '/reset-password/', { json: { token: olderReset, new_password: 'late-reset-123' } });
        expect(late.status).toBe(400);
      } else {
        const reset = await api.request('POST', '/reset-password/', { json: { token: olderReset, new_password: 'taken-back-123' } });
        expect(reset.status).toBe(200);
      }
      const moved = await api.request('POST', `/users/verify_email/${stolen}`);
      expect(moved.status).toBe(400);
      const owner = await api.login(user.email, 'taken-back-123');
      expect((await api.request('GET', '/users/me', { token: owner })).data.email).toBe(user.email);
    }
  });

  it('a new address voids the reset link mailed to the old one; an edit that keeps the address voids nothing', async () => {
    const user = await api.createUser();
    const resetLink = async () => {
      const after = api.smtp.mails.length;
      await api.request('POST', `/password-recovery/${user.email}`);
      return linkToken(await api.smtp.waitFor(user.email, { subject: 'Password recovery', after }), 'reset-password');
    };
    const kept = await resetLink();
    // The administrator's form sends every field, the unchanged address too.
    const edit = await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { email: user.email, full_name: 'Kept Address' } });
    expect(edit.status).toBe(200);
    expect((await api.request('POST', '/reset-password/', { json: { token: kept, new_password: 'still-valid-123' } })).status).toBe(200);

    const stale = await resetLink();
    const to = newAddress();
    expect((await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { email: to } })).status).toBe(200);
    const late = await api.request('POST', '/reset-password/', { json: { token: stale, new_password: 'old-address-123' } });
    expect(late.status).toBe(400);
    await api.login(to, 'still-valid-123');
  });

  it('switching an account off ends its sessions for good: switching it on again does not bring them back', async () => {
    const user = await api.createUser();
    expect((await api.request('GET', '/users/me', { token: user.token })).status).toBe(200);
    expect((await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { is_active: false } })).status).toBe(200);
    expect((await api.request('GET', '/users/me', { token: user.token })).status).toBe(401);
    expect((await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { is_active: true } })).status).toBe(200);
    expect((await api.request('GET', '/users/me', { token: user.token })).status).toBe(401);
    const again = await api.login(user.email, user.password);
    expect((await api.request('GET', '/users/me', { token: again })).status).toBe(200);
  });

  it('one address gets at most five change links an hour, whoever asks: the server floods no stranger\'s mailbox', async () => {
    const stranger = newAddress();
    const [first, second] = [await api.createUser(), await api.createUser()];
    const ask = (u: typeof first) => api.request('PATCH', '/users/me', { token: u.token, json: { email: stranger, full_name: 'Visit my site', current_password: u.password } });
    for (let i = 0; i < 3; i++) expect((await ask(first)).status).toBe(200);
    expect((await ask(second)).status).toBe(200);
    expect((await ask(second)).status).toBe(200);
    const refused = await ask(second);
    expect(refused.status).toBe(429);
    expect(refused.data.detail).toBe(TOO_MANY_EMAIL_CHANGES);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    await api.smtp.waitFor(stranger);
    expect(api.smtp.mails.filter((m) => m.to === stranger)).toHaveLength(5);
    // Her name and other answers still save without a new address.
    expect((await api.request('PATCH', '/users/me', { token: second.token, json: { full_name: 'Second Person' } })).status).toBe(200);
  });

  it('a link for an address another account took in the meantime changes nothing', async () => {
    const user = await api.createUser();
    const to = newAddress();
    await api.request('PATCH', '/users/me', { token: user.token, json: { email: to, current_password: user.password } });
    const token = linkToken(await api.smtp.waitFor(to), 'verify-email');
    await api.request('POST', '/users/', { token: api.superToken, json: { email: to, password: 'password-123' } });
    expect((await api.request('POST', `/users/verify_email/${token}`)).status).toBe(409);
    expect((await api.request('GET', '/users/me', { token: user.token })).data.email).toBe(user.email);
    expect(api.smtp.mails.some((m) => m.to === user.email && m.subject.includes('was changed'))).toBe(false);
  });
});
