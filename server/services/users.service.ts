import type { z } from 'zod';
import type { Config } from '../config';
import type { UserCreate, UserRegister, UserUpdate, UserUpdateMe, UpdatePassword, RiskFactors, UserPublic } from '../../core/contract';
import { EMPTY_RISK_FACTORS } from '../../core/contract';
import { MESSAGES, isBlockedDomain, isPasswordEmail } from '../../core/validation';
import { ApiError, EmailTakenError, forbidden, notFound, validationError } from '../errors';
import { SERVER_MESSAGES } from '../messages';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { UserRow, UsersRepository } from '../db/repositories/users.repository';
import { toPublic } from '../db/repositories/users.repository';
import type { AccountMails } from './account-mails.service';
import type { ImageStore } from '../storage/image-store';
import type { UserCache } from '../auth/user-cache';
import type { Throttle } from './throttle.service';
import { sameAnswers } from '../jobs/subject-now';
import type { Language } from '../../core/i18n';

/** The user a route handles (the routes see it through here, never through the repository). */
export type { UserRow };

export interface UsersServiceDeps {
  config: Config;
  users: UsersRepository;
  mails: AccountMails;
  /** Removes a user's stored files; the database rows go with the user by cascade. */
  files: Pick<ImageStore, 'removeOwner'>;
  userCache: UserCache;
  throttle: Pick<Throttle, 'signup' | 'checkPassword' | 'emailChange'>;
  /** Called after her health answers changed (her latest result is worked out again). */
  answersChanged?: (user: UserRow) => Promise<unknown>;
}

const EMAIL_TAKEN = 'The user with this email already exists in the system';
const OWN_SIGN_IN_IN_SETTINGS = 'Change your own e-mail address and password in User settings, where your current password is asked for.';

export function usersService({ config, users: repo, mails, files, userCache, throttle, answersChanged }: UsersServiceDeps) {
  // Every change to a user goes through here, so the authentication cache never serves an old row.
  const users: UsersRepository = {
    ...repo,
    async update(id, changes) {
      userCache.forget(id);
      return repo.update(id, changes);
    },
    async delete(id) {
      userCache.forget(id);
      return repo.delete(id);
    },
  };
  async function assertEmailFree(email: string, exceptId?: string) {
    const existing = await users.findByEmail(email);
    if (existing && existing.id !== exceptId) throw new ApiError(409, EMAIL_TAKEN);
  }
  /** Her current password, checked under the login throttle (a wrong one counts as a failed login). */
  async function assertCurrentPassword(actor: UserRow, password: string, client: string) {
    const right = await throttle.checkPassword(actor.email, client, () => verifyPassword(actor.hashed_password, password));
    if (!right) throw new ApiError(400, SERVER_MESSAGES.wrongCurrentPassword);
  }

  return {
    /**
     * Sign-ups are counted per client (an hourly number, 429 beyond). `requested` is the language the
     * request's Accept-Language names (null when none we speak): saved as hers, and her
     * verification mail speaks it.
     */
    async signup(input: z.output<typeof UserRegister>, client: string, requested: Language | null): Promise<UserPublic> {
      await throttle.signup(client);
      if (isBlockedDomain(input.email, config.blockedSignupDomains)) throw new ApiError(400, MESSAGES.emailBlocked);
      if (await users.findByEmail(input.email)) throw new ApiError(400, EMAIL_TAKEN);
      const user = await users.create({
        email: input.email,
        full_name: input.full_name,
        birthdate: input.birthdate,
        hashed_password: await hashPassword(input.password),
        is_active: true,
        is_superuser: false,
        is_test_user: false,
        email_verified: false,
        submission_limit: config.defaultSubmissionLimit,
        language: requested,
      });
      await mails.sendVerification(user, requested);
      return toPublic(user);
    },

    async create(input: z.output<typeof UserCreate>): Promise<UserPublic> {
      await assertEmailFree(input.email);
      // An administrator vouches for the address, so the account needs no verification mail.
      const user = await users.create({
        email: input.email,
        full_name: input.full_name ?? null,
        birthdate: input.birthdate ?? null,
        hashed_password: await hashPassword(input.password),
        is_active: input.is_active,
        is_superuser: input.is_superuser,
        is_test_user: input.is_test_user,
        email_verified: true,
        submission_limit: input.submission_limit ?? config.defaultSubmissionLimit,
      });
      return toPublic(user);
    },

    async list(skip: number, limit: number) {
      const { data, count } = await users.list(skip, limit);
      return { data: data.map(toPublic), count };
    },

    /** The signed-in user as the API shows it. */
    me(actor: UserRow): UserPublic {
      return toPublic(actor);
    },

    /**
     * The HTML of the password recovery mail that `email` would get (in her language, else the
     * request's: `requested`); 404 when nobody has it.
     */
    async recoveryHtml(email: string, requested: Language | null): Promise<string> {
      const user = await users.findByEmail(email);
      if (!user) throw new ApiError(404, 'The user with this email does not exist in the system.');
      return mails.resetHtml(user, requested);
    },

    async get(actor: UserRow, id: string): Promise<UserPublic> {
      if (actor.id === id) return toPublic(actor);
      if (!actor.is_superuser) throw forbidden();
      const user = await users.findById(id);
      if (!user) throw notFound('User');
      return toPublic(user);
    },

    async update(actor: UserRow, id: string, input: z.output<typeof UserUpdate>): Promise<UserPublic> {
      const user = await users.findById(id);
      if (!user) throw notFound('User');
      if (actor.id === id) {
        if (input.is_superuser === false) throw new ApiError(403, 'Super users are not allowed to remove their own superuser role');
        if (input.is_active === false) throw new ApiError(403, 'Super users are not allowed to deactivate themselves');
        // The admin list's edit asks for no current password and sends no confirmation link: on the
        // own account that would let a session left open take the account over for good.
        if (input.password || (input.email && input.email.toLowerCase() !== user.email)) throw new ApiError(403, OWN_SIGN_IN_IN_SETTINGS);
      }
      if (input.email && input.email !== user.email) await assertEmailFree(input.email, id);
      // With a new address in the body the contract checks the pair; here, the address the account keeps.
      if (input.password && isPasswordEmail(input.password, input.email ?? user.email)) {
        throw validationError([{ loc: ['body', 'password'], msg: MESSAGES.passwordIsEmail, type: 'value_error' }]);
      }
      const { password, ...rest } = input;
      const updated = await users.update(id, {
        ...rest,
        hashed_password: password ? await hashPassword(password) : undefined,
      });
      // An administrator correcting her birthdate changes her age at her study: her result follows.
      if (updated && updated.birthdate !== user.birthdate) await answersChanged?.(updated);
      return toPublic(updated!);
    },

    /**
     * A new e-mail address needs the current password and the blocked domains' rule of sign-up; the
     * account moves to it only when the link mailed there is opened (auth service, verifyEmail). That
     * mail speaks her language (the one this request saves, if any), else the request's (`requested`).
     */
    async updateMe(actor: UserRow, input: z.output<typeof UserUpdateMe>, requested: Language | null, client: string): Promise<UserPublic> {
      const newEmail = input.email && input.email.toLowerCase() !== actor.email ? input.email.toLowerCase() : null;
      if (newEmail) {
        if (!input.current_password) throw new ApiError(400, 'Please enter your current password to change your e-mail address.');
        await assertCurrentPassword(actor, input.current_password, client);
        if (isBlockedDomain(newEmail, config.blockedSignupDomains)) throw new ApiError(400, MESSAGES.emailBlocked);
        await assertEmailFree(newEmail, actor.id);
        await throttle.emailChange(actor.id, newEmail, client);
      }
      const risk_factors: RiskFactors | undefined = input.risk_factors
        ? { ...EMPTY_RISK_FACTORS, ...actor.risk_factors, ...input.risk_factors }
        : undefined;
      const updated = await users.update(actor.id, { full_name: input.full_name, birthdate: input.birthdate, risk_factors, language: input.language });
      if (newEmail) await mails.sendEmailChange(updated!, newEmail, requested);
      const newAnswers = risk_factors !== undefined && !sameAnswers(actor.risk_factors, risk_factors);
      if (updated && (newAnswers || updated.birthdate !== actor.birthdate)) await answersChanged?.(updated);
      return toPublic(updated!);
    },

    /** Ends every session of the user (a new token version); the caller issues the changing session a new token. */
    async changePassword(actor: UserRow, input: UpdatePassword, client: string): Promise<UserRow> {
      await assertCurrentPassword(actor, input.current_password, client);
      if (input.current_password === input.new_password) throw new ApiError(400, 'New password cannot be the same as the current one');
      if (isPasswordEmail(input.new_password, actor.email)) {
        throw validationError([{ loc: ['body', 'new_password'], msg: MESSAGES.passwordIsEmail, type: 'value_error' }]);
      }
      const updated = await users.update(actor.id, { hashed_password: await hashPassword(input.new_password) });
      if (!updated) throw notFound('User');
      return updated;
    },

    async deleteMe(actor: UserRow): Promise<void> {
      if (actor.is_superuser) throw new ApiError(403, 'Super users are not allowed to delete themselves');
      await files.removeOwner(actor.id);
      await users.delete(actor.id);
    },

    async delete(actor: UserRow, id: string): Promise<void> {
      if (actor.id === id) throw new ApiError(403, 'Super users are not allowed to delete themselves');
      const user = await users.findById(id);
      if (!user) throw notFound('User');
      await files.removeOwner(id);
      await users.delete(id);
    },

    /** The first superuser, created once; a random password is printed when none is configured. */
    async ensureFirstSuperuser(log: (msg: string) => void): Promise<void> {
      if (await users.findByEmail(config.firstSuperuser)) return;
      const password = config.firstSuperuserPassword ?? (await import('node:crypto')).randomBytes(12).toString('base64url');
      try {
        await users.create({
          email: config.firstSuperuser,
          full_name: 'Administrator',
          birthdate: null,
          hashed_password: await hashPassword(password),
          is_active: true,
          is_superuser: true,
          is_test_user: false,
          email_verified: true,
          submission_limit: 0,
        });
      } catch (err) {
        // Another API process starting at the same moment on the same database made it first.
        if (err instanceof EmailTakenError && (await users.findByEmail(config.firstSuperuser))) return;
        throw err;
      }
      if (!config.firstSuperuserPassword) {
        log(`First superuser created: ${config.firstSuperuser} with password ${password} (shown once; set FIRST_SUPERUSER_PASSWORD to choose it)`);
      } else {
        log(`First superuser created: ${config.firstSuperuser}`);
      }
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
