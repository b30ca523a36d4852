import type { MiddlewareHandler } from 'hono';

export const COMPRESSED_BODY_MESSAGE = 'Compressed request bodies (Content-Encoding) are not accepted. Please send the body uncompressed.';

/**
 * A request body is read as it is sent: nothing here inflates one (so a small gzip bomb stays
 * small). A compressed body was read as it stood, and the sender heard "Malformed JSON" or "The
 * multipart body is malformed", which says nothing of why; it is now refused with 415 naming the
 * header, before the body is read.
 */
export const refuseCompressedBodies: MiddlewareHandler = async (c, next) => {
  const encoding = c.req.header('content-encoding')?.trim().toLowerCase();
  if (!encoding || encoding === 'identity' || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  return c.json({ detail: COMPRESSED_BODY_MESSAGE }, 415);
};
