import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { nodeRequest } from './node-transport';

/**
 * Largest body of an API request other than an upload: the forms and JSON answers are a few KB.
 * Without a cap, a login or signup request of gigabytes (no account needed) was read whole into
 * memory before validation.
 */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/**
 * Caps every request body under the API at MAX_REQUEST_BODY_BYTES with 413, the upload routes
 * (POST `uploads`, relative to `prefix`) excepted: they stream their files to disk under caps of
 * their own (server/submissions/multipart.ts).
 *
 * Through the Node server the request's own headers decide, and its body is left alone: a GET or
 * HEAD has none (the adapter gives routes none), a declared length over the cap is refused as it
 * stands, and only a body sent in chunks is counted as it is read (Hono's limit). Hono's limit reads
 * `c.req.raw.body`, which makes the adapter build a full web Request for every request (about a
 * sixth of the server's time on `GET /users/me` under load) and wraps the body in a web stream:
 * one that no route then read held the adapter's drain back, and the connection was closed under
 * the client's next request on it (a 404 for an unknown POST, a 413). A request that did not come
 * through the Node server (app.request in tests and scripts) is left to Hono's limit.
 */
export function limitRequestBodies(prefix: string, uploads: string[]): MiddlewareHandler {
  const exempt = new Set(uploads.flatMap((p) => [`${prefix}${p}`, `${prefix}${p}`.replace(/\/+$/, '')]));
  const tooLarge = (c: Context) => c.json({ detail: `The request body is larger than ${MAX_REQUEST_BODY_BYTES} bytes.` }, 413);
  const limit = bodyLimit({
    maxSize: MAX_REQUEST_BODY_BYTES,
    onError: (c) => {
      // The rest of a body sent in chunks is not read: the client must not send on this connection again.
      if (nodeRequest(c)) c.header('Connection', 'close');
      return tooLarge(c);
    },
  });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || (c.req.method === 'POST' && exempt.has(c.req.path))) return next();
    const incoming = nodeRequest(c);
    if (!incoming || incoming.headers['transfer-encoding'] !== undefined) return limit(c, next);
    // Node's parser has refused a malformed Content-Length before any route runs.
    return Number(incoming.headers['content-length'] ?? 0) > MAX_REQUEST_BODY_BYTES ? tooLarge(c) : next();
  };
}
