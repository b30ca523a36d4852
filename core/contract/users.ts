import { z } from 'zod';
import { BirthdateField, EmailField, FullNameField, PasswordField, SignupFullNameField, SubmissionLimitField, passwordIsNotEmail, text } from './fields';
import { RiskFactors, RiskFactorsPatch } from './risk-factors';
import { LANGUAGES, msg } from '../i18n';

/** The language the app and the mails speak to her (issue 18, item 7). */
export const LanguageField = z.enum(LANGUAGES).meta({ id: 'Language' });

/** The user's flow status (decisions.md): derived from their last task. */
export const FlowStatus = z.enum(['presubmit', 'processing', 'result_available']).meta({ id: 'FlowStatus' });
export type FlowStatus = z.infer<typeof FlowStatus>;

export const UserPublic = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    full_name: z.string().nullable(),
    birthdate: z.string().nullable(),
    status: FlowStatus,
    submission_count: z.number().int(),
    submission_limit: z.number().int(),
    is_superuser: z.boolean(),
    is_active: z.boolean(),
    is_test_user: z.boolean(),
    risk_factors: RiskFactors,
    /** Her chosen language; null until she picks one (the app then keeps the device's choice). */
    language: LanguageField.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'UserPublic' });
export type UserPublic = z.infer<typeof UserPublic>;

export const UsersPublic = z.object({ data: z.array(UserPublic), count: z.number().int() }).meta({ id: 'UsersPublic' });
export type UsersPublic = z.infer<typeof UsersPublic>;

export const UserRegister = z
  .object({
    email: EmailField,
    full_name: SignupFullNameField,
    birthdate: BirthdateField,
    password: PasswordField,
    confirm_password: text().optional(),
  })
  .superRefine((v, ctx) => {
    passwordIsNotEmail(v, ctx);
    if (v.confirm_password !== undefined && v.confirm_password !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: msg('The passwords do not match') });
    }
  })
  .meta({ id: 'UserRegister' });
export type UserRegister = z.input<typeof UserRegister>;

export const UserCreate = z
  .object({
    email: EmailField,
    full_name: FullNameField.optional(),
    birthdate: BirthdateField.nullable().optional(),
    password: PasswordField,
    is_superuser: z.boolean().default(false),
    is_active: z.boolean().default(true),
    is_test_user: z.boolean().default(false),
    submission_limit: SubmissionLimitField.optional(),
  })
  .superRefine(passwordIsNotEmail)
  .meta({ id: 'UserCreate' });
export type UserCreate = z.input<typeof UserCreate>;

export const UserUpdate = z
  .object({
    email: EmailField.optional(),
    full_name: FullNameField.optional(),
    birthdate: BirthdateField.nullable().optional(),
    password: z.union([PasswordField, z.literal(''), z.null()]).optional(),
    is_superuser: z.boolean().optional(),
    is_active: z.boolean().optional(),
    is_test_user: z.boolean().optional(),
    status: FlowStatus.optional(),
    submission_limit: SubmissionLimitField.optional(),
  })
  .superRefine(passwordIsNotEmail)
  .meta({ id: 'UserUpdate' });
export type UserUpdate = z.input<typeof UserUpdate>;

export const UserUpdateMe = z
  .object({
    email: EmailField.optional(),
    full_name: FullNameField.optional(),
    birthdate: BirthdateField.optional(),
    risk_factors: RiskFactorsPatch.optional(),
    language: LanguageField.optional(),
    /** Needed to change the e-mail address (which then waits for the link mailed to the new one). */
    current_password: text().optional(),
  })
  .meta({ id: 'UserUpdateMe' });
export type UserUpdateMe = z.input<typeof UserUpdateMe>;

export const UpdatePassword = z
  .object({
    current_password: text({ error: msg('Current password is required') }).min(1, msg('Current password is required')),
    new_password: PasswordField,
  })
  .meta({ id: 'UpdatePassword' });
export type UpdatePassword = z.infer<typeof UpdatePassword>;
