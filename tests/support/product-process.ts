import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, loginToken } from '../../bench/lib/spawn-server';
import { freshDatabase } from './test-db';

const ROOT = path.resolve(import.meta.dirname, '../..');

export const PRODUCT_ADMIN = { email: 'process-admin@example.com', password: 'process-admin-password' };

export interface ProductProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited (at once if it already has). */
  exited(): Promise<void>;
}

/** A script of the product (server/main.ts, server/supervisor.ts) in its own Node process. */
export function spawnProduct(script: string, env: Record<string, string>): ProductProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exit = new Promise<void>((r) => child.once('exit', () => r()));
  return { child, output: () => output, exited: () => exit };
}

/** Polls `probe` until it gives a value; no fixed sleeps, a deadline. */
export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve().then(probe).catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A place for the product to run: a free port, a temporary data folder and, on the PostgreSQL
 * project (TEST_DB=postgres), a fresh database; `dispose` removes them.
 */
export async function productSite(extra: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-process-'));
  const database = process.env.TEST_DB === 'postgres' ? await freshDatabase() : null;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FIRST_SUPERUSER: PRODUCT_ADMIN.email,
    FIRST_SUPERUSER_PASSWORD: PRODUCT_ADMIN.password,
    SMTP_HOST: '',
    SEED_DEMO: 'false',
    ...(database ? { DATABASE_URL: database.url! } : {}),
    ...extra,
  };
  const base = `http://127.0.0.1:${port}`;
  return {
    port,
    base,
    dataDir,
    env,
    healthy: async () => (await fetch(`${base}/api/v1/utils/health-check/`)).ok,
    adminToken: () => loginToken(base, PRODUCT_ADMIN.email, PRODUCT_ADMIN.password),
    async dispose() {
      await database?.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Ends a process and waits for it (SIGKILL unless told otherwise). */
export async function stopProcess(p: ProductProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill(signal);
  await p.exited();
}
