import { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * The Node server's own request and response under a Hono context (@hono/node-server puts them in
 * `c.env`), or null for a request that did not come through it (app.request in tests and scripts),
 * which has only the web Request and Response.
 */
export function nodeRequest(c: Context): IncomingMessage | null {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : null;
}

export function nodeResponse(c: Context): ServerResponse | null {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing instanceof ServerResponse ? outgoing : null;
}
