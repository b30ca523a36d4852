import type { Context, Next } from 'hono';

/** Whether every `%` of a URL path starts a valid UTF-8 escape. */
export function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path with a broken escape (`/%zz`, a cut-off UTF-8 sequence) is the client's mistake: 400 for
 * every route, before the router or the static files try to decode it.
 */
export async function rejectMalformedPath(c: Context, next: Next) {
  // Only a URL with a `%` can hold a broken escape: most have none, and skip parsing the URL.
  const url = c.req.url;
  if (url.includes('%') && !isDecodablePath(new URL(url).pathname)) return c.json({ detail: 'Malformed percent-encoding in the URL path' }, 400);
  await next();
}
