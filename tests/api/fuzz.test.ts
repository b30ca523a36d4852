/**
 * Issue 16, item 4: generated requests to every operation of the OpenAPI document, valid and not,
 * over real sockets. None may get a 5xx or go unanswered, and the server answers afterwards.
 * FUZZ_RUNS_PER_OPERATION sets the count (default 60: about 2,300 requests in all);
 * bench/api-fuzz.bench.ts runs more than 10,000 against a server process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { FuzzCounts, operationsOf, requestsFor, send, type Operation } from '../support/openapi-fuzz';

const RUNS = Number(process.env.FUZZ_RUNS_PER_OPERATION ?? 60);

describe(`fuzzed requests on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let server: ServerType;
  let base: string;
  let doc: any;
  let ops: Operation[];
  const counts = new FuzzCounts();

  let site = '';

  beforeAll(async () => {
    // A built web app of two files, so its pages answer (without one they are a 503 by design).
    site = mkdtempSync(path.join(tmpdir(), 'sd-fuzz-site-'));
    mkdirSync(path.join(site, 'assets'));
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(site, 'assets', 'app.js'), 'export {};');
    // With its job queue, as the product runs (its readiness check answers 503 without one).
    api = await startApi({ STATIC_DIR: site }, { worker: true });
    server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    doc = (await api.request('GET', '/openapi.json')).data;
    ops = operationsOf(doc);
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await api?.close();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  it('answers every operation of the OpenAPI document without a 5xx, and still answers after', async () => {
    expect(ops.length).toBeGreaterThan(30);
    expect(ops.map((o) => o.id)).toEqual(expect.arrayContaining(['POST /tasks/', 'POST /demo/user', 'PATCH /users/{user_id}']));
    const user = await api.createUser();
    const demo = await api.request('GET', '/demo/users');
    const other = await api.createUser();
    const ctx = { ids: { user_id: [user.id, other.id], demo_user_id: demo.data.data.map((d: { id: string }) => d.id) }, tokens: [api.superToken, user.token] };
    for (const op of ops) {
      await fc.assert(
        fc.asyncProperty(requestsFor(op, doc, ctx), async (req) => {
          const out = await send(base, req);
          counts.add(req, out);
          return out.status !== 'unanswered' && out.status < 500;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
    console.log(`fuzz on ${dbLabel()}: ${counts.requests} requests over ${ops.length} operations, ${counts.serverErrors} 5xx, ${counts.unanswered} unanswered; statuses ${JSON.stringify(Object.fromEntries([...counts.byStatus].sort(([a], [b]) => a - b)))}`);
    expect(counts.samples).toEqual([]);
    expect(counts.requests).toBe(RUNS * ops.length);
    expect((await fetch(`${base}/api/v1/utils/health-check/`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/login/access-token`, { method: 'POST', body: new URLSearchParams({ username: 'admin@example.com', password: 'admin-password-1' }) })).status).toBe(200);
  }, 240_000);
});
