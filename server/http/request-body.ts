import type { Context } from 'hono';
import type { UploadBody } from '../submissions/multipart';
import { nodeRequest } from './node-transport';

/**
 * The body of an upload, read as the Node server received it. Hono hands routes a web stream over
 * the request (Readable.toWeb and a wrapper of its own), and multipart parsing turned it back into a
 * Node stream: two conversions per chunk, with their promises and queues, and twice the full
 * garbage collections. A 104 MB four-view study took a median of 1.2-1.3 s to upload on this 2-core
 * machine through them, 0.65-0.8 s read directly (ten uploads each, twice). A request that did not
 * come through the Node server (app.request in tests and scripts) has only the web stream.
 */
export function requestBody(c: Context): UploadBody {
  return nodeRequest(c) ?? c.req.raw.body;
}
