import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { composeServices } from '../../server/compose';
import { createApp } from '../../server/http/app';
import { createJobQueue, type JobQueue } from '../../server/jobs/queue';
import { runWorker } from '../../server/runtime';
import { createPipeline } from '../../server/jobs/pipeline';
import { createHeadStart, watchUploads } from '../../server/jobs/head-start';
import type { Pipeline } from '../../server/jobs/process-task';
import { freshDatabase } from './test-db';
import { startSmtp } from './smtp';
import { TaskPublic, type ViewKey } from '../../core/contract';
import { studyForm } from '../fixtures/studies';

export const SUPERUSER = { email: 'admin@example.com', password: 'admin-password-1' };

type Body = { json?: unknown; form?: Record<string, string>; body?: BodyInit; headers?: Record<string, string> };
/** `client`: the socket address the request seems to come from (else the app sees no socket, "unknown"). */
type RequestOptions = Body & { token?: string; client?: string };

/** A request to an app in-process (or, given a `request` that fetches, over HTTP), answered as the harness's `request` answers. */
export async function requestApp(app: { request: (url: string, init: RequestInit, env?: unknown) => Response | Promise<Response> }, method: string, url: string, opts: RequestOptions = {}) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  // The Node server's bindings, as @hono/node-server's getConnInfo reads them.
  const env = opts.client ? { incoming: { socket: { remoteAddress: opts.client } } } : undefined;
  const res = await app.request(`/api/v1${url}`, { method, headers, body }, env);
  const text = await res.text();
  let data: any = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON (HTML, PNG): keep the text */
  }
  return { status: res.status, data, headers: res.headers };
}

/**
 * The real server in-process: a fresh database (PGlite or PostgreSQL by TEST_DB), a temporary data
 * folder and a real SMTP server that receives the mails.
 */
export async function startApi(
  env: Record<string, string> = {},
  opts: {
    worker?: boolean;
    now?: () => Date;
    /** The worker's pipeline (default: the real one, in this thread). */
    pipeline?: Pipeline;
    /** Views begun as their files arrive (server/jobs/head-start.ts), as the server does it. */
    headStart?: boolean;
    /** What the worker logs (default: nothing). */
    workerLog?: (msg: string) => void;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-api-'));
  const smtp = await startSmtp();
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    FIRST_SUPERUSER: SUPERUSER.email,
    FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    FRONTEND_URL: 'http://app.test',
    CONTACT_EMAIL: 'contact@app.test',
    // Every request of a test file comes from one client; a test of the throttling sets its own.
    LOGIN_FREE_FAILURES: '1000',
    LOGIN_CLIENT_FREE_FAILURES: '1000',
    SIGNUPS_PER_CLIENT_PER_HOUR: '1000',
    RECOVERIES_PER_ADDRESS_PER_HOUR: '1000',
    RECOVERIES_PER_CLIENT_PER_HOUR: '1000',
    RUN_WORKER: 'false',
    ...env,
  });
  const database = await freshDatabase();
  await migrate(database.db);
  let queue: JobQueue | null = null;
  if (opts.worker) queue = await createJobQueue(database.db, database.url, { ...config.jobs, pollingIntervalSeconds: 0.5 });
  const pipeline = opts.pipeline ?? createPipeline();
  // This pipeline runs in the test's own thread: "idle" is whether none of its calls is running.
  let running = 0;
  const counted: Pipeline = {
    prepare: (bytes, key) => (running++, pipeline.prepare(bytes, key).finally(() => running--)),
    score: (views, ctx) => (running++, pipeline.score(views, ctx).finally(() => running--)),
  };
  const headStart = queue && opts.headStart ? createHeadStart(counted, { idle: () => running === 0 }) : null;
  const uploads = headStart ? watchUploads({ expectWork: () => undefined }, headStart) : undefined;
  const services = composeServices(config, database.db, { log: () => undefined, now: opts.now, enqueue: queue ? (id) => queue!.enqueue(id) : undefined, uploads });
  if (queue) await runWorker(config, database.db, queue, counted, opts.workerLog ?? (() => undefined), (id) => services.userCache.forget(id), headStart ?? undefined);
  await services.users.ensureFirstSuperuser(() => undefined);
  const app = createApp(services);

  const request = (method: string, url: string, opts: RequestOptions = {}) => requestApp(app, method, url, opts);

  async function login(email: string, password: string): Promise<string> {
    const res = await request('POST', '/login/access-token', { form: { username: email, password } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.data)}`);
    return res.data.access_token;
  }

  const superToken = await login(SUPERUSER.email, SUPERUSER.password);

  /** The task once it is completed or failed, read as its owner reads it; fails after `timeoutMs`. */
  async function waitSettled(token: string, id: string, timeoutMs = 90_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await request('GET', `/tasks/${id}`, { token });
      if (res.data.status === 'completed' || res.data.status === 'failed') return res.data;
      if (Date.now() > deadline) throw new Error(`task ${id} still ${res.data.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Submits a study as `token`'s owner and returns its task once completed; throws otherwise. */
  async function completedStudy(token: string, files: Record<ViewKey, Uint8Array>): Promise<TaskPublic> {
    const res = await request('POST', '/tasks/', { token, body: studyForm(files) });
    if (res.status !== 200) throw new Error(`the submission answered ${res.status}: ${JSON.stringify(res.data)}`);
    const done = await waitSettled(token, res.data.id);
    if (done.status !== 'completed') throw new Error(`task ${res.data.id} ${done.status}: ${JSON.stringify(done.result)}`);
    return TaskPublic.parse(done);
  }

  /** A verified user with a unique e-mail, created by the superuser. */
  async function createUser(fields: Record<string, unknown> = {}) {
    const email = `user-${randomBytes(5).toString('hex')}@example.org`;
    const password = 'password-' + randomBytes(4).toString('hex');
    const res = await request('POST', '/users/', {
      token: superToken,
      json: { email, password, full_name: 'Test Person', birthdate: '1970-05-17', ...fields },
    });
    if (res.status !== 200) throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.data)}`);
    const token = await login(email, password);
    return { ...res.data, password, token } as { id: string; email: string; password: string; token: string; [k: string]: unknown };
  }

  return {
    app,
    config,
    services,
    headStart,
    db: database.db,
    smtp,
    request,
    login,
    createUser,
    waitSettled,
    completedStudy,
    superToken,
    dataDir,
    async close() {
      await queue?.stop();
      await services.taskEvents.close();
      await services.userCache.close();
      await smtp.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type ApiHarness = Awaited<ReturnType<typeof startApi>>;
