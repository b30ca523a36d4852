import { spawn, execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailbox } from './fixtures/mailbox';

export const SUPERUSER = { email: 'admin@e2e.example.com', password: 'e2e-superuser-secret' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: { exitCode: number | null }, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not start in time:\n${log()}`);
}

/**
 * Builds the PWA once, starts a real SMTP server and the real API server on a fresh database. The
 * build goes into the run's own temporary folder, so a test run never touches the `dist/` that
 * `npm start` serves, and two runs do not overwrite each other's build.
 */
export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-e2e-'));
  const staticDir = path.join(dataDir, 'dist');
  execSync(`npx vite build --outDir ${JSON.stringify(staticDir)} --emptyOutDir`, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

  const mailbox = await startMailbox();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // E2E_SERVER_DIR runs the server from another checkout (say, the last commit while server/ is
  // being edited); by default it is this repository's.
  const server = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: process.env.E2E_SERVER_DIR ?? root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      FRONTEND_URL: baseUrl,
      FIRST_SUPERUSER: SUPERUSER.email,
      FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
      CONTACT_EMAIL: 'waitlist@e2e.example.com',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mailbox.smtpPort),
      // The worker runs in the server so submitted studies are scored (results and task manager tests).
      RUN_WORKER: 'true',
      // Many logins and recoveries come from one address in a test run.
      LOGIN_FREE_FAILURES: '10000',
      LOGIN_CLIENT_FREE_FAILURES: '10000',
      SIGNUPS_PER_CLIENT_PER_HOUR: '10000',
      RECOVERIES_PER_CLIENT_PER_HOUR: '10000',
      RECOVERIES_PER_ADDRESS_PER_HOUR: '10000',
      // The test workers share the superuser: her uploads and live updates come from several at once.
      UPLOADS_PER_USER: '1000',
      TASK_STREAMS_PER_USER: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  await waitForHealth(`${baseUrl}/api/v1/utils/health-check/`, server, () => output);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAILBOX_URL = mailbox.httpUrl;

  return async () => {
    // The server runs under npx; end its whole process group, and wait until it has exited: it may
    // still be writing a task's files, and the folder is removed after.
    if (server.pid && server.exitCode === null) {
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      process.kill(-server.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null && server.signalCode === null) {
        try {
          process.kill(-server.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    await mailbox.close();
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      // A leftover temporary folder is no test failure.
      console.warn(`e2e teardown: could not remove ${dataDir}: ${String(error)}`);
    }
  };
}
