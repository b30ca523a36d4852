import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES, isBlockedDomain } from '../../core/validation';
import { BirthdateField, EmailField, FullNameField, PasswordField, SignupFullNameField } from '../../core/contract/fields';
import { addUserSchema, editUserSchema, loginSchema, signupSchema } from '../../src/forms/schemas';
import { DEFAULT_BLOCKED_SIGNUP_DOMAINS } from '../../core/decisions';

/** The first message per field, as the forms show them. */
function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

/** The first message a contract field gives for a value, null when it takes it. */
function firstError(field: z.ZodType, value: unknown): string | null {
  const result = field.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
}

describe('core validation rules (spec section 5), as the contract fields apply them', () => {
  it('email: required, then a pattern', () => {
    expect(firstError(EmailField, '')).toBe('Email is required');
    expect(firstError(EmailField, '   ')).toBe('Email is required');
    expect(firstError(EmailField, 'not-an-email')).toBe('Invalid email address');
    expect(firstError(EmailField, 'a@b')).toBe('Invalid email address');
    expect(firstError(EmailField, 'anna@example.se')).toBeNull();
  });

  it('blocked domains match the part after the last @, ignoring case', () => {
    expect(isBlockedDomain('x@Hotmail.COM', DEFAULT_BLOCKED_SIGNUP_DOMAINS)).toBe(true);
    expect(isBlockedDomain('x@outlook.se', DEFAULT_BLOCKED_SIGNUP_DOMAINS)).toBe(true);
    expect(isBlockedDomain('hotmail.com@gmail.com', DEFAULT_BLOCKED_SIGNUP_DOMAINS)).toBe(false);
    expect(isBlockedDomain('x@nothotmail.com', DEFAULT_BLOCKED_SIGNUP_DOMAINS)).toBe(false);
  });

  it('password: required, at least 8 characters', () => {
    expect(firstError(PasswordField, '')).toBe('Password is required');
    expect(firstError(PasswordField, 'k7#moss')).toBe('Password must be at least 8 characters');
    expect(firstError(PasswordField, 'k7#mossy')).toBeNull();
  });

  it('full name: required, 3 to 30 characters at sign-up; only the maximum in the profile', () => {
    expect(firstError(SignupFullNameField, '')).toBe('Full Name is required');
    expect(firstError(SignupFullNameField, 'Al')).toBe('Full Name must be at least 3 characters');
    expect(firstError(FullNameField, 'Al')).toBeNull();
    expect(firstError(FullNameField, 'x'.repeat(31))).toBe('Full Name must be at most 30 characters');
  });

  it('full name: no line breaks, control characters or direction overrides (they would reach the account mails), accents and other scripts welcome', () => {
    const refused = 'Full Name must not contain line breaks or invisible direction marks';
    for (const name of ['Anna\r\nVisit evil.example', 'Anna\nBo', 'Anna\tBo', 'Anna\u2028Bo', 'Anna \u202Emoc.live', 'Anna\u2066Bo\u2069', 'Anna\u200FBo']) {
      expect(firstError(SignupFullNameField, name), JSON.stringify(name)).toBe(refused);
      expect(firstError(FullNameField, name), JSON.stringify(name)).toBe(refused);
    }
    for (const name of ['Åsa Öberg-Lind', "Siobhán O'Neill", 'فاطمة الزهراء', 'मीरा\u200Dशर्मा', '李小龍']) expect(firstError(SignupFullNameField, name), name).toBeNull();
  });

  it('birthdate: required, a real date in the past', () => {
    expect(firstError(BirthdateField, '')).toBe('Birthdate is required');
    expect(firstError(BirthdateField, '1990-02-30')).toBe(MESSAGES.birthdateInvalid);
    expect(firstError(BirthdateField, '2999-01-01')).toBe(MESSAGES.birthdateInvalid);
    expect(firstError(BirthdateField, '1980-05-17')).toBeNull();
  });
});

describe('form schemas built on the contract', () => {
  it('login needs a username and a password', () => {
    expect(fieldErrors(loginSchema.safeParse({ username: '', password: '' }))).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('sign-up reports every field, the blocked domain and the mismatch', () => {
    const schema = signupSchema(DEFAULT_BLOCKED_SIGNUP_DOMAINS);
    expect(fieldErrors(schema.safeParse({ full_name: '', birthdate: '', email: '', password: '', confirm_password: '' }))).toEqual({
      full_name: 'Full Name is required',
      birthdate: 'Birthdate is required',
      email: 'Email is required',
      password: 'Password is required',
      confirm_password: 'Password confirmation is required',
    });
    const errors = fieldErrors(schema.safeParse({ full_name: 'Anna Berg', birthdate: '1980-01-01', email: 'anna@hotmail.com', password: 'longenough', confirm_password: 'different1' }));
    expect(errors).toEqual({ email: MESSAGES.emailBlocked, confirm_password: 'The passwords do not match' });
  });

  it('add user asks to confirm the password; edit user accepts a blank password', () => {
    const base = { email: 'a@example.com', full_name: '', birthdate: '', is_superuser: false, is_active: true, is_test_user: false, submission_limit: 0 };
    expect(fieldErrors(addUserSchema.safeParse({ ...base, password: 'longenough', confirm_password: '' }))).toEqual({ confirm_password: 'Please confirm your password' });
    expect(editUserSchema.safeParse({ ...base, password: '', confirm_password: '' }).success).toBe(true);
    expect(fieldErrors(editUserSchema.safeParse({ ...base, password: 'longenough', confirm_password: 'x' }))).toEqual({ confirm_password: 'The passwords do not match' });
    expect(fieldErrors(editUserSchema.safeParse({ ...base, password: '', submission_limit: -1 }))).toEqual({ submission_limit: 'Submission limit must be at least 0' });
  });
});
