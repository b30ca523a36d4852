import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { documentedSchema, schemaMismatches } from '../support/openapi-schema';

type Answer = { status: number; data: unknown; headers: Headers };

/** Issue 16, item 8: the error answers the OpenAPI document describes are the ones the server sends. */
describe(`documented error answers on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let doc: any;
  beforeAll(async () => {
    api = await startApi({
      MAX_UPLOAD_BYTES: '1000',
      LOGIN_FREE_FAILURES: '1',
      RECOVERIES_PER_CLIENT_PER_HOUR: '1',
      SIGNUPS_PER_CLIENT_PER_HOUR: '1',
    });
    doc = (await api.request('GET', '/openapi.json')).data;
  });
  afterAll(async () => api?.close());

  /** Sends until the answer has `status` (throttles need a few attempts), at most `tries` times. */
  async function until(status: number, tries: number, send: () => Promise<Answer>): Promise<Answer> {
    let res = await send();
    for (let i = 1; i < tries && res.status !== status; i++) res = await send();
    return res;
  }

  function expectDocumented(method: string, path: string, res: Answer, status: number) {
    expect(res.status, `${method} ${path}`).toBe(status);
    const schema = documentedSchema(doc, method, path, status);
    expect(schema, `${method} ${path} documents ${status}`).not.toBeNull();
    expect(schemaMismatches(doc, schema!, res.data), `${method} ${path} ${status}: ${JSON.stringify(res.data)}`).toEqual([]);
  }

  it("login's 429 is {detail}, with Retry-After", async () => {
    const user = await api.createUser();
    const res = await until(429, 30, () => api.request('POST', '/login/access-token', { form: { username: user.email, password: 'wrong-password-1' } }));
    expectDocumented('post', '/login/access-token', res, 429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("password recovery's 429 is {detail}", async () => {
    // The client's count answers 429; the address's sends no more mail with the same answer.
    let n = 0;
    const res = await until(429, 30, () => api.request('POST', `/password-recovery/someone-throttled-${n++}@example.org`));
    expectDocumented('post', '/password-recovery/{email}', res, 429);
  });

  it("sign-up's 429 is {detail}", async () => {
    let n = 0;
    const res = await until(429, 10, () =>
      api.request('POST', '/users/signup', {
        json: { email: `signup-${n++}-${Date.now()}@example.org`, password: 'a-long-password-1', full_name: 'Signup Person', birthdate: '1970-01-01' },
      }),
    );
    expectDocumented('post', '/users/signup', res, 429);
  });

  it("an upload's 415 and 413 are {detail}", async () => {
    const user = await api.createUser({ submission_limit: 5 });
    const notMultipart = await api.request('POST', '/tasks/', { token: user.token, json: { r_cc: 'x' } });
    expectDocumented('post', '/tasks/', notMultipart, 415);
    const demo = await api.request('POST', '/demo/user', { token: api.superToken, json: { name: 'x' } });
    expectDocumented('post', '/demo/user', demo, 415);

    const form = new FormData();
    form.append('r_cc', new Blob([new Uint8Array(5000)]), 'r_cc.dcm');
    const tooLarge = await api.request('POST', '/tasks/', { token: user.token, body: form });
    expectDocumented('post', '/tasks/', tooLarge, 413);
  });

  it("a taken address's 409 is {detail}", async () => {
    const user = await api.createUser();
    const res = await api.request('POST', '/users/', { token: api.superToken, json: { email: user.email, password: 'another-password-1' } });
    expectDocumented('post', '/users/', res, 409);
  });

  it('the check itself sees a body that does not match', () => {
    const schema = documentedSchema(doc, 'post', '/login/access-token', 429)!;
    expect(schemaMismatches(doc, schema, { message: 'Too many attempts' })).not.toEqual([]);
  });
});
