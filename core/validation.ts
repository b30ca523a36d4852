/**
 * Validation rules and their messages (spec section 5), shared by the forms and the server so a
 * rule cannot hold on one side only.
 */
import { msg } from './i18n';

/** The largest value PostgreSQL's `integer` column holds. */
export const SUBMISSION_LIMIT_MAX = 2_147_483_647;

export const MESSAGES = {
  emailRequired: msg('Email is required'),
  emailInvalid: msg('Invalid email address'),
  emailBlocked: msg("We currently don't support Outlook or Hotmail addresses. Please use a Gmail account instead."),
  usernameRequired: msg('Username is required'),
  passwordRequired: msg('Password is required'),
  passwordTooShort: msg('Password must be at least 8 characters'),
  passwordTooCommon: msg('This password is one of the most common ones: please choose another'),
  passwordIsEmail: msg('The password must not be your email address'),
  confirmRequired: msg('Password confirmation is required'),
  confirmPlease: msg('Please confirm your password'),
  passwordsDiffer: msg('The passwords do not match'),
  fullNameRequired: msg('Full Name is required'),
  fullNameTooShort: msg('Full Name must be at least 3 characters'),
  fullNameTooLong: msg('Full Name must be at most 30 characters'),
  fullNameControl: msg('Full Name must not contain line breaks or invisible direction marks'),
  birthdateRequired: msg('Birthdate is required'),
  birthdateInvalid: msg('Birthdate must be a real date in the past'),
  submissionLimitMin: msg('Submission limit must be at least 0'),
  submissionLimitMax: msg(`Submission limit must be at most ${SUBMISSION_LIMIT_MAX}`),
  textHasNul: msg('Must not contain the NUL character (U+0000)'),
  studyUidRequired: msg('Study Instance UID is required'),
  allFourFiles: msg('Please upload all four files.'),
  unsupportedSop: msg('Unsupported DICOM SOP Class UID.'),
} as const;

export const PASSWORD_MIN = 8;

/** A password that is the account's own e-mail address (case and surrounding spaces aside). */
export function isPasswordEmail(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}
export const FULL_NAME_MIN = 3;
export const FULL_NAME_MAX = 30;
/**
 * Line breaks, other control characters and the marks that turn text's direction: a name is
 * written into the account mails, where a line break starts a line of the sender's choosing in the
 * text part and a right-to-left override shows a link or an address reversed.
 */
export const FULL_NAME_FORBIDDEN = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

// The same pattern the original front end used: something@something.tld, no spaces.
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

export function unsupportedFileMessage(contactEmail: string): string {
  // In the app: src/lib/messages.ts translates it (the key 'Unsupported file format, contact us at {{email}} for help.').
  return `Unsupported file format, contact us at ${contactEmail} for help.`;
}

/** The domain after the last @, lower-cased. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();
}

export function isBlockedDomain(email: string, blocked: readonly string[]): boolean {
  const domain = emailDomain(email);
  return blocked.some((d) => d.toLowerCase() === domain);
}

/** A YYYY-MM-DD date that exists on the calendar. */
export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}
