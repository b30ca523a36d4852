import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { contentSecurityPolicy } from '../../server/http/security-headers';

/** The policy's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
}

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get('content-security-policy');
  expect(csp, what).toBeTruthy();
  const d = directives(csp!);
  expect(d.get('default-src'), what).toEqual(["'self'"]);
  expect(d.get('script-src'), what).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(d.get('connect-src'), what).toEqual(["'self'"]);
  expect(d.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(d.get('object-src'), what).toEqual(["'none'"]);
  expect(d.get('base-uri'), what).toEqual(["'self'"]);
  expect(d.get('form-action'), what).toEqual(["'self'"]);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(res.headers.get('permissions-policy'), what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(res.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
}

/** Issue 16, item 8: security headers on every answer, Swagger UI served from here, a servers entry. */
describe(`security headers and /docs on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let dist: string;
  let server: ServerType | undefined;
  let base: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'sd-headers-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'export const app = 1;');
    api = await startApi({ STATIC_DIR: dist });
    // The product's own transport too: through the Node server the headers go on its response
    // before the route runs (server/http/security-headers.ts), a path app.request never takes.
    server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server!.once('listening', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await api?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['app.request', 'the Node server'])('sets them on JSON, static files, the app page, /docs, errors and 404s (%s)', async (transport) => {
    const request = (url: string, init: RequestInit) => (transport === 'app.request' ? api.app.request(url, init) : fetch(`${base}${url}`, init));
    const cases: Array<[string, string, number, Record<string, string>?]> = [
      ['JSON answer', '/api/v1/utils/health-check/', 200],
      ['OpenAPI document', '/api/v1/openapi.json', 200],
      ['static file', '/assets/app.js', 200],
      ['app page', '/', 200],
      ['client route', '/settings', 200],
      ['/docs', '/docs', 200],
      ['/docs script', '/docs/init.js', 200],
      ['API 404', '/api/v1/no-such-thing', 404],
      ['missing asset', '/assets/missing.js', 404],
      ['missing /docs file', '/docs/index.html', 404],
      ['401', '/api/v1/users/me', 401],
      ['422', '/api/v1/users/signup', 422, { 'content-type': 'application/json' }],
      ['malformed path', '/%zz', 400],
    ];
    for (const [what, url, status, headers] of cases) {
      const res = await request(url, headers ? { method: 'POST', headers, body: '{}' } : {});
      expect(res.status, what).toBe(status);
      expectSecurityHeaders(res, what);
    }
  });

  // Her name, results and DICOM headers stayed in the browser's disk cache after logout (an audit).
  it.each(['app.request', 'the Node server'])('API answers are never stored by the browser unless they say how to revalidate (%s)', async (transport) => {
    const user = await api.createUser();
    const auth = { headers: { authorization: `Bearer ${user.token}` } };
    const request = (url: string, init: RequestInit = {}) => (transport === 'app.request' ? api.app.request(url, init) : fetch(`${base}${url}`, init));
    for (const url of ['/api/v1/users/me', '/api/v1/tasks/?skip=0&limit=5', '/api/v1/dicomweb/studies', '/api/v1/openapi.json', '/api/v1/no-such-thing']) {
      expect((await request(url, auth)).headers.get('cache-control'), url).toBe('no-store');
    }
    // What revalidates keeps its own rule; the app's files keep theirs.
    expect((await request('/api/v1/demo/users')).headers.get('cache-control')).toBe('private, no-cache');
    expect((await request('/assets/app.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await request('/')).headers.get('cache-control')).toBe('no-cache');
  });

  it('frames nothing but the configured viewer', () => {
    expect(directives(contentSecurityPolicy(null)).get('frame-src')).toEqual(["'none'"]);
    expect(directives(contentSecurityPolicy('https://viewer.example.org/ohif/viewer')).get('frame-src')).toEqual(['https://viewer.example.org']);
    expect(directives(contentSecurityPolicy('/ohif/')).get('frame-src')).toEqual(["'self'"]);
  });

  it('/docs is Swagger UI from this server: no other origin, no inline script, every file served', async () => {
    const res = await api.app.request('/docs');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<title>Smart Density API</title>');
    const refs = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^\/(?!\/)/);
      const file = await api.app.request(ref);
      expect(file.status, ref).toBe(200);
      expectSecurityHeaders(file, ref);
    }
    expect(html).not.toMatch(/https?:\/\//);
    for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(script[1], 'every script is a file').toMatch(/\bsrc="/);
      expect(script[2]!.trim(), 'no inline script').toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    const bundle = await api.app.request(refs.find((r) => r.includes('swagger-ui-bundle.js'))!);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    expect((await api.app.request('/docs/')).headers.get('location')).toBe('/docs');
  });

  it('the OpenAPI document names /api/v1 as its server, so "Try it out" reaches the routes', async () => {
    const doc = (await api.request('GET', '/openapi.json')).data;
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(Object.keys(doc.paths)).toContain('/users/me');
    for (const p of Object.keys(doc.paths)) expect(p, 'paths are relative to the server').not.toMatch(/^\/api\//);
    const me = await api.app.request(`${doc.servers[0].url}/users/me`, { headers: { authorization: `Bearer ${api.superToken}` } });
    expect(me.status).toBe(200);
  });
});
