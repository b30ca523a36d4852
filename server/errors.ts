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

/**
 * An account's e-mail address taken by another between the service's check and its write (two
 * sign-ups of one address racing): answered 409 like the check's own refusal, never a 500.
 */
export class EmailTakenError extends Error {
  constructor() {
    super('The user with this email already exists in the system');
  }
}
