import { z } from 'zod';
import { HTTPError, HTTPValidationError } from '../../core/contract';

export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

/** An error answer: every status but 422 carries `{detail: text}` (server/http/errors.ts). */
export const errorResponse = (description: string) => jsonResponse(HTTPError, description);

/** The error answers every route may give, documented once. */
export const errorResponses = {
  400: errorResponse('Bad request'),
  401: errorResponse('Not authenticated'),
  403: errorResponse('Not allowed'),
  404: errorResponse('Not found'),
  422: jsonResponse(HTTPValidationError, 'Validation Error'),
} as const;

/** The answers of a throttled route. */
export const tooManyRequests = {
  429: {
    ...errorResponse('Too many attempts'),
    headers: { 'Retry-After': { description: 'Seconds to wait before the next attempt', schema: { type: 'integer' as const } } },
  },
} as const;

/** The answers of an upload beyond errorResponses: too large, or not multipart/form-data. */
export const uploadErrorResponses = {
  413: errorResponse('A file or the body is too large'),
  415: errorResponse('The body is not multipart/form-data'),
} as const;

export const bearer = [{ bearerAuth: [] }];
