/**
 * A process killed mid-job (SIGKILL: no clean-up, no goodbye) leaves its task to be picked up
 * again after restart, and the task completes exactly once. On PGlite the whole server is the
 * worker, so the server is killed; on PostgreSQL a separate `npm run worker` process is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, loginToken } from '../../bench/lib/spawn-server';
import { AI_MODEL } from '../../core/decisions';
import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { makeStudyFiles } from '../fixtures/studies';
import { dbLabel, freshDatabase } from '../support/test-db';

const ROOT = path.resolve(__dirname, '../..');
const ADMIN = { email: 'crash-admin@example.com', password: 'crash-admin-password' };
const onPostgres = process.env.TEST_DB === 'postgres';
const JOB_EXPIRE_SECONDS = 15;

function startProcess(script: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

function kill(p: { child: ChildProcess }): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return Promise.resolve();
  const gone = new Promise<void>((r) => p.child.once('exit', () => r()));
  p.child.kill('SIGKILL');
  return gone;
}

describe(`crash safety on ${dbLabel()}`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-crash-'));
  const procs: Array<{ child: ChildProcess; output: () => string }> = [];
  let database: Awaited<ReturnType<typeof freshDatabase>> | null = null;
  let env: Record<string, string>;
  let base: string;
  let study: Record<ViewKey, Uint8Array>;

  async function startServer() {
    const p = startProcess('server/main.ts', env);
    procs.push(p);
    await waitFor('the server', async () => (await fetch(`${base}/api/v1/utils/health-check/`)).ok, 90_000, 200).catch((err) => {
      throw new Error(`${err.message}\n${p.output()}`);
    });
    return p;
  }

  function startWorker() {
    const p = startProcess('server/worker-main.ts', env);
    procs.push(p);
    return p;
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FIRST_SUPERUSER: ADMIN.email,
      FIRST_SUPERUSER_PASSWORD: ADMIN.password,
      SMTP_HOST: '',
      SEED_DEMO: 'false',
      // A job whose worker died is handed out again after this long (and its task re-queued). Long
      // enough that a restarted worker's own run of the study ends before its job could expire
      // again on a loaded machine (at 4 s, under a load average of 20, the study ran twice).
      JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS),
      JOB_POLL_SECONDS: '0.5',
      JOB_MAINTENANCE_SECONDS: '1',
      // A separate worker's changes reach the server's user cache within AUTH_CACHE_MS; this test
      // reads the user right after the task completes.
      AUTH_CACHE_MS: '0',
    };
    if (onPostgres) {
      database = await freshDatabase();
      env.DATABASE_URL = database.url!;
      env.RUN_WORKER = 'false';
    }
    // Big enough that processing takes a moment, so the kill lands mid-job.
    study = await makeStudyFiles({ seed: 5, width: 1400, height: 1723 });
  });

  afterAll(async () => {
    for (const p of procs) await kill(p);
    if (database) await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a task once after the process running it is killed mid-job', async () => {
    const server = await startServer();
    let worker = onPostgres ? startWorker() : server;
    const admin = await loginToken(base, ADMIN.email, ADMIN.password);
    const email = `crash-${Date.now()}@example.com`;
    const created = await fetch(`${base}/api/v1/users/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'crash-user-password', full_name: 'Crash Test', submission_limit: 1 }),
    });
    expect(created.status).toBe(200);
    const token = await loginToken(base, email, 'crash-user-password');
    const auth = { authorization: `Bearer ${token}` };

    const form = new FormData();
    form.set('ai_model', AI_MODEL);
    for (const key of VIEW_KEYS) form.append(key, new Blob([new Uint8Array(study[key])]), `${key}.dcm`);
    const submitted = await fetch(`${base}/api/v1/tasks/`, { method: 'POST', headers: auth, body: form });
    expect(submitted.status).toBe(200);
    const taskId = ((await submitted.json()) as { id: string }).id;
    const status = async () => ((await (await fetch(`${base}/api/v1/tasks/${taskId}`, { headers: auth })).json()) as { status: string; result: unknown });

    await waitFor('the task to run', async () => (await status()).status === 'running', 60_000, 20);
    await kill(worker);

    let server2 = server;
    if (onPostgres) {
      expect((await status()).status).toBe('running');
      worker = startWorker();
    } else {
      server2 = await startServer();
      expect(['running', 'queued']).toContain((await status()).status);
    }
    const done = await waitFor('the task to finish', async () => {
      const s = await status();
      return s.status === 'completed' || s.status === 'failed' ? s : null;
    }, 120_000, 250).catch((err) => {
      throw new Error(`${err.message}\n${procs.map((p) => p.output()).join('\n----\n')}`);
    });
    expect(done.status).toBe('completed');

    const me = (await (await fetch(`${base}/api/v1/users/me`, { headers: auth })).json()) as { submission_count: number; status: string };
    expect(me).toMatchObject({ submission_count: 1, status: 'result_available' });
    const list = (await (await fetch(`${base}/api/v1/tasks/`, { headers: auth })).json()) as { count: number };
    expect(list.count).toBe(1);
    // The old job, handed out again when it expires, finds the task done and leaves it alone.
    await new Promise((r) => setTimeout(r, (JOB_EXPIRE_SECONDS + 2) * 1000));
    const after = await status();
    expect(after.status).toBe('completed');
    expect(after.result).toEqual(done.result);
    const log = (onPostgres ? worker : server2).output();
    expect(log.match(new RegExp(`task ${taskId}: completed`, 'g')) ?? []).toHaveLength(1);
  }, 300_000);
});
