/**
 * The account mails in English and Swedish (issue 18, item 7): English word for word as before
 * (fixtures/mails-en.json holds the mails as they were before Swedish came), Swedish in every mail
 * with its html lang, and one layout for both.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailChangedNoticeMail, emailChangeMail, MAIL_TEXTS, resetPasswordMail, verificationMail } from '../../server/mail/templates';
import { mailLanguage } from '../../server/services/account-mails.service';
import { LANGUAGES, type Language } from '../../core/i18n';

const all = (lang: Language) => ({
  v: verificationMail(lang, 'a@b.org', 'Anna <A&B>', 'http://x/verify-email?token=t&x=1', 48),
  v2: verificationMail(lang, 'a@b.org', null, 'http://x/verify-email?token=t', 1),
  c: emailChangeMail(lang, 'n@b.org', 'Anna', 'http://x/verify-email?token=t', 48),
  n: emailChangedNoticeMail(lang, 'a@b.org', null, 'n@b.org', 'contact@x.org'),
  r: resetPasswordMail(lang, 'a@b.org', 'http://x/reset-password?token=t', 1),
  r2: resetPasswordMail(lang, 'a@b.org', 'http://x/reset-password?token=t', 2),
});

/** Every string a text object holds, its functions called with sample values. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return strings(value({ name: 'N', hours: 2, oldEmail: 'o@x', newEmail: 'n@x', contactEmail: 'c@x' }));
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('account mails', () => {
  it('English: every mail word for word as before, subject, text, HTML and link', () => {
    const before = JSON.parse(readFileSync(path.join(__dirname, 'fixtures/mails-en.json'), 'utf8'));
    expect(JSON.parse(JSON.stringify(all('en')))).toEqual(before);
  });

  it('Swedish: every mail in Swedish, with lang="sv", the same links and no English left', () => {
    const en = all('en');
    const sv = all('sv');
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      expect(sv[key].to).toBe(en[key].to);
      expect(sv[key].link).not.toBe('');
      expect(sv[key].html).toContain('<html lang="sv">');
      expect(sv[key].html).not.toContain('lang="en"');
      expect(sv[key].subject).not.toBe(en[key].subject);
      expect(sv[key].subject.startsWith('Smart Density - ')).toBe(true);
      expect(sv[key].text).toMatch(/^Hej /);
      for (const english of ['Hello', 'If the button does not work', 'This link is valid', 'e-mail address', 'your password', 'account']) {
        expect(sv[key].text + sv[key].html).not.toContain(english);
      }
    }
    expect(sv.v.subject).toBe('Smart Density - Bekräfta din e-postadress');
    expect(sv.v.text).toBe(
      'Hej Anna <A&B>!\n\nTack för att du har registrerat dig hos Smart Density. Bekräfta din e-postadress för att aktivera ditt konto.\n\n' +
        'Bekräfta din e-postadress: http://x/verify-email?token=t&x=1\n\n' +
        'Länken gäller i 48 timmar och kan bara användas en gång. Om du inte har registrerat dig kan du bortse från det här mejlet.\n',
    );
    expect(sv.v.html).toContain('Hej Anna &lt;A&amp;B&gt;!');
    expect(sv.v.html).toContain('href="http://x/verify-email?token=t&amp;x=1"');
    expect(sv.v.html).toContain('Om knappen inte fungerar kan du kopiera länken nedan och klistra in den i webbläsaren:');
    expect(sv.v2.text).toContain('Hej a@b.org!');
    expect(sv.r.text).toContain('Länken gäller i 1 timme och');
    expect(sv.r2.text).toContain('Länken gäller i 2 timmar och');
    expect(sv.r.subject).toBe('Smart Density - Återställ ditt lösenord');
    expect(sv.r.text).toContain('Återställ ditt lösenord: http://x/reset-password?token=t');
    expect(sv.c.subject).toBe('Smart Density - Bekräfta din nya e-postadress');
    expect(sv.n.subject).toBe('Smart Density - Din e-postadress har ändrats');
    expect(sv.n.text).toContain('har ändrats från a@b.org till n@b.org');
    expect(sv.n.text).toContain('skriv till oss på contact@x.org');
    expect(sv.n.link).toBe(`mailto:contact@x.org?subject=${encodeURIComponent('Smart Density: min e-postadress ändrades utan mitt medgivande')}`);
    expect(sv.n.text).not.toContain('mailto:');
  });

  it('the two languages share one layout: the HTML differs only in its words', () => {
    const tags = (html: string) => html.replace(/>[^<]*</g, '><').replace(/<title>.*?<\/title>/, '').replace(/lang="\w+"/, '').replace(/href="[^"]*"/g, '');
    const en = all('en');
    const sv = all('sv');
    for (const key of Object.keys(en) as Array<keyof typeof en>) expect(tags(sv[key].html)).toBe(tags(en[key].html));
  });

  it('every language has every text, none empty', () => {
    const shape = (lang: Language) => JSON.stringify(MAIL_TEXTS[lang], (_k, v) => (typeof v === 'string' || typeof v === 'function' ? 'x' : v));
    for (const lang of LANGUAGES) {
      expect(shape(lang)).toBe(shape('en'));
      for (const s of strings(MAIL_TEXTS[lang])) expect(s.trim()).not.toBe('');
    }
  });

  it('a mail speaks her saved language, else the request\'s, else English', () => {
    expect(mailLanguage({ language: 'sv' }, 'en')).toBe('sv');
    expect(mailLanguage({ language: 'en' }, 'sv')).toBe('en');
    expect(mailLanguage({ language: null }, 'sv')).toBe('sv');
    expect(mailLanguage({ language: null }, null)).toBe('en');
  });
});
