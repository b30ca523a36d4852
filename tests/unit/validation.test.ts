import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  isBlockedDomain,
  validateBirthdate,
  validateConfirm,
  validateEmail,
  validateFullName,
  validatePassword,
} from '../../core/validation';
import { addUserSchema, editUserSchema, loginSchema, signupSchema } from '../../src/forms/schemas';
import { DEFAULT_BLOCKED_SIGNUP_DOMAINS } from '../../core/decisions';

/** The first message per field, as the forms show them. */
function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('core validation rules (spec section 5)', () => {
  it('email: required, then a pattern', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('   ')).toBe('Email is required');
    expect(validateEmail('not-an-email')).toBe('Invalid email address');
    expect(validateEmail('a@b')).toBe('Invalid email address');
    expect(validateEmail('anna@example.se')).toBeNull();
  });

  it('blocked domains match the part after the last @, ignoring case', () => {
    expect(isBlockedDomain('x@Hotmail.COM', DEFAULT_BLOCKED_SIGNUP_DOMAINS)).toBe(true);
    expect(isBlockedDomain('x@outlook.se', DEFAULT_BLOCKED_SIGNUP_DOMAINS)).toBe(true);
    expect(isBlockedDomain('hotmail.com@gmail.com', DEFAULT_BLOCKED_SIGNUP_DOMAINS)).toBe(false);
    expect(isBlockedDomain('x@nothotmail.com', DEFAULT_BLOCKED_SIGNUP_DOMAINS)).toBe(false);
  });

  it('password: required, at least 8 characters', () => {
    expect(validatePassword('')).toBe('Password is required');
    expect(validatePassword('1234567')).toBe('Password must be at least 8 characters');
    expect(validatePassword('12345678')).toBeNull();
  });

  it('full name: required, 3 to 30 characters at sign-up; only the maximum in the profile', () => {
    expect(validateFullName('')).toBe('Full Name is required');
    expect(validateFullName('Al')).toBe('Full Name must be at least 3 characters');
    expect(validateFullName('Al', { min: false })).toBeNull();
    expect(validateFullName('x'.repeat(31), { min: false })).toBe('Full Name must be at most 30 characters');
  });

  it('birthdate: required, a real date in the past', () => {
    expect(validateBirthdate('', '2026-01-01')).toBe('Birthdate is required');
    expect(validateBirthdate('1990-02-30', '2026-01-01')).toBe(MESSAGES.birthdateInvalid);
    expect(validateBirthdate('2027-01-01', '2026-01-01')).toBe(MESSAGES.birthdateInvalid);
    expect(validateBirthdate('1980-05-17', '2026-01-01')).toBeNull();
  });

  it('confirmation: required, then equal', () => {
    expect(validateConfirm('secret123', '')).toBe('Password confirmation is required');
    expect(validateConfirm('secret123', '', MESSAGES.confirmPlease)).toBe('Please confirm your password');
    expect(validateConfirm('secret123', 'secret124')).toBe('The passwords do not match');
    expect(validateConfirm('secret123', 'secret123')).toBeNull();
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
