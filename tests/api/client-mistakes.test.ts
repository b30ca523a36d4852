import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import http from 'node:http';
import { deflateSync, gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { AI_MODEL } from '../../core/decisions';
import { MESSAGES, SUBMISSION_LIMIT_MAX } from '../../core/validation';
import { MAX_REQUEST_BODY_BYTES } from '../../server/http/body-limit';

const NUL = '\u0000';

/** Issue 16, item 4: what a client gets wrong is answered with a 4xx, never a 500. */
describe(`client mistakes on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());

  function expectNulRefused(res: { status: number; data: any }, field: string) {
    expect(res.status, JSON.stringify(res.data)).toBe(422);
    const issue = res.data.detail.find((i: { loc: unknown[] }) => i.loc.at(-1) === field);
    expect(issue, JSON.stringify(res.data)).toMatchObject({ msg: MESSAGES.textHasNul });
  }

  it('refuses a NUL character in every text field of login, sign-up, profile and admin with a 422', async () => {
    const user = await api.createUser();
    const signup = { email: 'nul-signup@example.org', full_name: 'Nul Person', birthdate: '1970-01-01', password: 'password-123' };

    for (const field of ['username', 'password'] as const) {
      const form = { username: user.email, password: user.password, [field]: `a${NUL}b-long-enough` };
      expectNulRefused(await api.request('POST', '/login/access-token', { form }), field);
    }
    for (const field of ['email', 'full_name', 'birthdate', 'password', 'confirm_password'] as const) {
      const json = { ...signup, confirm_password: signup.password, [field]: `x${NUL}yyyyyyyy` };
      expectNulRefused(await api.request('POST', '/users/signup', { json }), field);
    }
    for (const field of ['email', 'full_name', 'birthdate'] as const) {
      expectNulRefused(await api.request('PATCH', '/users/me', { token: user.token, json: { [field]: `x${NUL}` } }), field);
    }
    for (const field of ['current_password', 'new_password'] as const) {
      const json = { current_password: user.password, new_password: 'another-password', [field]: `pass${NUL}word1` };
      expectNulRefused(await api.request('PATCH', '/users/me/password', { token: user.token, json }), field);
    }
    expectNulRefused(await api.request('POST', '/reset-password/', { json: { token: `a${NUL}b`, new_password: 'password-123' } }), 'token');
    const created = { email: 'nul-admin@example.org', password: 'password-123', full_name: `Ad${NUL}min` };
    expectNulRefused(await api.request('POST', '/users/', { token: api.superToken, json: created }), 'full_name');
    expectNulRefused(await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { full_name: `A${NUL}` } }), 'full_name');
    expectNulRefused(await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { password: `pass${NUL}word1` } }), 'password');

    // Nothing was stored: the user can still log in with the same profile.
    const me = await api.request('GET', '/users/me', { token: await api.login(user.email, user.password) });
    expect(me.data.full_name).toBe('Test Person');
  });

  it('refuses a NUL character in demo names and in the text inside demo data with a 422', async () => {
    const data = (description: string) => JSON.stringify({ age: 52, description, screening_location: 'karolinska' });
    const create = (name: string, text: string) => {
      const form = new FormData();
      form.set('name', name);
      form.set('data', text);
      form.set('ai_model', AI_MODEL);
      return api.request('POST', '/demo/user', { token: api.superToken, body: form });
    };
    expectNulRefused(await create(`Demo${NUL}`, data('fine')), 'name');
    expectNulRefused(await create('Demo', data(`bad${NUL}`)), 'description');
    const ok = await create('Demo', data('fine'));
    expect(ok.status, JSON.stringify(ok.data)).toBe(200);
    const patched = await api.request('PATCH', `/demo/users/${ok.data.id}`, { token: api.superToken, json: { data: data(`x${NUL}`) } });
    expectNulRefused(patched, 'description');
    expectNulRefused(await api.request('PATCH', `/demo/users/${ok.data.id}`, { token: api.superToken, json: { data: `{${NUL}}` } }), 'data');
  });

  it('answers a file sent twice under the same field with a 400 (found by the fuzz test: the two parts shared a file)', async () => {
    const user = await api.createUser({ submission_limit: 5 });
    for (const [url, token, fields] of [
      ['/tasks/', user.token, { ai_model: AI_MODEL }],
      ['/demo/user', api.superToken, { ai_model: AI_MODEL, name: 'Twice', data: JSON.stringify({ age: 52, description: 'x', screening_location: 'skanes' }) }],
    ] as const) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.append('l_mlo', new Blob([new Uint8Array(300)]), 'a.dcm');
      form.append('l_mlo', new Blob([new Uint8Array(200)]), 'b.dcm');
      const res = await api.request('POST', url, { token, body: form });
      expect(res, url).toMatchObject({ status: 400, data: { detail: 'The file for l_mlo was sent twice: one file per field.' } });
    }
  });

  it('answers malformed percent-encoding in any path with a 400', async () => {
    const paths = ['/%zz', '/%', '/assets/%E0%A4%A', '/api/v1/%zz', '/api/v1/users/%zz', '/api/v1/password-recovery/a%ff@example.org', '/api/v1/demo/users/%C0'];
    for (const p of paths) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await api.app.request(p, { method, headers: { authorization: `Bearer ${api.superToken}` } });
        expect(res.status, `${method} ${p}`).toBe(400);
        expect(await res.json()).toEqual({ detail: 'Malformed percent-encoding in the URL path' });
      }
    }
    // Well-formed escapes still reach their route.
    expect((await api.app.request('/api/v1/utils/health-check%2F')).status).toBe(404);
    expect((await api.app.request('/api/v1/utils/%68ealth-check/')).status).toBe(200);
  });

  it('refuses a login name longer than any address with a 422, not a 500 (found by a review)', async () => {
    for (const length of [256, 8000]) {
      const res = await api.request('POST', '/login/access-token', { form: { username: `${'a'.repeat(length)}@example.org`, password: 'x' } });
      expect(res.status, JSON.stringify(res.data)).toBe(422);
      expect(res.data.detail[0]).toMatchObject({ loc: ['body', 'username'], msg: 'Email must be at most 255 characters' });
    }
  });

  it('refuses a request body over 1 MB outside the uploads with a 413, before reading it whole', async () => {
    const big = 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1);
    const login = await api.request('POST', '/login/access-token', { form: { username: 'someone@example.org', password: big } });
    expect(login.status).toBe(413);
    expect(login.data.detail).toMatch(/request body is larger than/);
    const signup = await api.request('POST', '/users/signup', { json: { email: 'big@example.org', full_name: big, birthdate: '1970-01-01', password: 'password-123' } });
    expect(signup.status).toBe(413);
    // Under the cap the same forms are answered as ever.
    expect((await api.request('POST', '/login/access-token', { form: { username: 'someone@example.org', password: 'x'.repeat(1000) } })).status).toBe(400);
  });

  it('refuses a compressed request body with a 415 that names Content-Encoding, before reading it (found by an audit: "Malformed JSON")', async () => {
    const detail = 'Compressed request bodies (Content-Encoding) are not accepted. Please send the body uncompressed.';
    const json = JSON.stringify({ email: 'gzip@example.org', full_name: 'Gzip', birthdate: '1970-01-01', password: 'password-123' });
    const signup = await api.app.request('/api/v1/users/signup', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(json) });
    expect(signup.status).toBe(415);
    expect(await signup.json()).toEqual({ detail });
    const user = await api.createUser({ submission_limit: 3 });
    const form = new Request('http://x/', { method: 'POST', body: (() => { const f = new FormData(); f.set('ai_model', AI_MODEL); return f; })() });
    const upload = await api.app.request('/api/v1/tasks/', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': form.headers.get('content-type')!, 'content-encoding': 'deflate' },
      body: deflateSync(Buffer.from(await form.arrayBuffer())),
    });
    expect(upload.status).toBe(415);
    expect(await upload.json()).toEqual({ detail });
    // Identity is no compression; the same sign-up uncompressed is taken.
    const plain = await api.app.request('/api/v1/users/signup', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'identity' }, body: json });
    expect(plain.status).toBe(200);
  });

  it('refuses an over-cap body through the Node server too, and its connection stays usable for a POST after an unread body', async () => {
    const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
    // One keep-alive connection: every request below goes on the same socket while the server keeps it.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; reused: boolean; body: string }>((resolve, reject) => {
        const req = http.request(`${base}${path}`, { method: 'POST', agent, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket, body: text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    let base = '';
    try {
      await new Promise<void>((r) => server.once('listening', () => r()));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
      const user = await api.createUser();
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const over = `username=someone%40example.org&password=${'x'.repeat(MAX_REQUEST_BODY_BYTES)}`;
      const sized = await post('/login/access-token', over, form);
      expect(sized.status).toBe(413);
      expect(JSON.parse(sized.body).detail).toMatch(/request body is larger than/);
      // An unknown route and a refused token answer without reading a body of 600 KB.
      expect((await post('/no-such-route', 'x'.repeat(600_000))).status).toBe(404);
      expect((await post('/tasks/', 'x'.repeat(600_000), { 'content-type': 'multipart/form-data; boundary=b' })).status).toBe(401);
      // A POST is never sent again by a client whose connection was closed under it: it must arrive.
      const logout = await post('/login/logout', '', { authorization: `Bearer ${user.token}` });
      expect(logout.status).toBe(200);
      expect(logout.reused).toBe(true);

      // Without a Content-Length (Transfer-Encoding: chunked) the body is counted as it comes.
      const bytes = new TextEncoder().encode(over);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 256 * 1024) controller.enqueue(bytes.subarray(at, at + 256 * 1024));
          controller.close();
        },
      });
      const chunked = await fetch(`${base}/login/access-token`, { method: 'POST', headers: form, body: stream, duplex: 'half' } as RequestInit);
      expect(chunked.status).toBe(413);
    } finally {
      agent.destroy();
      await new Promise((r) => server.close(r));
    }
  });

  it('two sign-ups of one address at once: one account, the other refused, never a 500', async () => {
    const json = { email: 'twice-at-once@example.org', full_name: 'Twice', birthdate: '1970-01-01', password: 'password-123', confirm_password: 'password-123' };
    const answers = await Promise.all([0, 1, 2].map(() => api.request('POST', '/users/signup', { json })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200), JSON.stringify(answers.map((a) => a.data))).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect([400, 409]).toContain(a.status);
      expect(a.data.detail).toBe('The user with this email already exists in the system');
    }
  });

  it("refuses a submission_limit beyond the database's integer with a 422", async () => {
    const user = await api.createUser();
    const over = await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { submission_limit: SUBMISSION_LIMIT_MAX + 1 } });
    expect(over.status).toBe(422);
    expect(over.data.detail[0]).toMatchObject({ loc: ['body', 'submission_limit'], msg: MESSAGES.submissionLimitMax });
    const huge = await api.request('POST', '/users/', { token: api.superToken, json: { email: 'big-limit@example.org', password: 'password-123', submission_limit: 1e300 } });
    expect(huge.status).toBe(422);
    const max = await api.request('PATCH', `/users/${user.id}`, { token: api.superToken, json: { submission_limit: SUBMISSION_LIMIT_MAX } });
    expect(max.status).toBe(200);
    expect(max.data.submission_limit).toBe(SUBMISSION_LIMIT_MAX);
  });
});
