import { z } from 'zod';
import { MESSAGES } from '../../core/validation';

type Issue = z.core.$ZodRawIssue;

const plural = (n: number | bigint, one: string) => `${n} ${one}${Number(n) === 1 ? '' : 's'}`;

/**
 * zod's own messages ('Invalid input: expected string, received undefined') in plain words for
 * the fields the app sends. Only where a schema gives no message of its own: the spec's texts in
 * core/validation.ts come first and stay word for word. Undefined keeps zod's message.
 */
export function plainValidationMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required.';
      if (issue.expected === 'int') return 'Please enter a whole number.';
      if (issue.expected === 'number') return 'Please enter a number.';
      if (issue.expected === 'boolean') return 'Please answer yes or no.';
      return 'This value is not the right kind. Please check it.';
    case 'too_small':
      if (issue.origin === 'string') return `Please use at least ${plural(issue.minimum, 'character')}.`;
      if (issue.origin === 'number' || issue.origin === 'int') return `Please enter ${issue.minimum} or more.`;
      return `Please give at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Please use at most ${plural(issue.maximum, 'character')}.`;
      if (issue.origin === 'number' || issue.origin === 'int') return `Please enter ${issue.maximum} or less.`;
      return `Please give at most ${issue.maximum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return MESSAGES.emailInvalid;
      if (issue.format === 'uuid' || issue.format === 'guid') return 'This link or ID is not valid.';
      if (issue.format === 'date' || issue.format === 'datetime') return 'Please enter a date as YYYY-MM-DD.';
      return 'This is not in the right format. Please check it.';
    case 'invalid_value':
      return `Please choose one of: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `This is not something you can change here: ${issue.keys.join(', ')}.`;
    default:
      return undefined;
  }
}

/** For the whole server process: every route's schemas answer in these words. */
export function setPlainValidationMessages(): void {
  z.config({ customError: plainValidationMessage });
}
