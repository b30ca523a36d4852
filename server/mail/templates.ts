import type { Mail } from './mailer';
import type { Language } from '../../core/i18n';

const PRODUCT = 'Smart Density';

/**
 * The words of one mail in one language. `title` heads the HTML page and, in the text version,
 * names the link; the subject is the product's name and `subject`.
 */
interface MailWords<Args> {
  subject: string;
  title: string;
  button: string;
  paragraphs: (a: Args) => string[];
  footer: (a: Args) => string;
}

type LinkArgs = { name: string; hours: number };
type NoticeArgs = { name: string; oldEmail: string; newEmail: string; contactEmail: string };

/** Every text of the account mails in one language (issue 18, item 7). */
interface MailTexts {
  /** Above the link written out, for a mail client that does not follow the button. */
  copyLink: string;
  verification: MailWords<LinkArgs>;
  emailChange: MailWords<LinkArgs>;
  emailChangedNotice: MailWords<NoticeArgs> & { mailtoSubject: string };
  resetPassword: MailWords<LinkArgs>;
}

const EN: MailTexts = {
  copyLink: 'If the button does not work, copy this link into your browser:',
  verification: {
    subject: 'Verify your e-mail address',
    title: 'Verify your e-mail address',
    button: 'Verify e-mail address',
    paragraphs: ({ name }) => [`Hello ${name},`, `Thank you for signing up to ${PRODUCT}. Please confirm your e-mail address to activate your account.`],
    footer: ({ hours }) => `This link is valid for ${hours} hours and can be used once. If you did not sign up, you can ignore this e-mail.`,
  },
  emailChange: {
    subject: 'Confirm your new e-mail address',
    title: 'Confirm your new e-mail address',
    button: 'Confirm e-mail address',
    paragraphs: ({ name }) => [
      `Hello ${name},`,
      `Someone asked to move a ${PRODUCT} account to this e-mail address. Please confirm that it is yours: the account's address changes when you open the link.`,
    ],
    footer: ({ hours }) => `This link is valid for ${hours} hours and can be used once. If you did not ask for it, you can ignore this e-mail: nothing changes.`,
  },
  emailChangedNotice: {
    subject: 'Your e-mail address was changed',
    title: 'Your e-mail address was changed',
    button: 'I did not make this change',
    mailtoSubject: `${PRODUCT}: my e-mail address was changed without my consent`,
    paragraphs: ({ name, oldEmail, newEmail, contactEmail }) => [
      `Hello ${name},`,
      `The e-mail address of your ${PRODUCT} account has been changed from ${oldEmail} to ${newEmail}. From now on you log in with the new address, and our mails go there.`,
      `If you made this change, there is nothing more to do. If you did not, someone who knows your password has taken over the account: please write to us at ${contactEmail} at once, and we will move the account back to you.`,
    ],
    footer: () => 'You receive this notice at your previous address because it was the address of the account until now.',
  },
  resetPassword: {
    subject: 'Password recovery',
    title: 'Reset your password',
    button: 'Reset password',
    paragraphs: ({ name }) => [`Hello ${name},`, `We received a request to reset the password of your ${PRODUCT} account.`],
    footer: ({ hours }) =>
      `This link is valid for ${hours} hour${hours === 1 ? '' : 's'} and can be used once. If you did not ask for it, you can ignore this e-mail: your password stays the same.`,
  },
};

const timmar = (hours: number) => `${hours} ${hours === 1 ? 'timme' : 'timmar'}`;

const SV: MailTexts = {
  copyLink: 'Om knappen inte fungerar kan du kopiera länken nedan och klistra in den i webbläsaren:',
  verification: {
    subject: 'Bekräfta din e-postadress',
    title: 'Bekräfta din e-postadress',
    button: 'Bekräfta e-postadressen',
    paragraphs: ({ name }) => [`Hej ${name}!`, `Tack för att du har registrerat dig hos ${PRODUCT}. Bekräfta din e-postadress för att aktivera ditt konto.`],
    footer: ({ hours }) => `Länken gäller i ${timmar(hours)} och kan bara användas en gång. Om du inte har registrerat dig kan du bortse från det här mejlet.`,
  },
  emailChange: {
    subject: 'Bekräfta din nya e-postadress',
    title: 'Bekräfta din nya e-postadress',
    button: 'Bekräfta e-postadressen',
    paragraphs: ({ name }) => [
      `Hej ${name}!`,
      `Någon har bett om att flytta ett konto hos ${PRODUCT} till den här e-postadressen. Bekräfta att adressen är din: kontots adress ändras när du öppnar länken.`,
    ],
    footer: ({ hours }) =>
      `Länken gäller i ${timmar(hours)} och kan bara användas en gång. Om du inte har bett om den kan du bortse från det här mejlet: ingenting ändras.`,
  },
  emailChangedNotice: {
    subject: 'Din e-postadress har ändrats',
    title: 'Din e-postadress har ändrats',
    button: 'Det var inte jag som ändrade den',
    mailtoSubject: `${PRODUCT}: min e-postadress ändrades utan mitt medgivande`,
    paragraphs: ({ name, oldEmail, newEmail, contactEmail }) => [
      `Hej ${name}!`,
      `E-postadressen för ditt konto hos ${PRODUCT} har ändrats från ${oldEmail} till ${newEmail}. Från och med nu loggar du in med den nya adressen, och våra mejl skickas dit.`,
      `Om det var du som ändrade adressen behöver du inte göra något mer. Om det inte var du har någon som känner till ditt lösenord tagit över kontot: skriv till oss på ${contactEmail} så snart du kan, så flyttar vi tillbaka kontot till dig.`,
    ],
    footer: () => 'Du får det här meddelandet till din tidigare adress eftersom det var kontots adress fram till nu.',
  },
  resetPassword: {
    subject: 'Återställ ditt lösenord',
    title: 'Återställ ditt lösenord',
    button: 'Återställ lösenordet',
    paragraphs: ({ name }) => [`Hej ${name}!`, `Vi har fått en begäran om att återställa lösenordet till ditt konto hos ${PRODUCT}.`],
    footer: ({ hours }) =>
      `Länken gäller i ${timmar(hours)} och kan bara användas en gång. Om du inte har bett om den kan du bortse från det här mejlet: ditt lösenord ändras inte.`,
  },
};

/** The mails' words per language: every language the product speaks has every text (the type says so). */
export const MAIL_TEXTS: Record<Language, MailTexts> = { en: EN, sv: SV };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(language: Language, title: string, paragraphs: string[], button: { label: string; href: string }, footer: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="margin:0 0 24px;font-size:22px;color:#0f5e6e">${escapeHtml(PRODUCT)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#1c7c8c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-size:16px">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#52606d">${escapeHtml(MAIL_TEXTS[language].copyLink)}<br><a href="${escapeHtml(button.href)}" style="color:#1c7c8c;word-break:break-all">${escapeHtml(button.href)}</a></p>
<p style="margin:16px 0 0;font-size:14px;color:#52606d">${escapeHtml(footer)}</p>
</td></tr></table></body></html>`;
}

/**
 * One mail from its words: the HTML page, and the text version with the link written out after
 * the paragraphs (`linkInText`; the notice's mailto link stays in the HTML only).
 */
function compose<Args>(language: Language, words: MailWords<Args>, args: Args, to: string, href: string, linkInText: boolean): Mail {
  const lines = words.paragraphs(args);
  const footer = words.footer(args);
  const link = linkInText ? `\n\n${words.title}: ${href}` : '';
  return {
    to,
    subject: `${PRODUCT} - ${words.subject}`,
    html: layout(language, words.title, lines, { label: words.button, href }, footer),
    text: `${lines.join('\n\n')}${link}\n\n${footer}\n`,
    link: href,
  };
}

export function verificationMail(language: Language, to: string, fullName: string | null, link: string, hours: number): Mail {
  return compose(language, MAIL_TEXTS[language].verification, { name: fullName || to, hours }, to, link, true);
}

export function emailChangeMail(language: Language, to: string, fullName: string | null, link: string, hours: number): Mail {
  return compose(language, MAIL_TEXTS[language].emailChange, { name: fullName || to, hours }, to, link, true);
}

/** To the old address once the account has moved: the owner learns of a change they did not make. */
export function emailChangedNoticeMail(language: Language, to: string, fullName: string | null, newEmail: string, contactEmail: string): Mail {
  const words = MAIL_TEXTS[language].emailChangedNotice;
  const href = `mailto:${contactEmail}?subject=${encodeURIComponent(words.mailtoSubject)}`;
  return compose(language, words, { name: fullName || to, oldEmail: to, newEmail, contactEmail }, to, href, false);
}

export function resetPasswordMail(language: Language, to: string, link: string, hours: number): Mail {
  return compose(language, MAIL_TEXTS[language].resetPassword, { name: to, hours }, to, link, true);
}
