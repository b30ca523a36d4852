import { Server } from 'node:http';
import type { Config } from '../config';

/**
 * How long a request may take to arrive, and how long a connection may stay quiet.
 *
 * Node ends any request that has not fully arrived within 5 minutes (its requestTimeout). A
 * four-view study is 30-110 MB, and over a patient's slow uplink that is longer: at 1 Mbit/s a
 * 110 MB study takes 15 minutes, so it was cut off with 408 every time the app's outbox sent it
 * again, and never arrived. The whole request now has REQUEST_TIMEOUT_SECONDS (an hour), and what
 * the 5 minutes also did, ending a connection that has stopped sending, is done sooner by the idle
 * timeout: a connection on which nothing arrives or leaves for IDLE_TIMEOUT_SECONDS is closed (a
 * stalled upload is then cut off and its files removed, as any upload that breaks off). A slow
 * upload that keeps sending goes on; the event stream's heartbeat (every 15 s) keeps it open.
 * Headers must still arrive within Node's 60 s (headersTimeout).
 */
export function applyConnectionTimeouts(server: unknown, config: Pick<Config, 'requestTimeoutSeconds' | 'idleTimeoutSeconds'>): void {
  if (!(server instanceof Server)) return;
  const requestMs = Math.max(0, config.requestTimeoutSeconds) * 1000;
  // Node refuses a headers timeout longer than a request timeout that is set.
  if (requestMs > 0) server.headersTimeout = Math.min(server.headersTimeout, requestMs);
  server.requestTimeout = requestMs;
  server.setTimeout(Math.max(0, config.idleTimeoutSeconds) * 1000);
}
