/**
 * MAX_CONNECTIONS: idle connections from anyone cannot take every file descriptor of the process.
 * Found by an audit: with `ulimit -n 1024`, about a thousand connections that sent a request line
 * and nothing more made the health check's test file fail (503) and then ended the process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { productSite, stopProcess, waitFor, type ProductProcess } from '../support/product-process';
import { dbLabel } from '../support/test-db';
import { defaultConnectionLimit, openFilesLimit } from '../../server/http/connection-limit';
import { loadConfig } from '../../server/config';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OPEN_FILES = 512;

/** server/main.ts in a shell that lowers its open-files limit first. */
function spawnLimited(env: Record<string, string>): ProductProcess {
  const child = spawn('sh', ['-c', `ulimit -n ${OPEN_FILES} && exec "${process.execPath}" --import tsx server/main.ts`], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exit = new Promise<void>((r) => child.once('exit', () => r()));
  return { child, output: () => output, exited: () => exit };
}

/** A GET over one kept connection (opened before the flood), its status and body. */
function get(agent: http.Agent, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}

/**
 * Opens `n` keep-alive connections, each asking for the liveness check once and then staying open
 * without a word; resolves once each has its answer (accepted, and held by the server) or was
 * closed (refused past the cap).
 */
async function heldConnections(port: number, n: number): Promise<net.Socket[]> {
  const sockets: net.Socket[] = [];
  await Promise.all(
    Array.from({ length: n }, () => new Promise<void>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => s.write('GET /api/v1/utils/health-check/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
      s.once('data', () => resolve());
      s.on('error', () => resolve());
      s.on('close', () => resolve());
      sockets.push(s);
    })),
  );
  return sockets;
}

describe(`connections held at once (${dbLabel()})`, () => {
  let site: Awaited<ReturnType<typeof productSite>>;
  let server: ProductProcess;
  beforeAll(async () => {
    site = await productSite({ RUN_WORKER: 'false' });
    server = spawnLimited(site.env);
    await waitFor('the server', site.healthy, 60_000);
  }, 90_000);
  afterAll(async () => {
    if (server) await stopProcess(server);
    await site?.dispose();
  });

  it('keeps serving the connections it has, its files included, while kept-open connections from anyone pile up', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(agent, `${site.base}/api/v1/utils/health`)).status).toBe(200);
      const flood = await heldConnections(site.port, OPEN_FILES);
      const during = await get(agent, `${site.base}/api/v1/utils/health`);
      expect(during.status, during.body).toBe(200);
      for (const s of flood) s.destroy();
      await waitFor('the server after the flood', site.healthy, 30_000);
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).toMatch(/connections are open \(MAX_CONNECTIONS\): new connections are refused/);
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it('by default holds half the open-files limit, read from /proc/self/limits; MAX_CONNECTIONS sets it, 0 for none', () => {
    expect(openFilesLimit('Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n')).toBe(1024);
    expect(openFilesLimit('Max open files            unlimited            unlimited            files\n')).toBeNull();
    expect(openFilesLimit(null)).toBeNull();
    expect(defaultConnectionLimit(1024)).toBe(512);
    expect(defaultConnectionLimit(null)).toBe(0);
    expect(loadConfig({ DATA_DIR: site.dataDir }).maxConnections).toBeNull();
    expect(loadConfig({ DATA_DIR: site.dataDir, MAX_CONNECTIONS: '300' }).maxConnections).toBe(300);
    expect(loadConfig({ DATA_DIR: site.dataDir, MAX_CONNECTIONS: '0' }).maxConnections).toBe(0);
  });
});
