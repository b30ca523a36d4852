import { z } from 'zod';
import { isCommonPassword } from '../common-passwords';
import { msg } from '../i18n';
import { EMAIL_PATTERN, FULL_NAME_FORBIDDEN, FULL_NAME_MAX, FULL_NAME_MIN, MESSAGES, PASSWORD_MIN, SUBMISSION_LIMIT_MAX, isPasswordEmail, isRealDate } from '../validation';

/**
 * Every text a client sends starts here. PostgreSQL cannot store U+0000 in text, so a NUL is
 * the field's first 422 message instead of a failure in the database. (Not `abort`: a union such
 * as UserUpdate's password then reports only its "Invalid input".)
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((v) => !v.includes('\0'), MESSAGES.textHasNul);
}

/** A text field whose "missing" message is the spec's "X is required". */
export function requiredText(requiredMessage: string) {
  return text({ error: (iss) => (iss.input === undefined || iss.input === null ? requiredMessage : msg('Must be text')) });
}

export const EmailField = requiredText(MESSAGES.emailRequired)
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(255, msg('Email must be at most 255 characters'))
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

export const PasswordField = requiredText(MESSAGES.passwordRequired)
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(128, msg('Password must be at most 128 characters'))
  .refine((v) => !isCommonPassword(v), MESSAGES.passwordTooCommon);

/** The object-level rule of a form with both an e-mail and a password. */
export function passwordIsNotEmail(v: { email?: string; password?: string | null }, ctx: z.RefinementCtx) {
  if (v.email && v.password && isPasswordEmail(v.password, v.email)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordIsEmail });
  }
}

export const SignupFullNameField = requiredText(MESSAGES.fullNameRequired)
  .trim()
  .min(1, MESSAGES.fullNameRequired)
  .min(FULL_NAME_MIN, MESSAGES.fullNameTooShort)
  .max(FULL_NAME_MAX, MESSAGES.fullNameTooLong)
  .refine((v) => !FULL_NAME_FORBIDDEN.test(v), MESSAGES.fullNameControl);

/** Profile and admin forms: the spec sets only the maximum there. */
export const FullNameField = requiredText(MESSAGES.fullNameRequired)
  .trim()
  .min(1, MESSAGES.fullNameRequired)
  .max(FULL_NAME_MAX, MESSAGES.fullNameTooLong)
  .refine((v) => !FULL_NAME_FORBIDDEN.test(v), MESSAGES.fullNameControl);

export const BirthdateField = requiredText(MESSAGES.birthdateRequired)
  .min(1, MESSAGES.birthdateRequired)
  .refine((v) => isRealDate(v) && v < new Date().toISOString().slice(0, 10) && v >= '1900-01-01', MESSAGES.birthdateInvalid);

export const SubmissionLimitField = z.number({ error: msg('Submission limit must be a number') }).int(msg('Submission limit must be a whole number')).min(0, MESSAGES.submissionLimitMin).max(SUBMISSION_LIMIT_MAX, MESSAGES.submissionLimitMax);
