import type { Context, Next } from 'hono';
import { nodeResponse } from './node-transport';

/**
 * The frame may only show the configured external viewer (VIEWER_URL, /dicom-viewer); a relative
 * address is this server's own. Without a viewer nothing is framed.
 */
function frameSource(viewerUrl: string | null): string {
  if (!viewerUrl) return "'none'";
  try {
    return new URL(viewerUrl).origin;
  } catch {
    return "'self'";
  }
}

/**
 * The Content-Security-Policy of every answer. Scripts only from this origin, never inline: the
 * app, its workers, the service worker and Swagger UI (/docs) are all files served here. Styles
 * allow 'unsafe-inline' because Mantine writes <style> elements at run time (its CSS variables and
 * responsive style props, MantineProvider's InlineStyles) and Swagger UI sets style attributes; a
 * per-answer nonce cannot work for an index.html the service worker serves from its cache. Images
 * come as data: URLs (the views' PNGs, Swagger UI's icons) and blob: URLs. 'wasm-unsafe-eval' lets
 * the built-in viewer's decode workers compile their WASM codecs (JPEG 2000, JPEG-LS, ...); it
 * allows no eval() of JavaScript.
 */
export function contentSecurityPolicy(viewerUrl: string | null): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    `frame-src ${frameSource(viewerUrl)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Powerful features the product never uses, off for every page and frame. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export function securityHeaderValues(viewerUrl: string | null): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(viewerUrl),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    // For browsers that predate frame-ancestors: the app is never framed.
    'X-Frame-Options': 'DENY',
  };
}

/**
 * Sets the security headers on every answer: API, static files, index.html, /docs, errors, 404s.
 *
 * Through the Node server they go on its response before the route runs, and Node adds them to
 * whatever answer is written: set on each answer's web Headers instead, six validated sets and
 * a Headers object for every answer cost GET /users/me about a sixth of its throughput
 * (bench/api.bench.ts). A request that did not come through the Node server (app.request in tests
 * and scripts) gets them on its answer as before.
 */
export function securityHeaders(viewerUrl: string | null) {
  const headers = Object.entries(securityHeaderValues(viewerUrl));
  return async (c: Context, next: Next) => {
    const api = c.req.path.startsWith(API_PATH);
    const outgoing = nodeResponse(c);
    if (outgoing) {
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      // A route's own Cache-Control (the images' revalidation) is written over this one by Node.
      if (api) outgoing.setHeader('Cache-Control', API_CACHE_CONTROL);
      return next();
    }
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
    if (api && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', API_CACHE_CONTROL);
  };
}

const API_PATH = '/api/';
/**
 * An API answer that says nothing else is never stored by the browser: her name, results and DICOM
 * headers stayed in Chromium's disk cache after logout, readable offline by whoever opened the app
 * next (found by an audit). What the app keeps for offline use it keeps itself, and clears at logout.
 */
const API_CACHE_CONTROL = 'no-store';
