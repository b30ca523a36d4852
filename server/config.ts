import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './storage/permissions';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_BLOCKED_SIGNUP_DOMAINS } from '../core/decisions';

/**
 * Every setting of the server, read once from the environment with safe defaults for a local run.
 * The README's configuration table documents the same names; keep the two together.
 */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  secretKey: string;
  accessTokenMinutes: number;
  verifyTokenHours: number;
  resetTokenHours: number;
  firstSuperuser: string;
  firstSuperuserPassword: string | null;
  frontendUrl: string;
  contactEmail: string;
  blockedSignupDomains: string[];
  defaultSubmissionLimit: number;
  smtp: { host: string; port: number; user: string | null; password: string | null; secure: boolean } | null;
  emailsFrom: string;
  staticDir: string;
  runWorker: boolean;
  workerConcurrency: number;
  /** Threads of a worker's pipeline: views decode side by side, one per thread. */
  pipelineThreads: number;
  /** Each new pipeline thread first runs a small study (server/jobs/warm-up.ts). */
  pipelineWarmUp: boolean;
  /** Decode and analyse each view of an upload as soon as its file has arrived (jobs/head-start.ts). */
  pipelineHeadStart: boolean;
  maxUploadBytes: number;
  /** Longest a request may take to arrive, s (0: no limit); server/http/connection-timeouts.ts. */
  requestTimeoutSeconds: number;
  /** A connection quiet this long, s, is closed (0: never); server/http/connection-timeouts.ts. */
  idleTimeoutSeconds: number;
  /** Connections held at once (null: half the open-files limit; 0: none); server/http/connection-limit.ts. */
  maxConnections: number | null;
  /** Uploads one person may send at once (server/limits/per-user-slots.ts); 429 beyond. */
  uploadsPerUser: number;
  /** Live task updates (event streams) one person may have open at once; 429 beyond. */
  taskStreamsPerUser: number;
  corsOrigins: string[];
  viewerUrl: string | null;
  /** Where the images go: the local folder (DATA_DIR/files) or an Orthanc server. */
  storage: StorageConfig;
  throttle: ThrottleConfig;
  /**
   * Proxies in front of the server whose X-Forwarded-For entries are believed (0: none, the socket's
   * address names the client; n: the n-th entry from the right).
   */
  trustProxy: number;
  authCacheMs: number;
  /** Create the built-in demo profiles (with their generated studies) at first start. */
  seedDemo: boolean;
  jobs: { retryLimit: number; retryDelaySeconds: number; expireInSeconds: number; pollingIntervalSeconds: number; maintenanceIntervalSeconds: number };
}

export type StorageConfig =
  | { kind: 'local' }
  | { kind: 'orthanc'; url: string; username: string | null; password: string | null; timeoutMs: number };

/** STORAGE: `local` (the default) or `orthanc`, which needs ORTHANC_URL. */
function storage(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = (env.STORAGE || 'local').trim().toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 'orthanc') throw new Error(`STORAGE must be local or orthanc, not "${env.STORAGE}"`);
  const url = env.ORTHANC_URL?.trim();
  if (!url || !/^https?:\/\/[^\s]+$/.test(url)) throw new Error('STORAGE=orthanc needs ORTHANC_URL, the http(s) address of the Orthanc server');
  return { kind: 'orthanc', url, username: env.ORTHANC_USERNAME || null, password: env.ORTHANC_PASSWORD || null, timeoutMs: Math.max(1000, int(env.ORTHANC_TIMEOUT_MS, 30_000)) };
}

/** Throttling of logins (growing delays), sign-ups and recoveries (requests per hour). */
export interface ThrottleConfig {
  /** Failed logins of an account, and of one client at one account, before delays begin. */
  loginFreeFailures: number;
  /** Failed logins from one client over all accounts before its delays begin. */
  loginClientFreeFailures: number;
  /** The longest wait an account's failures impose on everyone (its owner included). */
  loginAccountMaxDelaySeconds: number;
  /** The longest wait a client's failures impose on that client. */
  loginClientMaxDelaySeconds: number;
  signupsPerHour: number;
  recoveriesPerHour: number;
  recoveriesPerClientPerHour: number;
}

/** Pipeline threads by default: two views decode at once where there are two cores; more cost memory. */
export function defaultPipelineThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`Expected a number, got "${value}"`);
  return Math.trunc(n);
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function list(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

/** TRUST_PROXY: off (unset, false, 0), on (true: one proxy) or a number of proxies. */
function trustProxy(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  return bool(value, false) ? 1 : 0;
}

/** The secret that signs access tokens: configured, or generated once and kept in the data folder. */
function loadSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: PRIVATE_FILE_MODE });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8000);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const smtpHost = env.SMTP_HOST || '';
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    secretKey: loadSecret(dataDir, env.SECRET_KEY),
    accessTokenMinutes: int(env.ACCESS_TOKEN_EXPIRE_MINUTES, 60 * 24 * 8),
    verifyTokenHours: int(env.EMAIL_VERIFY_TOKEN_EXPIRE_HOURS, 48),
    resetTokenHours: int(env.EMAIL_RESET_TOKEN_EXPIRE_HOURS, 1),
    firstSuperuser: (env.FIRST_SUPERUSER || 'admin@example.com').toLowerCase(),
    firstSuperuserPassword: env.FIRST_SUPERUSER_PASSWORD || null,
    frontendUrl: (env.FRONTEND_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    contactEmail: env.CONTACT_EMAIL || 'waitlist@smartdensity.example',
    blockedSignupDomains: list(env.BLOCKED_SIGNUP_DOMAINS, DEFAULT_BLOCKED_SIGNUP_DOMAINS).map((d) => d.toLowerCase()),
    defaultSubmissionLimit: Math.max(0, int(env.DEFAULT_SUBMISSION_LIMIT, 0)),
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: int(env.SMTP_PORT, 587),
          user: env.SMTP_USER || null,
          password: env.SMTP_PASSWORD || null,
          secure: bool(env.SMTP_SSL, false),
        }
      : null,
    emailsFrom: env.EMAILS_FROM_EMAIL || 'Smart Density <no-reply@smartdensity.example>',
    staticDir: path.resolve(env.STATIC_DIR || 'dist'),
    runWorker: bool(env.RUN_WORKER, true),
    seedDemo: bool(env.SEED_DEMO, true),
    workerConcurrency: Math.max(1, int(env.WORKER_CONCURRENCY, 1)),
    pipelineThreads: Math.max(1, int(env.PIPELINE_THREADS, defaultPipelineThreads())),
    pipelineWarmUp: bool(env.PIPELINE_WARM_UP, true),
    pipelineHeadStart: bool(env.PIPELINE_HEAD_START, true),
    maxUploadBytes: int(env.MAX_UPLOAD_BYTES, 200 * 1024 * 1024),
    requestTimeoutSeconds: int(env.REQUEST_TIMEOUT_SECONDS, 3600),
    idleTimeoutSeconds: int(env.IDLE_TIMEOUT_SECONDS, 120),
    maxConnections: env.MAX_CONNECTIONS ? Math.max(0, int(env.MAX_CONNECTIONS, 0)) : null,
    uploadsPerUser: Math.max(1, int(env.UPLOADS_PER_USER, 2)),
    taskStreamsPerUser: Math.max(1, int(env.TASK_STREAMS_PER_USER, 10)),
    corsOrigins: list(env.CORS_ORIGINS, []),
    viewerUrl: env.VIEWER_URL || null,
    storage: storage(env),
    throttle: {
      loginFreeFailures: Math.max(0, int(env.LOGIN_FREE_FAILURES, 5)),
      loginClientFreeFailures: Math.max(0, int(env.LOGIN_CLIENT_FREE_FAILURES, 50)),
      loginAccountMaxDelaySeconds: Math.max(1, int(env.LOGIN_ACCOUNT_MAX_DELAY_SECONDS, 60)),
      loginClientMaxDelaySeconds: Math.max(1, int(env.LOGIN_CLIENT_MAX_DELAY_SECONDS, 15 * 60)),
      signupsPerHour: Math.max(1, int(env.SIGNUPS_PER_CLIENT_PER_HOUR, 20)),
      recoveriesPerHour: Math.max(1, int(env.RECOVERIES_PER_ADDRESS_PER_HOUR, 5)),
      recoveriesPerClientPerHour: Math.max(1, int(env.RECOVERIES_PER_CLIENT_PER_HOUR, 20)),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    authCacheMs: int(env.AUTH_CACHE_MS, 1000),
    jobs: {
      retryLimit: int(env.JOB_RETRY_LIMIT, 3),
      retryDelaySeconds: int(env.JOB_RETRY_DELAY_SECONDS, 5),
      expireInSeconds: int(env.JOB_EXPIRE_SECONDS, 300),
      pollingIntervalSeconds: Math.max(0.5, Number(env.JOB_POLL_SECONDS || 1)),
      maintenanceIntervalSeconds: int(env.JOB_MAINTENANCE_SECONDS, 30),
    },
  };
}
