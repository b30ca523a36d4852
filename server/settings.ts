/**
 * Every environment setting of the product, its default and what it means: the one list from
 * which the README's configuration table and `.env.example` are generated (`npm run settings`),
 * and which a test holds against what `loadConfig` (config.ts) actually reads. Defaults and
 * meanings are Markdown (the README shows them as they are; `.env.example` drops the backticks).
 */
export interface Setting {
  name: string;
  /** The default, as a reader should see it: a literal in backticks, or words ("unset", ...). */
  default: string;
  meaning: string;
}

export const SETTINGS: readonly Setting[] = [
  { name: "PORT", default: "`8000`", meaning: "HTTP port of the API, the PWA and the docs" },
  { name: "HOST", default: "`127.0.0.1`", meaning: "address to listen on (`0.0.0.0` to serve a network)" },
  { name: "DATA_DIR", default: "`./data`", meaning: "database (`db/`), uploaded files (`files/`), mail outbox (`outbox/`), generated secret key; files and mails are written 0600 in folders 0700 (readable by the server's user only)" },
  { name: "DATABASE_URL", default: "unset", meaning: "PostgreSQL instead of the embedded PGlite, e.g. `postgres://user@host:5432/db`" },
  { name: "SECRET_KEY", default: "generated into `DATA_DIR/secret.key`", meaning: "signs access tokens" },
  { name: "ACCESS_TOKEN_EXPIRE_MINUTES", default: "`11520` (8 days)", meaning: "lifetime of an access token" },
  { name: "EMAIL_VERIFY_TOKEN_EXPIRE_HOURS", default: "`48`", meaning: "lifetime of an e-mail verification link" },
  { name: "EMAIL_RESET_TOKEN_EXPIRE_HOURS", default: "`1`", meaning: "lifetime of a password reset link" },
  { name: "FIRST_SUPERUSER", default: "`admin@example.com`", meaning: "e-mail of the superuser created at first start" },
  { name: "FIRST_SUPERUSER_PASSWORD", default: "random, printed once", meaning: "its password" },
  { name: "FRONTEND_URL", default: "`http://localhost:$PORT`", meaning: "base of the links in mails" },
  { name: "CONTACT_EMAIL", default: "`waitlist@smartdensity.example`", meaning: "the address shown in the request-access, limit and error messages" },
  { name: "BLOCKED_SIGNUP_DOMAINS", default: "`outlook.com,hotmail.com,outlook.se,hotmail.se`", meaning: "sign-up refuses these domains (case-insensitive)" },
  { name: "DEFAULT_SUBMISSION_LIMIT", default: "`0`", meaning: "submission limit of new sign-ups (0: submissions are not open to the public)" },
  { name: "SMTP_HOST", default: "unset", meaning: "send mail over SMTP through this host; without it mail goes to `DATA_DIR/outbox`" },
  { name: "SMTP_PORT", default: "`587`", meaning: "the SMTP server's port" },
  { name: "SMTP_USER", default: "unset", meaning: "SMTP user name (none: no login)" },
  { name: "SMTP_PASSWORD", default: "unset", meaning: "SMTP password" },
  { name: "SMTP_SSL", default: "`false`", meaning: "TLS from the first byte (port 465); otherwise STARTTLS when the server offers it" },
  { name: "EMAILS_FROM_EMAIL", default: "`Smart Density <no-reply@smartdensity.example>`", meaning: "sender of mails" },
  { name: "STATIC_DIR", default: "`dist`", meaning: "the built PWA that the server serves (nothing outside it: a sibling such as `dist-private/` is not reachable)" },
  { name: "RUN_WORKER", default: "`true`", meaning: "run the job worker inside the server process (`npm run worker` runs it alone; a separate worker needs `DATABASE_URL`)" },
  { name: "SEED_DEMO", default: "`true`", meaning: "create the three built-in demo profiles (with generated studies scored by the engine) at first start, after the server answers" },
  { name: "WORKER_CONCURRENCY", default: "`1`", meaning: "jobs one worker process runs at once" },
  { name: "MALLOC_ARENA_MAX", default: "`2` (set by `npm start`, `npm run server` and `npm run worker`)", meaning: "glibc's malloc arenas: with one per thread, memory the processing threads free stays held, and a server that ran a few studies held about 1 GB instead of about 650 MB" },
  { name: "PIPELINE_THREADS", default: "`2` (`1` on a one-core machine)", meaning: "processing threads of a worker: a study's four views decode and analyse side by side, one per thread; each thread costs memory" },
  { name: "PIPELINE_WARM_UP", default: "`true`", meaning: "each new processing thread (at start, and when an idle worker renews its threads to give memory back) first analyses a small phantom study, its views uncompressed, JPEG 2000 and JPEG-LS, so that its code and decoders are optimised before a real study comes: about a second less for the first study, for a few seconds of CPU while idle and more memory held while idle (an idle server here: about 790 MB 70 s after start, about 600 MB without the warm-up)" },
  { name: "PIPELINE_HEAD_START", default: "`true`", meaning: "an in-process worker whose threads are idle decodes and analyses each view of an upload as soon as its file has arrived, while the rest is still uploading (one study at a time; what was begun for an upload that is refused, or that another worker process takes, is dropped): over a slow connection most of the processing is done by the end of the upload" },
  { name: "MAX_UPLOAD_BYTES", default: "`209715200` (200 MB)", meaning: "largest accepted DICOM file" },
  { name: "REQUEST_TIMEOUT_SECONDS", default: "`3600` (an hour)", meaning: "longest a request may take to arrive, its upload included (`0`: no limit): a four-view study of 110 MB over a 0.25 Mbit/s connection takes about an hour; Node's own 5 minutes cut such an upload off every time it was sent again" },
  { name: "IDLE_TIMEOUT_SECONDS", default: "`120`", meaning: "a connection on which nothing arrives or leaves for this long is closed (`0`: never): a stalled upload ends instead of holding its connection for the whole request timeout (the app's outbox sends it again); a slow one that keeps sending goes on" },
  { name: "MAX_CONNECTIONS", default: "half the process's open-files limit (`ulimit -n`; 512 at the common 1024)", meaning: "connections the server holds at once (`0`: no limit); past it a new connection is closed as soon as it is accepted, and the open ones carry on. Each connection costs a file descriptor: without a cap, about a thousand idle connections from anyone used them all, and uploads, the health check and then the process itself failed. Raise `ulimit -n` to serve more" },
  { name: "UPLOADS_PER_USER", default: "`2`", meaning: "studies one person may be sending at once, counted per API process: a further one answers 429 before its files are read (the app sends one at a time and tries again later); without it one account could stream dozens of studies to disk side by side" },
  { name: "TASK_STREAMS_PER_USER", default: "`10`", meaning: "live updates of tasks (`GET /tasks/{id}/events`) one person may have open at once, counted per API process: a further one answers 429 and the page polls instead; without it one account held thousands of open connections" },
  { name: "CORS_ORIGINS", default: "unset", meaning: "comma-separated origins allowed to call the API from another site" },
  { name: "VIEWER_URL", default: "unset", meaning: "an external DICOM viewer (OHIF) for /dicom-viewer; the built-in viewer otherwise" },
  { name: "STORAGE", default: "`local`", meaning: "where the images go: `local`, files under `DATA_DIR/files` (one machine); `orthanc`, DICOM files in the Orthanc server at `ORTHANC_URL` and their display images in the database, so several API and worker processes on several machines share them (an upload is staged under `DATA_DIR/files` only until Orthanc has it)" },
  { name: "ORTHANC_URL", default: "unset", meaning: "with `STORAGE=orthanc`: the Orthanc server's REST address, e.g. `http://127.0.0.1:8042`" },
  { name: "ORTHANC_USERNAME", default: "unset", meaning: "with `STORAGE=orthanc`: a user of Orthanc's `RegisteredUsers` (none: no authentication)" },
  { name: "ORTHANC_PASSWORD", default: "unset", meaning: "that user's password" },
  { name: "ORTHANC_TIMEOUT_MS", default: "`30000`", meaning: "with `STORAGE=orthanc`: how long one call to Orthanc may take before the store counts as unavailable (an upload then answers 503 and is not counted; a job is retried)" },
  { name: "LOGIN_FREE_FAILURES", default: "`5`", meaning: "failed logins of an account, and of one client at one account, before delays begin: each further failure makes the next attempt wait twice as long (1 s, 2 s, 4 s ...), answered 429 with `Retry-After`" },
  { name: "LOGIN_ACCOUNT_MAX_DELAY_SECONDS", default: "`60`", meaning: "the longest wait an account's failures impose on every client, its owner's included" },
  { name: "LOGIN_CLIENT_FREE_FAILURES", default: "`50`", meaning: "failed logins from one client over all accounts before its delays begin" },
  { name: "LOGIN_CLIENT_MAX_DELAY_SECONDS", default: "`900`", meaning: "the longest wait a client's failures impose on that client" },
  { name: "SIGNUPS_PER_CLIENT_PER_HOUR", default: "`20`", meaning: "sign-ups from one client in an hour (429 beyond)" },
  { name: "RECOVERIES_PER_CLIENT_PER_HOUR", default: "`20`", meaning: "password recovery requests, and requests to move the own account to a new address, from one client in an hour (429 beyond)" },
  { name: "RECOVERIES_PER_ADDRESS_PER_HOUR", default: "`5`", meaning: "recovery mails to one e-mail address in an hour (further requests get the same answer and send none), and links to one new address when accounts ask to move to it (429 beyond)" },
  { name: "TRUST_PROXY", default: "off", meaning: "whether `X-Forwarded-For` names the client: off, the socket's address does (the header is ignored, any client can write it); `true` or `1`, behind one reverse proxy, the header's last entry (the one the proxy added); a number n, behind n proxies, the n-th entry from the right. Entries further left are never believed. Behind a proxy, set it: otherwise every client counts as the proxy's address, and the failed logins of all of them slow down everyone" },
  { name: "AUTH_CACHE_MS", default: "`1000`", meaning: "how long a token's user is kept in memory between requests (a separate worker's status changes, and another API process's logouts and password changes, show within this time)" },
  { name: "JOB_RETRY_LIMIT", default: "`3`", meaning: "retries of a job that failed for a reason on our side (a file that cannot be read fails at once)" },
  { name: "JOB_RETRY_DELAY_SECONDS", default: "`5`", meaning: "first retry delay; it doubles with each retry" },
  { name: "JOB_EXPIRE_SECONDS", default: "`300`", meaning: "a job whose worker died is handed out again after this long (the embedded database hands such jobs back at once on restart)" },
  { name: "JOB_POLL_SECONDS", default: "`1`", meaning: "how often an idle worker looks for work when nothing woke it: a queued task wakes the workers at once (directly within a process; across processes on PostgreSQL by `NOTIFY sd_task_queued`, which every worker `LISTEN`s to, `server/jobs/queue.ts`), so the poll only matters when a wake is lost" },
  { name: "JOB_MAINTENANCE_SECONDS", default: "`30`", meaning: "how often the queue expires and cleans jobs" },
];
