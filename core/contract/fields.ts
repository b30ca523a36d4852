import { z } from 'zod';
import { EMAIL_PATTERN, FULL_NAME_MAX, FULL_NAME_MIN, MESSAGES, PASSWORD_MIN, isRealDate } from '../validation';

/** A string field whose "missing" message is the spec's "X is required". */
function requiredString(requiredMessage: string) {
  return z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? requiredMessage : 'Must be text') });
}

export const EmailField = requiredString(MESSAGES.emailRequired)
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(255, 'Email must be at most 255 characters')
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

export const PasswordField = requiredString(MESSAGES.passwordRequired)
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(128, 'Password must be at most 128 characters');

export const SignupFullNameField = requiredString(MESSAGES.fullNameRequired)
  .trim()
  .min(1, MESSAGES.fullNameRequired)
  .min(FULL_NAME_MIN, MESSAGES.fullNameTooShort)
  .max(FULL_NAME_MAX, MESSAGES.fullNameTooLong);

/** Profile and admin forms: the spec sets only the maximum there. */
export const FullNameField = requiredString(MESSAGES.fullNameRequired).trim().min(1, MESSAGES.fullNameRequired).max(FULL_NAME_MAX, MESSAGES.fullNameTooLong);

export const BirthdateField = requiredString(MESSAGES.birthdateRequired)
  .min(1, MESSAGES.birthdateRequired)
  .refine((v) => isRealDate(v) && v < new Date().toISOString().slice(0, 10) && v >= '1900-01-01', MESSAGES.birthdateInvalid);

export const SubmissionLimitField = z.number({ error: 'Submission limit must be a number' }).int('Submission limit must be a whole number').min(0, MESSAGES.submissionLimitMin);
