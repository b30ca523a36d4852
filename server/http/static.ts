import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { isDecodablePath } from './percent-encoding';

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
    const body = await readFile(file);
    const ext = path.extname(file);
    const immutable = file.includes(`${path.sep}assets${path.sep}`);
    return c.body(body, 200, {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  };
}
