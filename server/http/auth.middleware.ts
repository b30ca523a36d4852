import type { MiddlewareHandler } from 'hono';
import type { DicomwebEnv, Env, Services } from './context';
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

/**
 * For open reads that show a superuser more (the demo profiles without images): whether the request
 * carries a superuser's valid token. Anything else, a missing or stale token included, reads as a
 * visitor and is never refused.
 */
export async function isSuperuserRequest(services: Services, authorization: string | undefined): Promise<boolean> {
  const token = bearerToken(authorization);
  if (!token) return false;
  try {
    return (await services.auth.authenticate(token)).is_superuser;
  } catch {
    return false;
  }
}

/**
 * DICOMweb reads: a full access token in the Authorization header, or a viewer token (one study,
 * minutes) there or in `?token=`, the viewer frame's URL. A full access token in the URL is refused
 * (401): it never travels in one. Every other route refuses viewer tokens (requireUser).
 */
export function requireDicomwebReader(services: Services): MiddlewareHandler<DicomwebEnv> {
  return async (c, next) => {
    const header = bearerToken(c.req.header('authorization'));
    if (header) {
      try {
        c.set('caller', { user: await services.auth.authenticate(header), studyScope: null });
      } catch (err) {
        const viewer = await services.auth.authenticateViewer(header).catch(() => null);
        if (!viewer) throw err;
        c.set('caller', { user: viewer.user, studyScope: viewer.studyInstanceUid });
      }
    } else {
      const viewer = await services.auth.authenticateViewer(c.req.query('token') ?? null);
      c.set('caller', { user: viewer.user, studyScope: viewer.studyInstanceUid });
    }
    await next();
  };
}
