/**
 * Waking idle workers when a task is queued, instead of at their next poll (JOB_POLL_SECONDS).
 * Within one process (the embedded database, or API and worker together) the queue wakes its own
 * workers directly; across processes on PostgreSQL, the enqueuing process sends NOTIFY on
 * TASK_QUEUED_CHANNEL and every worker process LISTENs on it. Polling stays as the fallback: a
 * lost notification (a dropped connection) costs at most one polling interval.
 */
export const TASK_QUEUED_CHANNEL = 'sd_task_queued';

/** How long a broken listening connection waits before it connects again, ms. */
const RECONNECT_MS = [250, 1000, 5000];

export interface TaskListener {
  close(): Promise<void>;
}

/**
 * LISTENs on TASK_QUEUED_CHANNEL over one dedicated connection and calls `onQueued` for each
 * notification; reconnects after an error for as long as it is open.
 */
export async function listenForQueuedTasks(databaseUrl: string, onQueued: () => void, log: (msg: string) => void = console.error): Promise<TaskListener> {
  const pg = (await import('pg')).default;
  let closed = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === TASK_QUEUED_CHANNEL) onQueued();
    });
    c.on('error', (err) => retry(c, err));
    try {
      await c.connect();
      await c.query(`LISTEN ${TASK_QUEUED_CHANNEL}`);
      failures = 0;
      // A task queued while the connection was down waits for no poll either.
      onQueued();
    } catch (err) {
      retry(c, err as Error);
    }
  }

  function retry(c: InstanceType<typeof pg.Client>, err: Error) {
    if (closed || client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    const wait = RECONNECT_MS[Math.min(failures++, RECONNECT_MS.length - 1)];
    log(`job queue: listening for queued tasks failed (${err.message}); trying again in ${wait} ms`);
    timer = setTimeout(() => void connect(), wait);
    timer.unref();
  }

  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
