import { z } from 'zod';
import { BirthdateField, EmailField, FullNameField, LoginForm, PasswordField, SignupFullNameField, SubmissionLimitField } from '../../core/contract';
import { MESSAGES, isBlockedDomain, isPasswordEmail } from '../../core/validation';
import { msg } from '../../core/i18n';

/**
 * The forms' schemas, built from the contract's fields so a rule holds on both sides; only the
 * confirmation fields (which never reach the server) are added here. Their messages stay English
 * (the contract's, shared with the server): a form shows them translated with `translatedErrors`
 * (./errors.ts) as its `enhanceGetInputProps`.
 */
const confirmField = (requiredMessage: string = MESSAGES.confirmRequired) => z.string().min(1, requiredMessage);

function matching<T extends z.ZodObject>(schema: T, password: string, confirm: string) {
  return schema.superRefine((v: Record<string, unknown>, ctx) => {
    if (v[confirm] && v[confirm] !== v[password]) ctx.addIssue({ code: 'custom', path: [confirm], message: MESSAGES.passwordsDiffer });
  });
}

export const loginSchema = LoginForm;

export const signupSchema = (blockedDomains: readonly string[]) =>
  matching(
    z.object({
      full_name: SignupFullNameField,
      birthdate: BirthdateField,
      email: EmailField.refine((email) => !isBlockedDomain(email, blockedDomains), MESSAGES.emailBlocked),
      password: PasswordField,
      confirm_password: confirmField(),
    }),
    'password',
    'confirm_password',
  );

export const recoverSchema = z.object({ email: EmailField });

export const resetSchema = matching(z.object({ new_password: PasswordField, confirm_password: confirmField() }), 'new_password', 'confirm_password');

export const profileSchema = z.object({ full_name: FullNameField, email: EmailField, birthdate: BirthdateField });

export const changePasswordSchema = (email: string) =>
  matching(
    z.object({
      current_password: z.string().min(1, msg('Current password is required')),
      new_password: PasswordField.refine((v) => !isPasswordEmail(v, email), MESSAGES.passwordIsEmail),
      confirm_password: confirmField(),
    }),
    'new_password',
    'confirm_password',
  );

const optionalText = z.string().optional();
const adminFlags = { is_superuser: z.boolean(), is_active: z.boolean(), is_test_user: z.boolean(), submission_limit: SubmissionLimitField };

export const addUserSchema = matching(
  z.object({
    email: EmailField,
    full_name: z.union([z.literal(''), FullNameField]),
    birthdate: z.union([z.literal(''), BirthdateField]),
    password: PasswordField,
    confirm_password: confirmField(MESSAGES.confirmPlease),
    ...adminFlags,
  }),
  'password',
  'confirm_password',
);

/** Editing a user: a blank password means unchanged; a new one must be confirmed. */
export const editUserSchema = z
  .object({
    email: EmailField,
    full_name: z.union([z.literal(''), FullNameField]),
    birthdate: z.union([z.literal(''), BirthdateField]),
    password: z.union([z.literal(''), PasswordField]),
    confirm_password: optionalText,
    ...adminFlags,
  })
  .superRefine((v, ctx) => {
    if (!v.password) return;
    if (!v.confirm_password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: MESSAGES.confirmPlease });
    else if (v.confirm_password !== v.password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: MESSAGES.passwordsDiffer });
  });
