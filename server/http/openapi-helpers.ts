import { z } from 'zod';
import { HTTPError, HTTPValidationError } from '../../core/contract';

export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

/** The error answers every route may give, documented once. */
export const errorResponses = {
  400: jsonResponse(HTTPError, 'Bad request'),
  401: jsonResponse(HTTPError, 'Not authenticated'),
  403: jsonResponse(HTTPError, 'Not allowed'),
  404: jsonResponse(HTTPError, 'Not found'),
  422: jsonResponse(HTTPValidationError, 'Validation Error'),
} as const;

export const bearer = [{ bearerAuth: [] }];
