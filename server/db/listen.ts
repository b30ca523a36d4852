/**
 * LISTEN on PostgreSQL over one dedicated connection that reconnects: how one process learns of
 * what another did (a queued task, a task that changed). PGlite, one process, has its own
 * `listen` (see client.ts).
 */
/** How long a broken listening connection waits before it connects again, ms. */
const RECONNECT_MS = [250, 1000, 5000];

export interface Listener {
  close(): Promise<void>;
}

/**
 * LISTENs on `channel` over one dedicated connection and calls `onPayload` for each notification;
 * reconnects after an error for as long as it is open. After each (re)connection `onPayload` is
 * called with null: notifications sent while the connection was down are lost, so a listener
 * looks again at what it watches.
 */
export async function listenPostgres(databaseUrl: string, channel: string, onPayload: (payload: string | null) => void, log: (msg: string) => void = console.error): Promise<Listener> {
  const pg = (await import('pg')).default;
  let closed = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === channel) onPayload(msg.payload ?? '');
    });
    c.on('error', (err) => retry(c, err));
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      failures = 0;
      onPayload(null);
    } catch (err) {
      retry(c, err as Error);
    }
  }

  function retry(c: InstanceType<typeof pg.Client>, err: Error) {
    if (closed || client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    const wait = RECONNECT_MS[Math.min(failures++, RECONNECT_MS.length - 1)];
    log(`listening on ${channel} failed (${err.message}); trying again in ${wait} ms`);
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
