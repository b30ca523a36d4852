import type { OpenAPIHono } from '@hono/zod-openapi';
import { etag } from 'hono/etag';
import type { MiddlewareHandler } from 'hono';
import type { Env } from './context';

/**
 * The image answers are large (base64 PNGs, about half a megabyte a view, five megabytes for the
 * demo profiles) and change only when a study is scored again. They carry an ETag, so a returning
 * browser asks "still the same?" and gets a bodiless 304 instead of the images again, which is what
 * matters on a slow connection. private: they are a person's images; no-cache: always asked again,
 * never shown stale; Vary: one address answers differently for each signed-in person.
 */
const IMAGE_PATHS = ['/tasks/last/images', '/tasks/last/image/*', '/tasks/:task_id/image/*', '/demo/images', '/demo/tasks/:demo_user_id/image/*'];

/**
 * The demo's open reads answer a superuser more (the profiles without a study), so a shared cache
 * must neither keep them nor hand a superuser's answer to a visitor (found by an audit).
 */
const DEMO_READS = ['/demo/users', '/demo/users/:demo_user_id', '/demo/tasks', '/demo/tasks/:demo_user_id'];

/** A successful read that depends on who asks: kept by the browser only, and always asked again. */
const privatePerCaller: MiddlewareHandler<Env> = async (c, next) => {
  await next();
  if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !c.res.ok) return;
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Authorization');
};

/** Registers the validators; call before the routes, so they wrap the handlers. */
export function revalidatedImages(api: OpenAPIHono<Env>): void {
  for (const path of IMAGE_PATHS) api.use(path, privatePerCaller, etag());
  for (const path of DEMO_READS) api.use(path, privatePerCaller);
}
