/**
 * The language of her account and of the mails (issue 18, item 7): PATCH /users/me saves it, sign-up
 * takes it from the request's Accept-Language, and every account mail speaks her saved language,
 * else the request's, else English, received by the real test SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness';
import { linkToken, type ReceivedMail } from '../support/smtp';
import { dbLabel } from '../support/test-db';

describe(`languages of accounts and mails on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({ DEFAULT_SUBMISSION_LIMIT: '0' });
  });
  afterAll(async () => api?.close());

  const signup = (email: string, acceptLanguage?: string) =>
    api.request('POST', '/users/signup', {
      json: { email, full_name: 'Astrid Lind', birthdate: '1972-06-01', password: 'correct-horse' },
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });

  const expectSwedish = (mail: ReceivedMail) => {
    expect(mail.html).toContain('<html lang="sv">');
    expect(mail.text).toMatch(/^Hej /);
    expect(mail.text).toContain('Länken gäller i');
    expect(mail.text).not.toContain('Hello');
  };

  it('PATCH /users/me saves her language, and GET /users/me returns it', async () => {
    const user = await api.createUser();
    expect((await api.request('GET', '/users/me', { token: user.token })).data.language).toBeNull();
    const res = await api.request('PATCH', '/users/me', { token: user.token, json: { language: 'sv' } });
    expect(res.status).toBe(200);
    expect(res.data.language).toBe('sv');
    expect((await api.request('GET', '/users/me', { token: user.token })).data.language).toBe('sv');
    // Another change leaves it alone; English is a choice of its own.
    await api.request('PATCH', '/users/me', { token: user.token, json: { full_name: 'Other Name' } });
    expect((await api.request('GET', '/users/me', { token: user.token })).data.language).toBe('sv');
    await api.request('PATCH', '/users/me', { token: user.token, json: { language: 'en' } });
    expect((await api.request('GET', '/users/me', { token: user.token })).data.language).toBe('en');
  });

  it('an unknown language is a 422 that names the languages, and nothing changes', async () => {
    const user = await api.createUser();
    await api.request('PATCH', '/users/me', { token: user.token, json: { language: 'sv' } });
    for (const language of ['de', 'SV', 'sv-SE', '', 7, null]) {
      const res = await api.request('PATCH', '/users/me', { token: user.token, json: { language, full_name: 'Changed Name' } });
      expect({ language, status: res.status }).toEqual({ language, status: 422 });
      expect(res.data.detail).toEqual([expect.objectContaining({ loc: ['body', 'language'], msg: expect.stringContaining('en, sv') })]);
    }
    const me = (await api.request('GET', '/users/me', { token: user.token })).data;
    expect(me).toMatchObject({ language: 'sv', full_name: 'Test Person' });
  });

  it('sign-up with Accept-Language sv-SE,sv;q=0.9: a Swedish verification mail and a user whose language is sv', async () => {
    const email = 'astrid.sv@example.org';
    const res = await signup(email, 'sv-SE,sv;q=0.9');
    expect(res.status).toBe(200);
    expect(res.data.language).toBe('sv');
    const mail = await api.smtp.waitFor(email);
    expect(mail.subject).toBe('Smart Density - Bekräfta din e-postadress');
    expectSwedish(mail);
    expect(mail.text).toContain('Hej Astrid Lind!');
    expect(mail.text).toContain('Tack för att du har registrerat dig hos Smart Density.');
    expect(mail.html).toContain('Bekräfta e-postadressen');
    const token = linkToken(mail, 'verify-email');
    expect((await api.request('POST', `/users/verify_email/${token}`)).status).toBe(200);
    const access = await api.login(email, 'correct-horse');
    expect((await api.request('GET', '/users/me', { token: access })).data.language).toBe('sv');
  });

  it('sign-up without a language we speak saves none, and the verification mail is the English one, word for word', async () => {
    for (const [email, header] of [['astrid.none@example.org', undefined], ['astrid.de@example.org', 'de-DE,de;q=0.9']] as const) {
      const res = await signup(email, header);
      expect(res.status).toBe(200);
      expect(res.data.language).toBeNull();
      const mail = await api.smtp.waitFor(email);
      const token = linkToken(mail, 'verify-email');
      expect(mail.subject).toBe('Smart Density - Verify your e-mail address');
      expect(mail.html).toContain('<html lang="en">');
      expect(mail.text.trim()).toBe(
        [
          'Hello Astrid Lind,',
          'Thank you for signing up to Smart Density. Please confirm your e-mail address to activate your account.',
          `Verify your e-mail address: http://app.test/verify-email?token=${token}`,
          'This link is valid for 48 hours and can be used once. If you did not sign up, you can ignore this e-mail.',
        ].join('\n\n'),
      );
    }
  });

  it('password recovery for a user whose language is sv is Swedish, even when the request says English', async () => {
    const user = await api.createUser();
    await api.request('PATCH', '/users/me', { token: user.token, json: { language: 'sv' } });
    const after = api.smtp.mails.length;
    const res = await api.request('POST', `/password-recovery/${user.email}`, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    const mail = await api.smtp.waitFor(user.email, { after });
    expect(mail.subject).toBe('Smart Density - Återställ ditt lösenord');
    expectSwedish(mail);
    expect(mail.text).toContain('Vi har fått en begäran om att återställa lösenordet till ditt konto hos Smart Density.');
    // The Swedish link works as the English one does.
    const token = linkToken(mail, 'reset-password');
    expect((await api.request('POST', '/reset-password/', { json: { token, new_password: 'brand-new-pass' } })).status).toBe(200);
    await api.login(user.email, 'brand-new-pass');
  });

  it('recovery without a saved language follows the request: Swedish for sv, English word for word otherwise', async () => {
    const user = await api.createUser();
    let after = api.smtp.mails.length;
    await api.request('POST', `/password-recovery/${user.email}`, { headers: { 'accept-language': 'sv' } });
    expectSwedish(await api.smtp.waitFor(user.email, { after }));

    after = api.smtp.mails.length;
    await api.request('POST', `/password-recovery/${user.email}`, { headers: { 'accept-language': 'fr-FR' } });
    const mail = await api.smtp.waitFor(user.email, { after });
    const token = linkToken(mail, 'reset-password');
    expect(mail.subject).toBe('Smart Density - Password recovery');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text.trim()).toBe(
      [
        `Hello ${user.email},`,
        'We received a request to reset the password of your Smart Density account.',
        `Reset your password: http://app.test/reset-password?token=${token}`,
        'This link is valid for 1 hour and can be used once. If you did not ask for it, you can ignore this e-mail: your password stays the same.',
      ].join('\n\n'),
    );
  });

  it('an e-mail change of a Swedish account: the link and the notice to the old address are Swedish, whatever the requests say', async () => {
    const user = await api.createUser();
    await api.request('PATCH', '/users/me', { token: user.token, json: { language: 'sv' } });
    const to = `moved-${user.email}`;
    const asked = await api.request('PATCH', '/users/me', { token: user.token, json: { email: to, current_password: user.password }, headers: { 'accept-language': 'en' } });
    expect(asked.status).toBe(200);
    const link = await api.smtp.waitFor(to);
    expect(link.subject).toBe('Smart Density - Bekräfta din nya e-postadress');
    expectSwedish(link);
    const verified = await api.request('POST', `/users/verify_email/${linkToken(link, 'verify-email')}`, { headers: { 'accept-language': 'en' } });
    expect(verified.status).toBe(200);
    const notice = await api.smtp.waitFor(user.email, { subject: 'Din e-postadress har ändrats' });
    expect(notice.html).toContain('<html lang="sv">');
    expect(notice.text).toContain(`har ändrats från ${user.email} till ${to}`);
    expect(notice.html).toContain('mailto:contact@app.test');
  });

  it('an e-mail change that chooses Swedish in the same request gets its link in Swedish; without a language, the request\'s', async () => {
    const a = await api.createUser();
    const toA = `sv-now-${a.email}`;
    await api.request('PATCH', '/users/me', { token: a.token, json: { email: toA, language: 'sv', current_password: a.password } });
    expectSwedish(await api.smtp.waitFor(toA));

    const b = await api.createUser();
    const toB = `sv-header-${b.email}`;
    await api.request('PATCH', '/users/me', { token: b.token, json: { email: toB, current_password: b.password }, headers: { 'accept-language': 'sv' } });
    const link = await api.smtp.waitFor(toB);
    expectSwedish(link);
    await api.request('POST', `/users/verify_email/${linkToken(link, 'verify-email')}`, { headers: { 'accept-language': 'sv' } });
    expect((await api.smtp.waitFor(b.email, { subject: 'Din e-postadress har ändrats' })).html).toContain('<html lang="sv">');
  });

  it('the recovery HTML an administrator reads is in the user\'s language', async () => {
    const user = await api.createUser();
    const en = await api.request('POST', `/password-recovery-html-content/${user.email}`, { token: api.superToken });
    expect(String(en.data)).toContain('<html lang="en">');
    await api.request('PATCH', '/users/me', { token: user.token, json: { language: 'sv' } });
    const sv = await api.request('POST', `/password-recovery-html-content/${user.email}`, { token: api.superToken, headers: { 'accept-language': 'en' } });
    expect(String(sv.data)).toContain('<html lang="sv">');
    expect(String(sv.data)).toContain('Återställ lösenordet');
  });
});
