import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { isDecodablePath } from './percent-encoding';
import { chooseEncoding, varyOnEncoding, type Encoding } from './compression';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Whether `file` is `root` or below it; a bare prefix test would let `/dist` reach `/dist-private`. */
export function isInside(root: string, file: string): boolean {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * Serves the built PWA from `root`, with index.html for any other path so client routes load.
 * Hashed assets are cached for a year; index.html and the service worker are always revalidated
 * so a new deployment is picked up.
 */
export function serveSpa(root: string) {
  const resolvedRoot = path.resolve(root);
  return async (c: Context) => {
    const pathname = new URL(c.req.url).pathname;
    if (!isDecodablePath(pathname)) return c.json({ detail: 'Malformed percent-encoding in the URL path' }, 400);
    const urlPath = decodeURIComponent(pathname);
    // What the API's routes did not take but reads as an API path (any case, extra slashes) is a
    // JSON 404 too, never the app's page with 200: a client that got the prefix slightly wrong
    // must see that it did.
    if (/^\/+api(\/|$)/i.test(urlPath)) return c.json({ detail: 'Not Found' }, 404);
    let file = path.resolve(resolvedRoot, '.' + urlPath);
    if (!isInside(resolvedRoot, file)) return c.json({ detail: 'Not Found' }, 404);
    let isFile = await stat(file).then((st) => st.isFile(), () => false);
    if (!isFile) {
      // A missing asset is a 404; a missing page is a client route.
      if (path.extname(urlPath) && !urlPath.endsWith('.html')) return c.json({ detail: 'Not Found' }, 404);
      file = path.join(resolvedRoot, 'index.html');
      isFile = await stat(file).then((st) => st.isFile(), () => false);
      if (!isFile) return c.text('The web app is not built yet: run `npm run build`.', 503);
    }
    const ext = path.extname(file);
    const immutable = file.includes(`${path.sep}assets${path.sep}`);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const variant = await compressedVariant(file, c.req.header('Accept-Encoding'));
    if (variant) {
      headers['Content-Encoding'] = variant.encoding;
      headers.Vary = varyOnEncoding(null);
      return c.body(variant.body, 200, headers);
    }
    if (variant === null) headers.Vary = varyOnEncoding(null);
    return c.body(await readFile(file), 200, headers);
  };
}

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The build's compressed copy of `file` (scripts/precompress.ts) that the client accepts, or null
 * when there is none it can take (undefined: the file has no copies at all, so the answer does not
 * vary). A copy older than its file (written by an earlier build) is never sent.
 */
async function compressedVariant(file: string, accept: string | undefined): Promise<{ encoding: Encoding; body: Uint8Array<ArrayBuffer> } | null | undefined> {
  const source = await stat(file);
  const fresh: Encoding[] = [];
  for (const enc of ['br', 'gzip'] as const) {
    const st = await stat(file + SUFFIX[enc]).catch(() => null);
    if (st?.isFile() && st.mtimeMs >= source.mtimeMs) fresh.push(enc);
  }
  if (fresh.length === 0) return undefined;
  const encoding = chooseEncoding(accept, fresh);
  if (!encoding) return null;
  return { encoding, body: await readFile(file + SUFFIX[encoding]) };
}
