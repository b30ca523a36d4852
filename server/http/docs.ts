import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Hono } from 'hono';

const require = createRequire(import.meta.url);
const DIST = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const VERSION = (require('swagger-ui-dist/package.json') as { version: string }).version;

/** The files of the swagger-ui-dist package that /docs uses, served from this server (no CDN). */
const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/**
 * Swagger UI's start, an external file because the Content-Security-Policy allows no inline
 * script; the document's address comes from the page's data-url. The validator badge is off: it
 * would send the document to validator.swagger.io.
 */
const INIT_JS = `window.addEventListener('DOMContentLoaded', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({ url: root.dataset.url, domNode: root, deepLinking: true, validatorUrl: null });
});
`;

function page(openapiUrl: string, title: string): string {
  // The version in the addresses lets the browser keep the files until the package changes.
  const v = `?v=${VERSION}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" type="image/png" href="/docs/favicon-32x32.png${v}" />
    <link rel="stylesheet" href="/docs/swagger-ui.css${v}" />
  </head>
  <body>
    <div id="swagger-ui" data-url="${openapiUrl}"></div>
    <script src="/docs/swagger-ui-bundle.js${v}"></script>
    <script src="/docs/init.js${v}"></script>
  </body>
</html>
`;
}

/** /docs: Swagger UI for the OpenAPI document at `openapiUrl`, every file served from here. */
export function docsRoutes(app: Hono<any>, openapiUrl: string, title: string) {
  const html = page(openapiUrl, title);
  const cache = new Map<string, Promise<Buffer>>();
  const longCache = { 'Cache-Control': 'public, max-age=31536000, immutable' };

  app.get('/docs', (c) => c.html(html, 200, { 'Cache-Control': 'no-cache' }));
  app.get('/docs/', (c) => c.redirect('/docs', 301));
  app.get('/docs/init.js', (c) => c.body(INIT_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', ...longCache }));
  app.get('/docs/:file', async (c) => {
    const file = c.req.param('file');
    const type = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
    if (!type) return c.json({ detail: 'Not Found' }, 404);
    if (!cache.has(file)) cache.set(file, readFile(path.join(DIST, file)));
    return c.body(new Uint8Array(await cache.get(file)!), 200, { 'Content-Type': type, ...longCache });
  });
}
