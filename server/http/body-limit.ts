import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

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
 */
export function limitRequestBodies(prefix: string, uploads: string[]): MiddlewareHandler {
  const exempt = new Set(uploads.flatMap((p) => [`${prefix}${p}`, `${prefix}${p}`.replace(/\/+$/, '')]));
  const limit = bodyLimit({
    maxSize: MAX_REQUEST_BODY_BYTES,
    onError: (c) => c.json({ detail: `The request body is larger than ${MAX_REQUEST_BODY_BYTES} bytes.` }, 413),
  });
  return (c, next) => (c.req.method === 'POST' && exempt.has(c.req.path) ? next() : limit(c, next));
}
