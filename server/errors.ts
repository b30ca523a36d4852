import type { ValidationIssue } from '../core/contract/common';
import { SERVER_MESSAGES } from './messages';

/**
 * An error a client caused or may see: it carries the HTTP status and the `detail` text of
 * FastAPI's envelope (or, for 422, the list of issues). Anything else thrown is a server fault
 * and is answered with a bare 500.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly issues: ValidationIssue[] | null = null,
  ) {
    super(detail);
  }
}

/** A 422 in FastAPI's shape: one item per field at fault. */
export function validationError(issues: ValidationIssue[]): ApiError {
  return new ApiError(422, issues[0]?.msg ?? 'Validation Error', {}, issues);
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const forbidden = () => new ApiError(403, SERVER_MESSAGES.notAllowed);
