import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { ApiError, EmailTakenError } from '../errors';
import { ImageStoreUnavailableError } from '../storage/image-store';
import type { ValidationIssue } from '../../core/contract';

/** zod issues in FastAPI's 422 shape, with the part of the request they came from. */
export function toValidationIssues(error: ZodError, where: string): ValidationIssue[] {
  return error.issues.map((i) => ({
    loc: [where, ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: i.message,
    type: i.code === 'custom' ? 'value_error' : i.code,
  }));
}

/** The validation hook of every route: 422 with the FastAPI list instead of Hono's default 400. */
export function validationHook(result: { success: boolean; error?: ZodError; target: string }, c: Context) {
  if (!result.success && result.error) {
    const where = result.target === 'json' || result.target === 'form' ? 'body' : result.target === 'param' ? 'path' : result.target;
    return c.json({ detail: toValidationIssues(result.error, where) }, 422);
  }
  return undefined;
}

export function onError(err: Error, c: Context) {
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    if (err.issues) return c.json({ detail: err.issues }, 422);
    return c.json({ detail: err.detail }, err.status as 400);
  }
  if (err instanceof HTTPException) {
    // Hono's own client errors (malformed JSON or form bodies, for example).
    const status = err.status;
    if (status === 400 && /json|form|body/i.test(err.message)) {
      return c.json({ detail: [{ loc: ['body'], msg: err.message || 'Malformed request body', type: 'json_invalid' }] }, 422);
    }
    return c.json({ detail: err.message || 'Request failed' }, status);
  }
  if (err instanceof EmailTakenError) return c.json({ detail: err.message }, 409);
  if (err instanceof ImageStoreUnavailableError) {
    // Orthanc down or failing: the request may be repeated once it is back; nothing was lost.
    console.error(`${c.req.method} ${c.req.path}: ${err.message}`);
    c.header('retry-after', '30');
    return c.json({ detail: 'The image store is unavailable right now. Please try again in a moment.' }, 503);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, err);
  return c.json({ detail: 'Internal Server Error' }, 500);
}
