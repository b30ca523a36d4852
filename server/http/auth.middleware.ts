import type { MiddlewareHandler } from 'hono';
import type { Env, Services } from './context';
import { forbidden } from '../errors';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1].trim() : null;
}

/** Requires a valid access token and puts its user on the context. */
export function requireUser(services: Services): MiddlewareHandler<Env> {
  return async (c, next) => {
    c.set('user', await services.auth.authenticate(bearerToken(c.req.header('authorization'))));
    await next();
  };
}

export function requireSuperuser(services: Services): MiddlewareHandler<Env> {
  return async (c, next) => {
    const user = await services.auth.authenticate(bearerToken(c.req.header('authorization')));
    if (!user.is_superuser) throw forbidden();
    c.set('user', user);
    await next();
  };
}

/** The client's address for rate limits: the socket's, not a header a client could forge. */
export function clientAddress(c: { env: unknown }): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
