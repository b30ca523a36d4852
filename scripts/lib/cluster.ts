/**
 * The topology of running at scale, on one machine (`npm run cluster`, the cluster test, the
 * bench): PostgreSQL (DATABASE_URL, or a fresh database on the local server), an Orthanc of its
 * own (orthanc-process.ts), two API processes (server/main.ts, no worker inside) behind a small
 * round-robin proxy, and worker processes (server/worker-main.ts). Every process gets the same
 * SECRET_KEY and database and its own DATA_DIR, as separate machines would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { freePort, startOrthanc, type OrthancProcess } from './orthanc-process';
import { openPostgres } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { createDatabase, dropDatabase } from '../../server/db/admin';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  dataDir: string;
  /** An API's own address (behind the proxy). */
  url?: string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** Its last lines of output. */
  recent: string[];
  /** Its first lines of output (how it started). */
  seen: string[];
}

export interface ClusterOptions {
  apis?: number;
  workers?: number;
  /** The proxy's port (0: a free one). */
  port?: number;
  host?: string;
  /** PostgreSQL to use as it is; without it a fresh database is made on `postgresAdminUrl` and dropped at stop. */
  databaseUrl?: string;
  postgresAdminUrl?: string;
  /** More environment for every API and worker process. */
  env?: Record<string, string>;
  /** Where each process's lines go (default: dropped). */
  log?: (name: string, line: string) => void;
}

export interface Cluster {
  url: string;
  databaseUrl: string;
  orthanc: OrthancProcess;
  apis: ClusterProcess[];
  workers: ClusterProcess[];
  superuser: { email: string; password: string };
  secretKey: string;
  /** Starts one more worker process; resolves once it takes work. */
  addWorker(): Promise<ClusterProcess>;
  stop(): Promise<void>;
}

function spawnNode(name: string, script: string, env: Record<string, string>, log?: ClusterOptions['log']): ClusterProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, MALLOC_ARENA_MAX: '2', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent: string[] = [];
  const seen: string[] = [];
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      recent.push(line);
      if (seen.length < 50) seen.push(line);
      if (recent.length > 20) recent.shift();
      log?.(name, line);
    }
  };
  child.stdout!.on('data', forward);
  child.stderr!.on('data', forward);
  const exited = child.exitCode !== null ? Promise.resolve() : once(child, 'exit').then(() => undefined);
  return { name, child, dataDir: env.DATA_DIR, exited, recent, seen };
}

/** Waits until the process prints a line matching `pattern` (a worker's "worker started"). */
async function waitForLine(p: ClusterProcess, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (p.seen.some((line) => pattern.test(line))) return;
    if (p.child.exitCode !== null || p.child.signalCode !== null) throw new Error(`${p.name} stopped while starting (exit ${p.child.exitCode ?? p.child.signalCode}):\n${p.recent.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`${p.name} did not start within ${timeoutMs / 1000} s:\n${p.recent.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitFor(url: string, p: ClusterProcess, timeoutMs = 60_000): Promise<void> {
  const { child, name: what } = p;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} stopped while starting (exit ${child.exitCode ?? child.signalCode}):\n${p.recent.join('\n')}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok).catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer on ${url} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A round-robin HTTP proxy: each request goes to the next API, its body and answer streamed, with
 * the client's address appended to X-Forwarded-For (the APIs run with TRUST_PROXY=1). An API that
 * cannot be reached answers 502 (the proxy does not retry: a request may not be safe to repeat).
 */
export function roundRobinProxy(targets: () => string[]): http.Server {
  let next = 0;
  const server = http.createServer((req, res) => {
    const list = targets();
    const target = new URL(list[next++ % list.length]);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...withoutHopByHop(req.headers), 'x-forwarded-for': forwardedFor } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: 'The API process behind the proxy cannot be reached.' }));
      } else res.destroy();
    });
    req.pipe(upstream);
    req.on('error', () => upstream.destroy());
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
  });
  // Idle client connections are left for the client to close (as server/main.ts does): a client
  // reusing one just as the server closes it would see ECONNRESET.
  server.keepAliveTimeout = 65_000;
  return server;
}

/** Headers of one connection, not of the message (RFC 9110, 7.6.1): never forwarded. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate'];

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = { ...headers };
  for (const h of HOP_BY_HOP) delete out[h];
  return out;
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const apiCount = opts.apis ?? 2;
  const workerCount = opts.workers ?? 2;
  const base = mkdtempSync(path.join(tmpdir(), 'sd-cluster-'));
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(base, { recursive: true, force: true })];
  const processes: ClusterProcess[] = [];
  const stopProcesses = async () => {
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.all(
      processes.map(async (p) => {
        const killer = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
        await p.exited;
        clearTimeout(killer);
      }),
    );
  };
  const stop = async () => {
    await stopProcesses();
    for (const c of cleanups.reverse()) await c().catch((err) => console.error('cluster: cleanup failed:', err));
  };

  try {
    // PostgreSQL: the one given, or a fresh database that goes at stop.
    let databaseUrl = opts.databaseUrl;
    if (!databaseUrl) {
      const admin = opts.postgresAdminUrl ?? LOCAL_POSTGRES;
      const name = `sd_cluster_${randomBytes(5).toString('hex')}`;
      databaseUrl = await createDatabase(admin, name);
      cleanups.push(() => dropDatabase(admin, name));
    }
    // Migrated once here, so the processes start on the same schema without taking turns.
    const db = await openPostgres(databaseUrl);
    await migrate(db);
    await db.close();

    const orthanc = await startOrthanc();
    cleanups.push(() => orthanc.stop());

    const secretKey = randomBytes(32).toString('hex');
    const superuser = { email: 'admin@example.com', password: process.env.FIRST_SUPERUSER_PASSWORD || randomBytes(9).toString('base64url') };
    const shared = {
      DATABASE_URL: databaseUrl,
      SECRET_KEY: secretKey,
      FIRST_SUPERUSER: superuser.email,
      FIRST_SUPERUSER_PASSWORD: superuser.password,
      ...orthanc.env,
      ...opts.env,
    };

    const apis: ClusterProcess[] = [];
    for (let i = 1; i <= apiCount; i++) {
      const port = await freePort();
      const dataDir = path.join(base, `api-${i}`);
      const api = spawnNode(`api-${i}`, 'server/main.ts', {
        ...shared,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        RUN_WORKER: 'false',
        TRUST_PROXY: '1',
        // The built-in demo studies are made once, by the first API.
        SEED_DEMO: i === 1 ? (opts.env?.SEED_DEMO ?? process.env.SEED_DEMO ?? 'true') : 'false',
      }, opts.log);
      api.url = `http://127.0.0.1:${port}`;
      processes.push(api);
      apis.push(api);
    }
    const workers: ClusterProcess[] = [];
    const spawnWorker = () => {
      const n = workers.length + 1;
      const w = spawnNode(`worker-${n}`, 'server/worker-main.ts', { ...shared, DATA_DIR: path.join(base, `worker-${n}`) }, opts.log);
      processes.push(w);
      workers.push(w);
      return w;
    };
    // A worker that could not start is said then, not found out later as work nobody takes.
    const workerStarted = (w: ClusterProcess) => waitForLine(w, /^worker started/);
    const addWorker = async () => {
      const w = spawnWorker();
      await workerStarted(w);
      return w;
    };
    for (let i = 0; i < workerCount; i++) spawnWorker();
    await Promise.all(apis.map((a) => waitFor(`${a.url}/api/v1/utils/health-check/`, a)));
    await Promise.all(workers.map(workerStarted));

    const proxy = roundRobinProxy(() => apis.map((a) => a.url!));
    proxy.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
    await once(proxy, 'listening');
    cleanups.push(() => new Promise<void>((r) => { proxy.closeAllConnections(); proxy.close(() => r()); }));
    const address = proxy.address() as { port: number };
    const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
    return { url: `http://${host}:${address.port}`, databaseUrl, orthanc, apis, workers, superuser, secretKey, addWorker, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
