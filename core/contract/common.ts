import { z } from 'zod';
import { msg } from '../i18n';

/** FastAPI's error envelope, which the spec's client reads: a text, or a list for 422. */
export const ValidationIssue = z
  .object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })
  .meta({ id: 'ValidationIssue' });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const HTTPError = z.object({ detail: z.string() }).meta({ id: 'HTTPError' });
export const HTTPValidationError = z.object({ detail: z.array(ValidationIssue) }).meta({ id: 'HTTPValidationError' });
export type ErrorBody = { detail: string | ValidationIssue[] };

export const Message = z.object({ message: z.string() }).meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;

export const Pagination = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, msg('Date must be YYYY-MM-DD'));

/** The text a person should see for an error body (spec section 8's shared error toast). */
export function errorText(body: unknown, fallback: string = msg('Something went wrong.')): string {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string' && detail) return detail;
    if (Array.isArray(detail) && detail.length > 0 && typeof detail[0]?.msg === 'string') return detail[0].msg;
  }
  return fallback;
}
