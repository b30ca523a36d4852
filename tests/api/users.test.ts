import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startApi, SUPERUSER, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { MESSAGES } from '../../core/validation';
import { SERVER_MESSAGES } from '../../server/messages';

describe(`users on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({ DEFAULT_SUBMISSION_LIMIT: '0' });
  });
  afterAll(async () => api?.close());

  describe('permission matrix', () => {
    // Every users endpoint against anonymous, user, test user and superuser. `other` is another
    // user's account: only a superuser may read or change it.
    type Role = 'anonymous' | 'user' | 'test user' | 'superuser';
    const roles: Role[] = ['anonymous', 'user', 'test user', 'superuser'];
    const tokenFor = async (role: Role) =>
      role === 'anonymous' ? undefined : role === 'superuser' ? api.superToken : (await api.createUser({ is_test_user: role === 'test user' })).token;

    const cases: Array<{ name: string; call: (token: string | undefined, otherId: string) => ReturnType<ApiHarness['request']>; expect: Record<Role, number> }> = [
      { name: 'GET /users/', call: (t) => api.request('GET', '/users/', { token: t }), expect: { anonymous: 401, user: 403, 'test user': 403, superuser: 200 } },
      {
        name: 'POST /users/',
        call: (t) => api.request('POST', '/users/', { token: t, json: { email: `new-${Math.random().toString(36).slice(2)}@example.org`, password: 'password-1' } }),
        expect: { anonymous: 401, user: 403, 'test user': 403, superuser: 200 },
      },
      { name: 'GET /users/{other}', call: (t, o) => api.request('GET', `/users/${o}`, { token: t }), expect: { anonymous: 401, user: 403, 'test user': 403, superuser: 200 } },
      {
        name: 'PATCH /users/{other}',
        call: (t, o) => api.request('PATCH', `/users/${o}`, { token: t, json: { full_name: 'Changed Name' } }),
        expect: { anonymous: 401, user: 403, 'test user': 403, superuser: 200 },
      },
      { name: 'GET /users/me', call: (t) => api.request('GET', '/users/me', { token: t }), expect: { anonymous: 401, user: 200, 'test user': 200, superuser: 200 } },
      {
        name: 'PATCH /users/me',
        call: (t) => api.request('PATCH', '/users/me', { token: t, json: { full_name: 'Same Person' } }),
        expect: { anonymous: 401, user: 200, 'test user': 200, superuser: 200 },
      },
      {
        name: 'POST /password-recovery-html-content/{email}',
        call: (t) => api.request('POST', `/password-recovery-html-content/${SUPERUSER.email}`, { token: t }),
        expect: { anonymous: 401, user: 403, 'test user': 403, superuser: 200 },
      },
    ];

    for (const c of cases) {
      it(c.name, async () => {
        for (const role of roles) {
          const other = await api.createUser();
          const res = await c.call(await tokenFor(role), other.id);
          expect({ role, status: res.status }).toEqual({ role, status: c.expect[role] });
        }
      });
    }

    it('DELETE /users/{other}: only a superuser, and the account is gone', async () => {
      for (const role of ['anonymous', 'user', 'test user'] as Role[]) {
        const other = await api.createUser();
        expect((await api.request('DELETE', `/users/${other.id}`, { token: await tokenFor(role) })).status).toBe(role === 'anonymous' ? 401 : 403);
        expect((await api.request('GET', `/users/${other.id}`, { token: api.superToken })).status).toBe(200);
      }
      const victim = await api.createUser();
      expect((await api.request('DELETE', `/users/${victim.id}`, { token: api.superToken })).status).toBe(200);
      expect((await api.request('GET', `/users/${victim.id}`, { token: api.superToken })).status).toBe(404);
      expect((await api.request('GET', '/users/me', { token: victim.token })).status).toBe(401);
    });

    it('a user reads their own account by id', async () => {
      const user = await api.createUser();
      const res = await api.request('GET', `/users/${user.id}`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.data.email).toBe(user.email);
    });
  });

  it('lists users with a total count, paged by skip and limit', async () => {
    for (let i = 0; i < 3; i++) await api.createUser();
    const all = await api.request('GET', '/users/?skip=0&limit=1000', { token: api.superToken });
    const page = await api.request('GET', '/users/?skip=1&limit=2', { token: api.superToken });
    expect(page.data.count).toBe(all.data.count);
    expect(page.data.data.map((u: any) => u.id)).toEqual(all.data.data.slice(1, 3).map((u: any) => u.id));
    const bad = await api.request('GET', '/users/?skip=-1', { token: api.superToken });
    expect(bad.status).toBe(422);
  });

  it('creates users with the admin fields and the spec messages', async () => {
    const res = await api.request('POST', '/users/', {
      token: api.superToken,
      json: { email: 'Tester@Example.org', password: 'password-1', full_name: 'Tess Tester', is_test_user: true, submission_limit: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ email: 'tester@example.org', is_test_user: true, is_superuser: false, is_active: true, submission_limit: 3 });
    const dup = await api.request('POST', '/users/', { token: api.superToken, json: { email: 'tester@example.org', password: 'password-1' } });
    expect(dup.status).toBe(409);
    const bad = await api.request('POST', '/users/', { token: api.superToken, json: { email: '', password: '', submission_limit: -1 } });
    expect(bad.status).toBe(422);
    expect(bad.data.detail.map((d: any) => d.msg)).toEqual(expect.arrayContaining([MESSAGES.emailRequired, MESSAGES.passwordRequired, MESSAGES.submissionLimitMin]));
  });

  it('new sign-ups get the configured default submission limit', async () => {
    const res = await api.request('POST', '/users/signup', { json: { email: 'limit@example.org', full_name: 'Lim Person', birthdate: '1980-01-01', password: 'password-1' } });
    expect(res.data.submission_limit).toBe(0);
  });

  it('edits a user: a blank password leaves it unchanged, a new one replaces it', async () => {
    const user = await api.createUser();
    const blank = await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { password: '', submission_limit: 2, status: 'processing' } });
    expect(blank.status).toBe(200);
    expect(blank.data).toMatchObject({ submission_limit: 2, status: 'processing' });
    await api.login(user.email, user.password);
    await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { password: 'a-new-password' } });
    await api.login(user.email, 'a-new-password');
    const taken = await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { email: SUPERUSER.email } });
    expect(taken.status).toBe(409);
    const missing = await api.request('PATCH', '/users/00000000-0000-4000-8000-000000000000', { token: api.superToken, json: { full_name: 'Nobody' } });
    expect(missing.status).toBe(404);
    const notUuid = await api.request('GET', '/users/not-a-uuid', { token: api.superToken });
    expect(notUuid.status).toBe(422);
  });

  it('a superuser cannot delete, demote or deactivate itself', async () => {
    const me = await api.request('GET', '/users/me', { token: api.superToken });
    const del = await api.request('DELETE', `/users/${me.data.id}`, { token: api.superToken });
    expect(del.status).toBe(403);
    expect(del.data.detail).toBe('Super users are not allowed to delete themselves');
    expect((await api.request('DELETE', '/users/me', { token: api.superToken })).status).toBe(403);
    expect((await api.request('PATCH', `/users/${me.data.id}`, { token: api.superToken, json: { is_superuser: false } })).status).toBe(403);
    expect((await api.request('PATCH', `/users/${me.data.id}`, { token: api.superToken, json: { is_active: false } })).status).toBe(403);
    expect((await api.request('GET', '/users/me', { token: api.superToken })).data.is_superuser).toBe(true);
  });

  it("a superuser changes her own address and password in her settings, never through the admin list's edit", async () => {
    const admin = await api.createUser({ is_superuser: true });
    // An open admin session must not become a takeover: no current password, no link (found by an audit).
    for (const json of [{ email: 'taken-over@example.net' }, { password: 'taken-over-123' }, { full_name: 'Same Admin', email: admin.email.toUpperCase(), password: 'taken-over-123' }]) {
      const res = await api.request('PATCH', `/users/${admin.id}`, { token: admin.token, json });
      expect(res.status, JSON.stringify(json)).toBe(403);
      expect(res.data.detail).toBe('Change your own e-mail address and password in User settings, where your current password is asked for.');
    }
    await api.login(admin.email, admin.password);
    // Her own row otherwise, the same address included, and other admins' edits of her, still work.
    expect((await api.request('PATCH', `/users/${admin.id}`, { token: admin.token, json: { full_name: 'Renamed Admin', email: admin.email } })).status).toBe(200);
    expect((await api.request('PATCH', `/users/${admin.id}`, { token: api.superToken, json: { password: 'set-by-other-123' } })).status).toBe(200);
  });

  it('updates the own profile and optional risk factors', async () => {
    const user = await api.createUser();
    const res = await api.request('PATCH', '/users/me', {
      token: user.token,
      json: { full_name: 'Maria Lind', risk_factors: { race: 'white', age_at_menarche: 12, first_degree_relatives: 1 } },
    });
    expect(res.status).toBe(200);
    expect(res.data.full_name).toBe('Maria Lind');
    expect(res.data.risk_factors).toEqual({ race: 'white', age_at_menarche: 12, age_at_first_birth: null, first_degree_relatives: 1, biopsies: null, atypical_hyperplasia: null });
    // A partial update keeps the answers given before; null makes one unknown again.
    const more = await api.request('PATCH', '/users/me', { token: user.token, json: { risk_factors: { biopsies: 0, race: null } } });
    expect(more.data.risk_factors).toMatchObject({ race: null, age_at_menarche: 12, biopsies: 0 });
    const bad = await api.request('PATCH', '/users/me', { token: user.token, json: { full_name: 'x'.repeat(31), risk_factors: { race: 'martian' } } });
    expect(bad.status).toBe(422);
    expect(bad.data.detail.map((d: any) => d.msg)).toContain(MESSAGES.fullNameTooLong);
    // A user cannot raise their own limit or make themselves superuser through /users/me.
    const sneaky = await api.request('PATCH', '/users/me', { token: user.token, json: { submission_limit: 99, is_superuser: true } });
    expect(sneaky.status).toBe(200);
    expect(sneaky.data).toMatchObject({ submission_limit: 0, is_superuser: false });
  });

  it('changes the own password with the current one', async () => {
    const user = await api.createUser();
    const wrong = await api.request('PATCH', '/users/me/password', { token: user.token, json: { current_password: 'not-it-at-all', new_password: 'new-password-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.data.detail).toBe(SERVER_MESSAGES.wrongCurrentPassword);
    const same = await api.request('PATCH', '/users/me/password', { token: user.token, json: { current_password: user.password, new_password: user.password } });
    expect(same.status).toBe(400);
    const empty = await api.request('PATCH', '/users/me/password', { token: user.token, json: {} });
    expect(empty.status).toBe(422);
    const ok = await api.request('PATCH', '/users/me/password', { token: user.token, json: { current_password: user.password, new_password: 'new-password-1' } });
    expect(ok.status).toBe(200);
    await api.login(user.email, 'new-password-1');
  });

  it("deletes the own account with its files", async () => {
    const user = await api.createUser();
    const dir = path.join(api.dataDir, 'files', user.id, 'some-task');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'r_cc.dcm'), 'x');
    expect((await api.request('DELETE', '/users/me', { token: user.token })).status).toBe(200);
    expect(existsSync(path.join(api.dataDir, 'files', user.id))).toBe(false);
    expect((await api.request('POST', '/login/access-token', { form: { username: user.email, password: user.password } })).status).toBe(400);
  });
});
