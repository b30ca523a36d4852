import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import net, { type AddressInfo } from 'node:net';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { applyConnectionTimeouts } from '../../server/http/connection-timeouts';
import { loadConfig } from '../../server/config';

/** What the server sent on a raw connection, and how long after the first byte was sent it closed. */
interface Exchange {
  answer: string;
  closedAfterMs: number;
}

/**
 * A login form sent by hand in `pieces`, `gapMs` apart, then (unless `stallAfter` pieces were sent
 * and the rest never is) to its end: the server reads the whole form before it answers.
 */
function sendSlowly(port: number, pieces: number, gapMs: number, stallAfter?: number): Promise<Exchange> {
  const body = `username=someone%40example.org&password=${'p'.repeat(pieces * 20 - 39)}`;
  const size = Math.ceil(body.length / pieces);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const t0 = performance.now();
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: performance.now() - t0 });
    });
    socket.on('connect', () => {
      socket.write(
        `POST /api/v1/login/access-token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      const next = () => {
        if (stallAfter !== undefined && sent === stallAfter) return;
        if (sent * size >= body.length) return;
        socket.write(body.slice(sent * size, (sent + 1) * size));
        sent++;
        timer = setTimeout(next, gapMs);
      };
      next();
    });
    setTimeout(() => reject(new Error(`no close within 20 s; so far: ${answer}`)), 20_000).unref();
  });
}

describe(`connection timeouts on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    api = await startApi();
    // Node checks request timeouts every 30 s by default; a tenth of a second here, so the test is short.
    server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: { connectionsCheckingInterval: 100 } });
    applyConnectionTimeouts(server, { requestTimeoutSeconds: 4, idleTimeoutSeconds: 1 });
    await new Promise<void>((r) => server.once('listening', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await api?.close();
  });

  it("gives a request time to arrive by default: an hour, not Node's 5 minutes; a quiet connection closes after 2 minutes", () => {
    const config = loadConfig({});
    expect(config.requestTimeoutSeconds).toBe(3600);
    expect(config.idleTimeoutSeconds).toBe(120);
  });

  it('lets a slow request that keeps sending arrive, past the idle timeout', async () => {
    // Ten pieces 0.4 s apart: 3.6 s in all, more than three times the idle second.
    const { answer, closedAfterMs } = await sendSlowly(port, 10, 400);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('Incorrect email or password');
    expect(closedAfterMs).toBeGreaterThan(3500);
  });

  it('closes a connection that stopped sending after the idle timeout, and still answers after', async () => {
    const { answer, closedAfterMs } = await sendSlowly(port, 10, 100, 3);
    // Closed without an answer (the request timeout would have answered 408).
    expect(answer).toBe('');
    expect(closedAfterMs).toBeGreaterThan(1000);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/utils/health-check/`)).status).toBe(200);
  });

  it('ends a request still arriving after the request timeout with 408', async () => {
    // Twenty pieces 0.5 s apart would take 10 s; the request timeout is 4 s.
    const { answer, closedAfterMs } = await sendSlowly(port, 20, 500);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThan(3900);
  });
});
