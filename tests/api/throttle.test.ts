import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { requestApp, startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { composeServices } from '../../server/compose';
import { createApp } from '../../server/http/app';
import { Hono } from 'hono';
import { clientAddress, clientKey } from '../../server/http/client-address';

/**
 * Issue 16, item 7: throttling that stops attackers, not owners. Failed logins slow down per
 * account and per client with growing delays; sign-ups and recoveries are counted per client; the
 * counters live in the database. The clock is the test's: it moves on instead of sleeping.
 */
const LIMITS = {
  LOGIN_FREE_FAILURES: '3',
  LOGIN_CLIENT_FREE_FAILURES: '10',
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: '8',
  LOGIN_CLIENT_MAX_DELAY_SECONDS: '600',
  SIGNUPS_PER_CLIENT_PER_HOUR: '2',
  RECOVERIES_PER_CLIENT_PER_HOUR: '3',
  RECOVERIES_PER_ADDRESS_PER_HOUR: '100',
};

let clock = Date.parse('2030-01-01T00:00:00Z');
const now = () => new Date(clock);
const advance = (seconds: number) => (clock += seconds * 1000);
let n = 0;
/** A client address no other test uses. */
const newClient = () => `203.0.113.${++n}`;

describe(`login throttling on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi(LIMITS, { now });
  });
  afterAll(async () => api?.close());

  const login = (email: string, password: string, client: string, app = api.app) =>
    requestApp(app, 'POST', '/login/access-token', { form: { username: email, password }, client });
  const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));

  it('makes a guesser wait longer and longer, without checking the password while it waits', async () => {
    const user = await api.createUser();
    const attacker = newClient();
    for (let i = 0; i < 3; i++) expect((await login(user.email, `wrong-${i}`, attacker)).status).toBe(400);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      expect((await login(user.email, `guess-${i}`, attacker)).status).toBe(400);
      // The right password while waiting: 429, and it does not count as an attempt.
      const blocked = await login(user.email, user.password, attacker);
      expect(blocked.status).toBe(429);
      expect(blocked.data.detail).toMatch(/^Too many failed logins\. Please wait \d+ seconds? and try again\.$/);
      expect((await login(user.email, user.password, attacker)).headers.get('retry-after')).toBe(blocked.headers.get('retry-after'));
      waits.push(retryAfter(blocked));
      advance(retryAfter(blocked));
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32]);
  });

  it('lets the owner in from another client while the guessing client still waits', async () => {
    const user = await api.createUser();
    const attacker = newClient();
    for (let i = 0; i < 8; i++) {
      if (i > 0) advance(8);
      expect((await login(user.email, `wrong-${i}`, attacker)).status).toBe(400);
    }
    // Eight failures: the account makes everyone wait its cap of 8 s; the guessing client, 16 s.
    expect(retryAfter(await login(user.email, user.password, attacker))).toBe(16);
    const owner = newClient();
    expect(retryAfter(await login(user.email, user.password, owner))).toBe(8);
    advance(8);
    expect((await login(user.email, user.password, owner)).status).toBe(200);
    const still = await login(user.email, user.password, attacker);
    expect(still.status).toBe(429);
    expect(retryAfter(still)).toBe(8);
  });

  it('a success clears the account and that client at the account', async () => {
    const user = await api.createUser();
    const client = newClient();
    for (let i = 0; i < 4; i++) expect((await login(user.email, `wrong-${i}`, client)).status).toBe(400);
    expect((await login(user.email, user.password, client)).status).toBe(429);
    advance(1);
    expect((await login(user.email, user.password, client)).status).toBe(200);
    // Counted from nothing again: three free failures before any wait.
    for (let i = 0; i < 3; i++) expect((await login(user.email, `again-${i}`, client)).status).toBe(400);
    expect((await login(user.email, user.password, client)).status).toBe(200);
  });

  it('slows one client trying many accounts, and its own account does not reset that', async () => {
    const own = await api.createUser();
    const client = newClient();
    for (let i = 0; i < 11; i++) expect((await login(`nobody-${i}-${randomBytes(3).toString('hex')}@example.org`, 'password-x', client)).status).toBe(400);
    const blocked = await login(own.email, own.password, client);
    expect(blocked.status).toBe(429);
    expect(retryAfter(blocked)).toBe(1);
    advance(1);
    expect((await login(own.email, own.password, client)).status).toBe(200);
    expect((await login('nobody-more@example.org', 'password-x', client)).status).toBe(400);
    expect(retryAfter(await login('someone-else@example.org', 'password-x', client))).toBe(2);
    // Another client is not slowed by it.
    expect((await login(own.email, own.password, newClient())).status).toBe(200);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const user = await api.createUser();
    const client = newClient();
    const forged = (i: number) => ({ form: { username: user.email, password: `wrong-${i}` }, client, headers: { 'x-forwarded-for': `198.18.0.${i}` } });
    for (let i = 0; i < 4; i++) expect((await requestApp(api.app, 'POST', '/login/access-token', forged(i))).status).toBe(400);
    expect((await requestApp(api.app, 'POST', '/login/access-token', forged(9))).status).toBe(429);
    advance(1);
  });

  it('shares its counters between two API processes on one database, and parallel failures each count', async () => {
    const user = await api.createUser();
    const secondServices = composeServices(api.config, api.db, { log: () => undefined, now });
    const second = createApp(secondServices);
    const client = newClient();
    expect((await login(user.email, 'wrong-1', client)).status).toBe(400);
    expect((await login(user.email, 'wrong-2', client, second)).status).toBe(400);
    expect((await login(user.email, 'wrong-3', client)).status).toBe(400);
    expect((await login(user.email, 'wrong-4', client, second)).status).toBe(400);
    expect((await login(user.email, user.password, client)).status).toBe(429);
    expect((await login(user.email, user.password, client, second)).status).toBe(429);
    advance(1);
    expect((await login(user.email, user.password, client, second)).status).toBe(200);

    // Ten failures at once from ten clients, half through each process: every answer that
    // checked a password counted once in the account's row.
    const other = await api.createUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(other.email, `parallel-${i}`, newClient(), i % 2 ? second : api.app)),
    );
    const checked = answers.filter((a) => a.status === 400).length;
    expect(checked + answers.filter((a) => a.status === 429).length).toBe(10);
    const [row] = await api.db.query<{ hits: number }>("SELECT hits FROM throttle_counters WHERE scope = 'login:account' AND key = $1", [other.email]);
    expect(row.hits).toBe(checked);
    advance(3600);
    await secondServices.userCache.close();
  });

  it('makes a signed-in session guessing her current password wait like a login guesser, and her login too', async () => {
    const user = await api.createUser();
    const thief = newClient();
    const changePassword = (current: string) =>
      requestApp(api.app, 'PATCH', '/users/me/password', { token: user.token, client: thief, json: { current_password: current, new_password: 'quite-new-password-9' } });
    const changeEmail = (current: string) =>
      requestApp(api.app, 'PATCH', '/users/me', { token: user.token, client: thief, json: { email: `moved-${randomBytes(3).toString('hex')}@example.org`, current_password: current } });
    for (let i = 0; i < 3; i++) {
      const wrong = await (i % 2 ? changeEmail : changePassword)(`guess-${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.data.detail).toBe('Your current password is not right. Please try again.');
    }
    expect((await changeEmail('guess-3')).status).toBe(400);
    // Four wrong: the right password now waits, unchecked, on both forms and at the login.
    const blocked = await changePassword(user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.data.detail).toBe('Too many wrong passwords. Please wait 1 second and try again.');
    expect(retryAfter(blocked)).toBe(1);
    expect((await changeEmail(user.password)).status).toBe(429);
    expect((await login(user.email, user.password, thief)).status).toBe(429);
    advance(1);
    // After the wait the right password goes through, and clears the account's count.
    expect((await changePassword(user.password)).status).toBe(200);
    expect((await login(user.email, 'quite-new-password-9', newClient())).status).toBe(200);
  });

  it('sweeps counters once they are forgotten', async () => {
    await login('first@example.org', 'password-x', newClient());
    advance(3 * 24 * 3600);
    await login('later@example.org', 'password-x', newClient());
    const rows = await api.db.query<{ scope: string }>('SELECT scope FROM throttle_counters');
    expect(rows.length).toBe(3);
  });
});

describe(`sign-up and recovery throttling, and the client behind proxies, on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let proxied: ApiHarness;
  beforeAll(async () => {
    api = await startApi(LIMITS, { now });
    proxied = await startApi({ ...LIMITS, TRUST_PROXY: '1' }, { now });
  });
  afterAll(async () => {
    await api?.close();
    await proxied?.close();
  });

  const signup = (harness: ApiHarness, client: string, forwardedFor?: string) =>
    requestApp(harness.app, 'POST', '/users/signup', {
      client,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      json: { email: `signup-${randomBytes(4).toString('hex')}@example.org`, full_name: 'Sign Up', birthdate: '1970-01-01', password: 'tall-orange-lamp-7' },
    });

  it('answers 429 to a client past its sign-ups of the hour, and not to another client', async () => {
    const client = newClient();
    expect((await signup(api, client)).status).toBe(200);
    expect((await signup(api, client)).status).toBe(200);
    const third = await signup(api, client);
    expect(third.status).toBe(429);
    expect(third.data).toEqual({ detail: 'Too many requests from your network. Please try again later.' });
    expect(Number(third.headers.get('retry-after'))).toBe(3600);
    expect((await signup(api, newClient())).status).toBe(200);
    advance(3600);
    expect((await signup(api, client)).status).toBe(200);
  });

  it('answers 429 to a client past its recovery requests of the hour', async () => {
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await requestApp(api.app, 'POST', `/password-recovery/someone-${i}@example.org`, { client })).status).toBe(200);
    const fourth = await requestApp(api.app, 'POST', '/password-recovery/someone-9@example.org', { client });
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('3600');
    expect((await requestApp(api.app, 'POST', '/password-recovery/someone-9@example.org', { client: newClient() })).status).toBe(200);
  });

  it('without TRUST_PROXY, a forged X-Forwarded-For does not make a new client', async () => {
    const client = newClient();
    expect((await signup(api, client, '198.18.1.1')).status).toBe(200);
    expect((await signup(api, client, '198.18.1.2')).status).toBe(200);
    expect((await signup(api, client, '198.18.1.3')).status).toBe(429);
  });

  it('with TRUST_PROXY=1, the entry the proxy added names the client; the ones before it are not believed', async () => {
    const proxy = '10.0.0.1';
    const client = newClient();
    expect((await signup(proxied, proxy, `198.18.2.1, ${client}`)).status).toBe(200);
    expect((await signup(proxied, proxy, `198.18.2.2, ${client}`)).status).toBe(200);
    expect((await signup(proxied, proxy, client)).status).toBe(429);
    // Other clients behind the same proxy are counted apart.
    expect((await signup(proxied, proxy, newClient())).status).toBe(200);
  });
});

describe('client keys', () => {
  it('counts an IPv6 address by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('behind several trusted proxies, takes the entry that many places from the right', async () => {
    const ask = async (hops: number, forwardedFor?: string) => {
      const app = new Hono().get('/', (c) => c.text(clientAddress(c, hops)));
      const res = await app.request('/', { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }, { incoming: { socket: { remoteAddress: '10.0.0.2' } } });
      return res.text();
    };
    expect(await ask(0, '198.18.0.1')).toBe('10.0.0.2');
    expect(await ask(1)).toBe('10.0.0.2');
    expect(await ask(1, 'forged, 198.18.0.1,10.0.0.1')).toBe('10.0.0.1');
    expect(await ask(2, 'forged, 198.18.0.1, 10.0.0.1')).toBe('198.18.0.1');
    expect(await ask(5, '198.18.0.1, 10.0.0.1')).toBe('198.18.0.1');
  });
});
