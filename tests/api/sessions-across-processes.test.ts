/**
 * Issue 21, item 2: two API processes on one database behave as one. Each keeps the users it
 * authenticated in a cache (AUTH_CACHE_MS, long here), and the database announces every change of
 * a user and every logout (migration 011), so a token revoked through one process, a password
 * changed or an account deactivated there, is refused by the other at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, requestApp, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { composeServices } from '../../server/compose';
import { createApp } from '../../server/http/app';

describe(`sessions across two API processes on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let secondServices: ReturnType<typeof composeServices>;
  let second: ReturnType<typeof createApp>;

  beforeAll(async () => {
    api = await startApi({ AUTH_CACHE_MS: '600000' });
    secondServices = composeServices(api.config, api.db, { log: () => undefined });
    second = createApp(secondServices);
  });
  afterAll(async () => {
    await secondServices?.userCache.close();
    await api?.close();
  });

  const meOn = async (app: typeof second, token: string) => (await requestApp(app, 'GET', '/users/me', { token })).status;

  it('a logout through one process is refused by the other at once, though it had the user cached', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await api.createUser();
      const token = await api.login(user.email, user.password);
      expect(await meOn(second, token)).toBe(200);
      expect(await meOn(api.app, token)).toBe(200);
      expect((await api.request('POST', '/login/logout', { token })).status).toBe(200);
      expect(await meOn(second, token)).toBe(401);
      // The other way round: out through the second, refused by the first.
      const again = await api.login(user.email, user.password);
      expect(await meOn(api.app, again)).toBe(200);
      expect((await requestApp(second, 'POST', '/login/logout', { token: again })).status).toBe(200);
      expect(await meOn(api.app, again)).toBe(401);
      expect(await meOn(second, user.token)).toBe(200);
    }
  });

  it('two processes starting together on a new database create the first superuser once, and both start', async () => {
    const config = { ...api.config, firstSuperuser: 'first-admin@cluster.test', firstSuperuserPassword: 'first-admin-password-1' };
    const apart = [composeServices(config, api.db, { log: () => undefined }), composeServices(config, api.db, { log: () => undefined })];
    try {
      const made: string[] = [];
      await Promise.all(apart.map((s) => s.users.ensureFirstSuperuser((msg) => made.push(msg))));
      expect(made).toHaveLength(1);
      const rows = await api.db.query('SELECT id FROM users WHERE email = $1', [config.firstSuperuser]);
      expect(rows).toHaveLength(1);
      expect((await api.request('POST', '/login/access-token', { form: { username: config.firstSuperuser, password: config.firstSuperuserPassword } })).status).toBe(200);
    } finally {
      for (const s of apart) await s.userCache.close();
    }
  });

  it('a new password or a deactivation through one process ends the sessions on the other', async () => {
    const user = await api.createUser();
    expect(await meOn(second, user.token)).toBe(200);
    const changed = await api.request('PATCH', '/users/me/password', { token: user.token, json: { current_password: user.password, new_password: 'new-password-1' } });
    expect(changed.status).toBe(200);
    expect(await meOn(second, user.token)).toBe(401);
    expect(await meOn(second, changed.data.access_token)).toBe(200);

    const off = await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { is_active: false } });
    expect(off.status).toBe(200);
    expect(await meOn(second, changed.data.access_token)).not.toBe(200);
  });
});
