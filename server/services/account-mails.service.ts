import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import { emailChangedNoticeMail, emailChangeMail, resetPasswordMail, verificationMail } from '../mail/templates';
import { newOneTimeToken } from '../auth/one-time-tokens';
import type { AuthTokensRepository, TokenPurpose } from '../db/repositories/auth-tokens.repository';
import type { UserRow } from '../db/repositories/users.repository';

/** Makes the single-use links of account mails and sends them. */
export function accountMails(config: Config, tokens: AuthTokensRepository, mailer: Mailer) {
  async function link(user: UserRow, purpose: TokenPurpose, hours: number, page: string, newEmail: string | null = null): Promise<string> {
    const { token, hash } = newOneTimeToken();
    await tokens.revokeOthers(user.id, purpose);
    await tokens.create(hash, user.id, purpose, new Date(Date.now() + hours * 3600_000), newEmail);
    return `${config.frontendUrl}/${page}?token=${encodeURIComponent(token)}`;
  }
  return {
    async sendVerification(user: UserRow): Promise<void> {
      const url = await link(user, 'verify_email', config.verifyTokenHours, 'verify-email');
      await mailer.send(verificationMail(user.email, user.full_name, url, config.verifyTokenHours));
    },
    /** The link goes to the new address, so only its owner can move the account there. */
    async sendEmailChange(user: UserRow, newEmail: string): Promise<void> {
      const url = await link(user, 'change_email', config.verifyTokenHours, 'verify-email', newEmail);
      await mailer.send(emailChangeMail(newEmail, user.full_name, url, config.verifyTokenHours));
    },
    /** The account has moved to `newEmail`: its previous address hears of it, with what to do if that was not its owner. */
    async sendEmailChangedNotice(oldEmail: string, fullName: string | null, newEmail: string): Promise<void> {
      await mailer.send(emailChangedNoticeMail(oldEmail, fullName, newEmail, config.contactEmail));
    },
    async sendReset(user: UserRow): Promise<void> {
      const url = await link(user, 'reset_password', config.resetTokenHours, 'reset-password');
      await mailer.send(resetPasswordMail(user.email, url, config.resetTokenHours));
    },
    /** The HTML of a reset mail, for an administrator to check the template (no token is stored). */
    resetHtml(user: UserRow): string {
      return resetPasswordMail(user.email, `${config.frontendUrl}/reset-password?token=example-token`, config.resetTokenHours).html;
    },
  };
}
export type AccountMails = ReturnType<typeof accountMails>;
