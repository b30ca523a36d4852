/**
 * What the server sends compressed: the built app's text files from the build's brotli and gzip
 * copies, chosen by Accept-Encoding (never a copy older than its file), and JSON answers above a
 * small size, compressed as they leave. Streams and small answers go as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '../../scripts/precompress';
import { Hono } from 'hono';
import { chooseEncoding, compressJson } from '../../server/http/compression';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';

describe(`compression on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let dist: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i % 37}`))};\n`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'sd-compress-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), script);
    writeFileSync(path.join(dist, 'sw.js'), `// service worker\n${script}`);
    precompressDir(dist);
    api = await startApi({ STATIC_DIR: dist });
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, token?: string) =>
    api.app.request(url, { headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  it("serves the build's brotli copy to a browser that takes it, gzip to one that takes only gzip, the file itself otherwise", async () => {
    const br = await get('/assets/app.js', 'gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(brBytes).toString()).toBe(script);

    const gz = await get('/assets/app.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/assets/app.js', accept);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(script);
    }
    // Too small to be worth a copy: the page shell goes as it is.
    expect((await get('/', 'br')).headers.get('content-encoding')).toBeNull();
  });

  it('never sends a compressed copy older than its file (a file rewritten after the build goes uncompressed)', async () => {
    const newer = `// a newer service worker\n${script}`;
    writeFileSync(path.join(dist, 'sw.js'), newer);
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(dist, 'sw.js'), future, future);
    const res = await get('/sw.js', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(newer);
  });

  it('compresses JSON answers above 1 KB and leaves small ones as they are', async () => {
    const big = await get('/api/v1/openapi.json', 'br, gzip');
    expect(big.status).toBe(200);
    expect(big.headers.get('content-encoding')).toBe('br');
    const text = brotliDecompressSync(Buffer.from(await big.arrayBuffer())).toString();
    expect(JSON.parse(text).openapi).toBe('3.1.0');
    const gz = await get('/api/v1/openapi.json', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gz.headers.get('content-length'))).toBeLessThan(text.length / 3);

    const small = await get('/api/v1/utils/health-check/', 'br, gzip');
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toMatch(/Accept-Encoding/);
    await small.json();

    const plain = await get('/api/v1/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    // Uncompressed for this client, another's copy may be: a cache keeps them apart.
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(JSON.parse(await plain.text()).openapi).toBe('3.1.0');
  });

  it('compresses a large answer with a strong validator once per encoding: the ETag names its bytes', async () => {
    // A route whose answer changes while its validator does not: only a reused compression shows
    // the first bytes again (a route never does this; a strong ETag promises the same bytes).
    const app = new Hono();
    app.use('*', compressJson());
    let n = 0;
    app.get('/big', (c) => {
      n++;
      c.header('ETag', '"same-bytes"');
      return c.json({ n, filler: 'x'.repeat(100_000) });
    });
    app.get('/weak', (c) => {
      n++;
      c.header('ETag', 'W/"weak"');
      return c.json({ n, filler: 'x'.repeat(100_000) });
    });
    const read = async (url: string, encoding: string) => {
      const res = await app.request(url, { headers: { 'accept-encoding': encoding } });
      const bytes = Buffer.from(await res.arrayBuffer());
      return JSON.parse((encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString()).n as number;
    };
    const first = await read('/big', 'br');
    expect(await read('/big', 'br')).toBe(first);
    // Each encoding's bytes are its own, and an answer without a strong validator is compressed each time.
    expect(await read('/big', 'gzip')).toBe(n);
    const weak = await read('/weak', 'br');
    expect(await read('/weak', 'br')).toBe(weak + 1);
  });

  it('does the same through the Node server, where a small answer keeps the record its route built', async () => {
    // The server's own transport: @hono/node-server keeps c.json's headers as a plain record, which
    // compression.ts sets Vary in without building a Headers object (app.request never takes that path).
    const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((r) => server.once('listening', () => r()));
      const port = (server.address() as AddressInfo).port;
      const raw = (url: string, acceptEncoding?: string) =>
        new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (d: Buffer) => chunks.push(d));
              res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
            })
            .on('error', reject);
        });
      const small = await raw('/api/v1/utils/health-check/', 'br, gzip');
      expect(small.status).toBe(200);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.headers.vary).toBe('Accept-Encoding');
      expect(small.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(small.body.toString())).toBe(true);
      const notFound = await raw('/api/v1/no-such-thing', 'gzip');
      expect(notFound.status).toBe(404);
      expect(notFound.headers.vary).toBe('Accept-Encoding');
      expect(JSON.parse(notFound.body.toString())).toEqual({ detail: 'Not Found' });
      const big = await raw('/api/v1/openapi.json', 'gzip');
      expect(big.headers['content-encoding']).toBe('gzip');
      expect(big.headers.vary).toMatch(/Accept-Encoding/);
      expect(JSON.parse(gunzipSync(big.body).toString()).openapi).toBe('3.1.0');
      const plain = await raw('/api/v1/openapi.json');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      expect(JSON.parse(plain.body.toString()).openapi).toBe('3.1.0');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
  });
});
