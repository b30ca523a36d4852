import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import { emailChangedNoticeMail, emailChangeMail, resetPasswordMail, verificationMail } from '../mail/templates';
import { newOneTimeToken } from '../auth/one-time-tokens';
import type { AuthTokensRepository, TokenPurpose } from '../db/repositories/auth-tokens.repository';
import type { UserRow } from '../db/repositories/users.repository';
import type { Language } from '../../core/i18n';

/**
 * The language of a mail to `user` (issue 18, item 7): the one she chose, else the one the request
 * that sends it names in its Accept-Language (`requested`, null when it names none), else English.
 */
export function mailLanguage(user: Pick<UserRow, 'language'>, requested: Language | null): Language {
  return user.language ?? requested ?? 'en';
}

/** Makes the single-use links of account mails and sends them, each in its reader's language. */
export function accountMails(config: Config, tokens: AuthTokensRepository, mailer: Mailer) {
  async function link(user: UserRow, purpose: TokenPurpose, hours: number, page: string, newEmail: string | null = null): Promise<string> {
    const { token, hash } = newOneTimeToken();
    await tokens.revokeOthers(user.id, purpose);
    await tokens.create(hash, user.id, purpose, new Date(Date.now() + hours * 3600_000), newEmail);
    return `${config.frontendUrl}/${page}?token=${encodeURIComponent(token)}`;
  }
  return {
    async sendVerification(user: UserRow, requested: Language | null): Promise<void> {
      const url = await link(user, 'verify_email', config.verifyTokenHours, 'verify-email');
      await mailer.send(verificationMail(mailLanguage(user, requested), user.email, user.full_name, url, config.verifyTokenHours));
    },
    /** The link goes to the new address, so only its owner can move the account there. */
    async sendEmailChange(user: UserRow, newEmail: string, requested: Language | null): Promise<void> {
      const url = await link(user, 'change_email', config.verifyTokenHours, 'verify-email', newEmail);
      await mailer.send(emailChangeMail(mailLanguage(user, requested), newEmail, user.full_name, url, config.verifyTokenHours));
    },
    /**
     * `user` (as it was) has moved to `newEmail`: its previous address hears of it, with what to do
     * if that was not its owner.
     */
    async sendEmailChangedNotice(user: UserRow, newEmail: string, requested: Language | null): Promise<void> {
      await mailer.send(emailChangedNoticeMail(mailLanguage(user, requested), user.email, user.full_name, newEmail, config.contactEmail));
    },
    async sendReset(user: UserRow, requested: Language | null): Promise<void> {
      const url = await link(user, 'reset_password', config.resetTokenHours, 'reset-password');
      await mailer.send(resetPasswordMail(mailLanguage(user, requested), user.email, url, config.resetTokenHours));
    },
    /** The HTML of a reset mail, for an administrator to check the template (no token is stored). */
    resetHtml(user: UserRow, requested: Language | null): string {
      const url = `${config.frontendUrl}/reset-password?token=example-token`;
      return resetPasswordMail(mailLanguage(user, requested), user.email, url, config.resetTokenHours).html;
    },
  };
}
export type AccountMails = ReturnType<typeof accountMails>;
