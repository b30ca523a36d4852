/**
 * Compression of what the server sends: JSON answers above a small size, compressed as they leave
 * (brotli or gzip, by Accept-Encoding), and the built app's text files, compressed once at build
 * time (scripts/precompress.ts writes `.br` and `.gz` beside each) and chosen here per request.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip';

/** Below this many bytes an answer goes as it is: compressing it would save next to nothing. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The best of `available` that the Accept-Encoding header allows (brotli first: smaller), or null.
 * q=0 refuses an encoding; `*` stands for any encoding not named.
 */
export function chooseEncoding(accept: string | undefined, available: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  if (!accept) return null;
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const enc of available) {
    const v = q.get(enc) ?? q.get('*') ?? 0;
    if (v > bestQ) {
      best = enc;
      bestQ = v;
    }
  }
  return best;
}

/** Adds Accept-Encoding to a Vary header value. */
export function varyOnEncoding(vary: string | null): string {
  if (!vary) return 'Accept-Encoding';
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

/**
 * Compresses JSON answers (application/json, application/dicom+json, ...) of at least
 * COMPRESS_MIN_BYTES for a client that accepts it; in zlib's thread pool, so a large answer does
 * not hold the event loop. Streams (events, multipart frames) and answers already encoded pass.
 *
 * An answer that stays as it is keeps its own object, its Vary set in place: reading its body and
 * building a new Response turned each small answer into a web stream and cost GET /users/me about
 * a quarter of its throughput (bench/api.bench.ts).
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (leftPlainInPlace(res, c.req.header('Accept-Encoding'))) return;
    if (res.headers.has('Content-Encoding') || !JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const vary = varyOnEncoding(res.headers.get('Vary'));
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const plain = plainBody(res);
    const size = plain === undefined ? Number(res.headers.get('Content-Length') ?? Number.NaN) : typeof plain === 'string' ? Buffer.byteLength(plain) : plain.byteLength;
    if (!encoding || size < COMPRESS_MIN_BYTES) {
      if (setInPlace(res, 'Vary', vary)) return;
    }
    const body = plain === undefined ? Buffer.from(await res.arrayBuffer()) : Buffer.from(plain);
    const headers = new Headers(res.headers);
    headers.set('Vary', vary);
    if (!encoding || body.length < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, { status: res.status, headers });
      return;
    }
    // Brotli at quality 4 compresses about as fast as gzip's default and smaller.
    const tag = headers.get('ETag');
    const reuse = tag && !tag.startsWith('W/') && body.length >= REUSE_MIN_BYTES ? `${encoding} ${c.req.path} ${tag}` : null;
    const out =
      (reuse && compressedAnswers.get(reuse)) ||
      (encoding === 'br' ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : await gz(body));
    if (reuse) remember(reuse, out);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(out.length));
    const etag = headers.get('ETag');
    // The bytes differ from the identity answer's: a strong validator must not claim otherwise.
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    c.res = new Response(out, { status: res.status, headers });
  };
}

/**
 * Large answers with a strong validator (the image answers: megabytes of base64, the same bytes
 * for everyone who asks until a study changes) are compressed once per encoding, not per request:
 * the demo's images cost every visitor a brotli pass over about 5 MB (found by an audit). A strong
 * ETag names the exact bytes, so the compressed bytes kept under it are those bytes compressed.
 */
const REUSE_MIN_BYTES = 64 * 1024;
const REUSE_MAX_TOTAL_BYTES = 32 * 1024 * 1024;
/** Brotli's and gzip's output type, which a Response takes as its body. */
type Compressed = Awaited<ReturnType<typeof brotli>>;
const compressedAnswers = new Map<string, Compressed>();
let compressedTotal = 0;

function remember(key: string, bytes: Compressed): void {
  const known = compressedAnswers.get(key);
  if (known) {
    // Most recently used last: the oldest go first when room is needed.
    compressedAnswers.delete(key);
    compressedAnswers.set(key, known);
    return;
  }
  if (bytes.length > REUSE_MAX_TOTAL_BYTES / 4) return;
  compressedAnswers.set(key, bytes);
  compressedTotal += bytes.length;
  for (const [oldest, kept] of compressedAnswers) {
    if (compressedTotal <= REUSE_MAX_TOTAL_BYTES) break;
    compressedAnswers.delete(oldest);
    compressedTotal -= kept.length;
  }
}

let keptKey: symbol | undefined;

/**
 * What @hono/node-server keeps of an answer it built from a string or bytes (c.json's): its body
 * and its headers as they were given (a plain record, until something reads `res.headers`), read
 * where it keeps them, without making a stream or a Headers object of them; undefined for any
 * other answer.
 */
function keptParts(res: Response): { body: string | Uint8Array; headers: unknown } | undefined {
  // The adapter's symbol is one for every answer: looked up on the first answer that has it.
  keptKey ??= Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
  const kept: unknown = keptKey ? (res as unknown as Record<symbol, unknown>)[keptKey] : undefined;
  if (!Array.isArray(kept)) return undefined;
  const body: unknown = kept[1];
  return typeof body === 'string' || body instanceof Uint8Array ? { body, headers: kept[2] } : undefined;
}

/** The body of an answer kept as a string or bytes (keptParts), else undefined (read as a stream: slower, the same bytes). */
function plainBody(res: Response): string | Uint8Array | undefined {
  return keptParts(res)?.body;
}

/** A header's value in a plain record, its name in any case; and the name it is kept under. */
function recordHeader(record: Record<string, unknown>, lowerName: string): { name: string; value: string } | undefined {
  for (const name in record) {
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) return { name, value: String(record[name]) };
  }
  return undefined;
}

/**
 * The common answer, c.json's with its headers still a plain record, when it goes as it is (not
 * JSON, already encoded, no-transform, too small or not asked compressed): settled here, its Vary
 * set in the record, true. Everything else (false) takes the general path. This keeps the small
 * answers that most requests get from building a Headers object: GET /users/me gained about a
 * tenth of its throughput (bench/api.bench.ts).
 */
function leftPlainInPlace(res: Response, acceptEncoding: string | undefined): boolean {
  const kept = keptParts(res);
  if (!kept || typeof kept.headers !== 'object' || kept.headers === null || kept.headers instanceof Headers || Array.isArray(kept.headers)) return false;
  const record = kept.headers as Record<string, unknown>;
  if (!JSON_TYPE.test(recordHeader(record, 'content-type')?.value ?? '')) return true;
  if (recordHeader(record, 'content-encoding')) return true;
  if (/(^|,)\s*no-transform\s*(,|$)/i.test(recordHeader(record, 'cache-control')?.value ?? '')) return true;
  const size = typeof kept.body === 'string' ? Buffer.byteLength(kept.body) : kept.body.byteLength;
  if (size >= COMPRESS_MIN_BYTES && chooseEncoding(acceptEncoding)) return false;
  const vary = recordHeader(record, 'vary');
  record[vary?.name ?? 'Vary'] = varyOnEncoding(vary?.value ?? null);
  return true;
}

/** Sets a header on an answer as it is; false when its headers cannot be changed (a fetched answer's). */
function setInPlace(res: Response, name: string, value: string): boolean {
  try {
    res.headers.set(name, value);
    return true;
  } catch {
    return false;
  }
}
