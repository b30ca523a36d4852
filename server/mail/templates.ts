import type { Mail } from './mailer';

const PRODUCT = 'Smart Density';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(title: string, paragraphs: string[], button: { label: string; href: string }, footer: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="margin:0 0 24px;font-size:22px;color:#0f5e6e">${escapeHtml(PRODUCT)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#1c7c8c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-size:16px">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#52606d">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(button.href)}" style="color:#1c7c8c;word-break:break-all">${escapeHtml(button.href)}</a></p>
<p style="margin:16px 0 0;font-size:14px;color:#52606d">${escapeHtml(footer)}</p>
</td></tr></table></body></html>`;
}

export function verificationMail(to: string, fullName: string | null, link: string, hours: number): Mail {
  const hello = `Hello ${fullName || to},`;
  const lines = [hello, `Thank you for signing up to ${PRODUCT}. Please confirm your e-mail address to activate your account.`];
  const footer = `This link is valid for ${hours} hours and can be used once. If you did not sign up, you can ignore this e-mail.`;
  return {
    to,
    subject: `${PRODUCT} - Verify your e-mail address`,
    html: layout('Verify your e-mail address', lines, { label: 'Verify e-mail address', href: link }, footer),
    text: `${lines.join('\n\n')}\n\nVerify your e-mail address: ${link}\n\n${footer}\n`,
    link,
  };
}

export function emailChangeMail(to: string, fullName: string | null, link: string, hours: number): Mail {
  const lines = [`Hello ${fullName || to},`, `Someone asked to move a ${PRODUCT} account to this e-mail address. Please confirm that it is yours: the account's address changes when you open the link.`];
  const footer = `This link is valid for ${hours} hours and can be used once. If you did not ask for it, you can ignore this e-mail: nothing changes.`;
  return {
    to,
    subject: `${PRODUCT} - Confirm your new e-mail address`,
    html: layout('Confirm your new e-mail address', lines, { label: 'Confirm e-mail address', href: link }, footer),
    text: `${lines.join('\n\n')}\n\nConfirm your new e-mail address: ${link}\n\n${footer}\n`,
    link,
  };
}

/** To the old address once the account has moved: the owner learns of a change they did not make. */
export function emailChangedNoticeMail(to: string, fullName: string | null, newEmail: string, contactEmail: string): Mail {
  const lines = [
    `Hello ${fullName || to},`,
    `The e-mail address of your ${PRODUCT} account has been changed from ${to} to ${newEmail}. From now on you log in with the new address, and our mails go there.`,
    `If you made this change, there is nothing more to do. If you did not, someone who knows your password has taken over the account: please write to us at ${contactEmail} at once, and we will move the account back to you.`,
  ];
  const footer = 'You receive this notice at your previous address because it was the address of the account until now.';
  const href = `mailto:${contactEmail}?subject=${encodeURIComponent(`${PRODUCT}: my e-mail address was changed without my consent`)}`;
  return {
    to,
    subject: `${PRODUCT} - Your e-mail address was changed`,
    html: layout('Your e-mail address was changed', lines, { label: 'I did not make this change', href }, footer),
    text: `${lines.join('\n\n')}\n\n${footer}\n`,
    link: href,
  };
}

export function resetPasswordMail(to: string, link: string, hours: number): Mail {
  const lines = [`Hello ${to},`, `We received a request to reset the password of your ${PRODUCT} account.`];
  const footer = `This link is valid for ${hours} hour${hours === 1 ? '' : 's'} and can be used once. If you did not ask for it, you can ignore this e-mail: your password stays the same.`;
  return {
    to,
    subject: `${PRODUCT} - Password recovery`,
    html: layout('Reset your password', lines, { label: 'Reset password', href: link }, footer),
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n\n${footer}\n`,
    link,
  };
}
