/**
 * The cost of opening /login: the JavaScript the page loads initially (gzip, summed over the
 * scripts requested until the form shows) and the time to first render on a warm load (cache and
 * service worker populated), in Debian's Chromium. Prints figures; asserts nothing.
 *
 *   npm run bench:web
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { median } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const RUNS = 15;

execSync('npx vite build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json' };

// The built app with the server's SPA fallback; the API is not needed by /login.
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let file = path.join(dist, decodeURIComponent(url.pathname));
  if (!file.startsWith(dist) || !existsSync(file) || url.pathname === '/') file = path.join(dist, 'index.html');
  if (url.pathname.startsWith('/api/')) {
    res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"detail":"Not Found"}');
    return;
  }
  const ext = path.extname(file);
  res.writeHead(200, { 'Content-Type': types[ext] ?? 'application/octet-stream', 'Cache-Control': ext === '.html' ? 'no-cache' : 'public, max-age=31536000, immutable' });
  res.end(readFileSync(file));
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await context.newPage();

// Cold load: which scripts does /login need before its form shows?
const scripts = new Set<string>();
page.on('request', (r) => {
  if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
});
await page.goto(`${base}/login`);
await page.getByRole('button', { name: 'Log In' }).waitFor();
const initial = [...scripts].filter((p) => p.startsWith('/assets/'));
let raw = 0;
let gzip = 0;
for (const p of initial) {
  const bytes = readFileSync(path.join(dist, p));
  raw += bytes.length;
  gzip += gzipSync(bytes).length;
}

// Warm loads: time from navigation start until the login form is in the page and painted.
const times: number[] = [];
const paints: number[] = [];
for (let i = 0; i < RUNS; i++) {
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Log In' }).waitFor();
  const t = await page.evaluate(
    () =>
      new Promise<{ form: number; fcp: number }>((resolve) =>
        requestAnimationFrame(() => {
          const form = performance.now();
          // The paint entry is queued after the frame: wait for it (buffered), briefly. (No named
          // helper functions in here: tsx would wrap them in a __name the page does not have.)
          const seen = performance.getEntriesByName('first-contentful-paint')[0];
          if (seen) return resolve({ form, fcp: seen.startTime });
          const observer = new PerformanceObserver((list) => {
            const e = list.getEntriesByName('first-contentful-paint')[0];
            if (e) {
              observer.disconnect();
              resolve({ form, fcp: e.startTime });
            }
          });
          observer.observe({ type: 'paint', buffered: true });
          setTimeout(() => {
            observer.disconnect();
            resolve({ form, fcp: NaN });
          }, 1000);
        }),
      ),
  );
  times.push(t.form);
  paints.push(t.fcp);
}
await browser.close();
server.close();

// A run whose paint entry never came gives NaN: median() leaves it out, and it is counted here.
const missingPaints = paints.filter((p) => !Number.isFinite(p)).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`/login initial JS: ${initial.length} scripts, ${kb(raw)} raw, ${kb(gzip)} gzip (goal < 200 KB gzip)`);
for (const p of initial) console.log(`  ${p}  ${kb(gzipSync(readFileSync(path.join(dist, p))).length)} gzip`);
console.log(`/login warm load, median of ${RUNS}: first contentful paint ${median(paints).toFixed(0)} ms${missingPaints ? ` (${missingPaints} runs without a paint entry)` : ''}, form rendered ${median(times).toFixed(0)} ms (goal < 300 ms)`);
