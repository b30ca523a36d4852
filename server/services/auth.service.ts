import { ApiError, validationError } from '../errors';
import { SERVER_MESSAGES } from '../messages';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import { accessTokenId, VIEWER_TOKEN_MINUTES, type AccessTokens, type TokenClaims } from '../auth/access-tokens';
import { hashOneTimeToken } from '../auth/one-time-tokens';
import type { AuthTokensRepository } from '../db/repositories/auth-tokens.repository';
import type { UserRow, UsersRepository } from '../db/repositories/users.repository';
import type { AccountMails } from './account-mails.service';
import type { SessionUser, UserCache } from '../auth/user-cache';
import type { RevokedTokensRepository } from '../db/repositories/revoked-tokens.repository';
import type { Throttle } from './throttle.service';
import { isPasswordEmail, MESSAGES } from '../../core/validation';
import type { Language } from '../../core/i18n';

export const NOT_VERIFIED =
  'Your email address is not verified yet. Please open the link in the verification email we sent you, then log in.';

export interface AuthServiceDeps {
  users: UsersRepository;
  tokens: AuthTokensRepository;
  accessTokens: AccessTokens;
  revokedTokens: RevokedTokensRepository;
  mails: AccountMails;
  userCache: UserCache;
  throttle: Throttle;
  /**
   * Whether other processes can change sessions behind this one's back: true on PostgreSQL, where
   * several API and worker processes share the database. The embedded database belongs to this
   * process alone, which drops its cached user on every change it makes, so a request there needs
   * no query when the user is cached (GET /users/me at 0.03 of a bare server with the query on a
   * loaded machine; see bench/api.bench.ts).
   */
  sharedDatabase: boolean;
}

export function authService({ users, tokens, accessTokens, revokedTokens, mails, userCache, throttle, sharedDatabase }: AuthServiceDeps) {
  const refused = (detail: string = SERVER_MESSAGES.sessionEnded) => new ApiError(401, detail, { 'WWW-Authenticate': 'Bearer' });

  /**
   * The token's claims and its user. The user's row may come from the cache, but whether the token
   * still opens a session (revoked by a logout, an older token version, a deactivated account) is
   * read from the database on every request, in one small query, when the database is shared:
   * another API process may have changed it a moment ago, and its announcement (user-cache.ts)
   * may not have arrived yet.
   */
  async function session(token: string | null, verify = accessTokens.verify): Promise<{ user: UserRow; claims: TokenClaims }> {
    if (!token) throw refused(SERVER_MESSAGES.notSignedIn);
    const claims = await verify(token);
    if (!claims) throw refused();
    let cached: SessionUser | null = userCache.get(claims.userId);
    if (cached && sharedDatabase) {
      const state = await revokedTokens.sessionState(claims.userId, claims.tokenId);
      if (!state || state.revoked) throw refused();
      if (state.tokenVersion !== cached.user.token_version || state.isActive !== cached.user.is_active) {
        userCache.forget(claims.userId);
        cached = null;
      }
    }
    if (!cached) {
      const [user, revoked] = await Promise.all([users.findById(claims.userId), revokedTokens.forUser(claims.userId)]);
      if (!user) throw refused();
      cached = { user, revokedTokenIds: new Set(revoked) };
      // Kept from this read on, not from the last request: a steady stream of requests still reads
      // the row again every AUTH_CACHE_MS (its counts, for example, if an announcement was lost).
      userCache.set(cached);
    }
    const { user, revokedTokenIds } = cached;
    // A deactivated account's token no longer opens anything, so the client ends its session; it
    // hears why first (switching off also moved the token version on, so that switching the account
    // on again does not reopen its old sessions).
    if (!user.is_active) throw refused(SERVER_MESSAGES.accountSwitchedOff);
    if (claims.version !== user.token_version || revokedTokenIds.has(claims.tokenId)) throw refused();
    return { user, claims };
  }

  return {
    /**
     * Failed attempts slow down the account and the client (throttle service); while either must
     * wait, the answer is 429 before the password is checked, so a guess then tells nothing.
     */
    async login(username: string, password: string, client: string): Promise<string> {
      const email = username.trim().toLowerCase();
      await throttle.beforeLogin(email, client);
      const user = await users.findByEmail(email);
      const ok = await verifyPassword(user?.hashed_password ?? (await dummyPasswordHash()), password);
      if (!user || !ok) {
        await throttle.loginFailed(email, client);
        throw new ApiError(400, 'Incorrect email or password');
      }
      await throttle.loginSucceeded(email, client);
      if (!user.is_active) throw new ApiError(400, SERVER_MESSAGES.accountSwitchedOff);
      if (!user.email_verified) throw new ApiError(400, NOT_VERIFIED);
      return accessTokens.issue(user.id, user.token_version);
    },

    /** A token for a user's current token version (a session that changed its password carries on with it). */
    issue(user: UserRow): Promise<string> {
      return accessTokens.issue(user.id, user.token_version);
    },

    /**
     * The user behind a bearer token; 401 when the token is missing, bad, expired, orphaned,
     * revoked by logging out, issued before the user's last new password, or its user deactivated.
     */
    async authenticate(token: string | null): Promise<UserRow> {
      return (await session(token)).user;
    },

    /**
     * A viewer token for one study (the caller has been allowed to see it), minted by the session
     * of `sessionToken`: it carries the user's token version, so a new password or deactivation
     * ends it as it ends the sessions, and its session's id, so logging out of that session ends it.
     */
    async issueViewer(user: UserRow, studyInstanceUid: string, sessionToken: string): Promise<{ token: string; expiresInSeconds: number }> {
      const token = await accessTokens.issueViewer(user.id, user.token_version, studyInstanceUid, VIEWER_TOKEN_MINUTES, accessTokenId(sessionToken));
      return { token, expiresInSeconds: VIEWER_TOKEN_MINUTES * 60 };
    },

    /** The user and study of a viewer token; 401 for anything else, a full access token included. */
    async authenticateViewer(token: string | null): Promise<{ user: UserRow; studyInstanceUid: string }> {
      const { user, claims } = await session(token, accessTokens.verifyViewer);
      return { user, studyInstanceUid: claims.studyInstanceUid! };
    },

    /** Revokes this one token: the user's other sessions carry on. */
    async logout(token: string | null): Promise<void> {
      const { claims } = await session(token);
      await revokedTokens.revoke(claims.tokenId, claims.userId, claims.expiresAt);
      userCache.forget(claims.userId);
    },

    /**
     * A sign-up's link verifies the account; an e-mail change's link moves the account to the new
     * address (the notice to the old one speaks her language, else the request's: `requested`).
     */
    async verifyEmail(token: string, requested: Language | null): Promise<void> {
      const hash = hashOneTimeToken(token);
      const signup = await tokens.consume(hash, 'verify_email');
      const used = signup ?? (await tokens.consume(hash, 'change_email'));
      if (!used) throw new ApiError(400, 'This verification link is invalid or has already been used.');
      if ('expired' in used) throw new ApiError(400, 'This verification link has expired. Please sign up again or contact us.');
      if (used.newEmail) {
        // An account switched off since the link was asked for stays where it is: an administrator
        // who switched it off (a takeover suspected) must not find it moved to the taker's address.
        const account = await users.findById(used.userId);
        if (account && !account.is_active) throw new ApiError(400, SERVER_MESSAGES.accountSwitchedOff);
        const owner = await users.findByEmail(used.newEmail);
        if (owner && owner.id !== used.userId) throw new ApiError(409, 'The user with this email already exists in the system');
        await users.update(used.userId, { email: used.newEmail, email_verified: true });
        // The account has moved either way: a notice that cannot be sent is logged, not answered as a failure.
        if (account && account.email !== used.newEmail) {
          await mails.sendEmailChangedNotice(account, used.newEmail, requested).catch((err) => console.error('e-mail change notice failed:', err));
        }
      } else {
        await users.update(used.userId, { email_verified: true });
      }
      userCache.forget(used.userId);
    },

    /**
     * Answers the same whether or not the address has an account. The mail speaks the language she
     * chose, else the request's (`requested`, null when its Accept-Language names none we speak).
     */
    async recoverPassword(email: string, client: string, requested: Language | null): Promise<void> {
      const key = email.trim().toLowerCase();
      const mayMail = await throttle.recovery(key, client);
      const user = await users.findByEmail(key);
      // Sent in the background so the answer takes as long for an unknown address as for a known one.
      if (mayMail && user && user.is_active) void mails.sendReset(user, requested).catch((err) => console.error('password recovery mail failed:', err));
    },

    async resetPassword(token: string, newPassword: string): Promise<void> {
      const hash = hashOneTimeToken(token);
      // Checked before the link is used up, so a refused password leaves the link valid.
      const owner = await tokens.ownerOf(hash, 'reset_password');
      const ownerRow = owner ? await users.findById(owner) : null;
      if (ownerRow && isPasswordEmail(newPassword, ownerRow.email)) {
        throw validationError([{ loc: ['body', 'new_password'], msg: MESSAGES.passwordIsEmail, type: 'value_error' }]);
      }
      const used = await tokens.consume(hash, 'reset_password');
      if (!used) throw new ApiError(400, SERVER_MESSAGES.resetLinkNotValid);
      if ('expired' in used) throw new ApiError(400, 'This password reset link has expired. Please ask for a new one.');
      const user = await users.findById(used.userId);
      if (!user) throw new ApiError(400, SERVER_MESSAGES.resetLinkNotValid);
      if (!user.is_active) throw new ApiError(400, SERVER_MESSAGES.accountSwitchedOff);
      // Following the link proves the address, so an unverified account becomes verified too.
      // The new password ends every session (the repository moves the token version on).
      await users.update(user.id, { hashed_password: await hashPassword(newPassword), email_verified: true });
      userCache.forget(user.id);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
