import { createUser, expect, linkFromMail, signIn, test, uniqueEmail } from './fixtures';

test.describe('account flows', () => {
  test('sign up, receive the mail, verify, log in and reach home', async ({ page, signupPage, loginPage }) => {
    const email = uniqueEmail('signup');
    await signupPage.goto();
    await signupPage.fill({ full_name: 'Signe Upp', birthdate: '1979-03-14', email, password: 'a-good-password' });
    await signupPage.submit().click();

    await expect(page).toHaveURL(/\/check-your-email$/);
    await expect(page.getByText('A verification link has been sent to your email. Verify your account to continue.')).toBeVisible();
    await expect(page.getByText('You can close this window.')).toBeVisible();

    // Before verification the server refuses the login, and says why under the fields.
    await loginPage.goto();
    await loginPage.logIn(email, 'a-good-password');
    await expect(page.getByText(/not verified/i)).toBeVisible();

    const link = await linkFromMail(email, /verify/i, '/verify-email');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByText('Your email has been verified successfully! You are being redirected to the login page.')).toBeVisible();
    await expect(page.getByText('Email verified.')).toBeVisible();
    await expect(page.getByText('You can now log in to your account.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

    await loginPage.logIn(email, 'a-good-password');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Hi, Signe Upp' })).toBeVisible();
    // New sign-ups cannot submit yet (default limit 0).
    await expect(page.getByRole('button', { name: 'Request access' })).toBeVisible();
  });

  test('sign-up refuses Outlook and Hotmail addresses, and validates on blur', async ({ page, signupPage }) => {
    await signupPage.goto();
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill('someone@Hotmail.com');
    await email.blur();
    await expect(page.getByText("We currently don't support Outlook or Hotmail addresses. Please use a Gmail account instead.")).toBeVisible();

    await signupPage.submit().click();
    await expect(page.getByText('Full Name is required')).toBeVisible();
    await expect(page.getByText('Birthdate is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Password confirmation is required')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await page.getByRole('textbox', { name: 'Password', exact: true }).blur();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  });

  test('a taken address shows the server detail in a toast', async ({ page, signupPage }) => {
    const existing = await createUser();
    await signupPage.goto();
    await signupPage.fill({ full_name: 'Second Try', birthdate: '1980-01-01', email: existing.email, password: 'a-good-password' });
    await signupPage.submit().click();
    await expect(page.getByText('Something went wrong.')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('recover the password by mail, reset it and log in with the new one', async ({ page, loginPage }) => {
    const who = await createUser();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Password Recovery' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Email sent.')).toBeVisible();
    await expect(page.getByText('We sent an email with a link to get back into your account.')).toBeVisible();

    const link = await linkFromMail(who.email, /recover|reset|password/i, '/reset-password');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByLabel('Set Password').fill('brand-new-password');
    await page.getByLabel('Confirm Password').fill('not-the-same');
    await page.getByLabel('Confirm Password').blur();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('brand-new-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Your password has been reset successfully! You are being redirected to the login page.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

    await loginPage.logIn(who.email, who.password);
    await expect(page.getByText(/incorrect|invalid/i)).toBeVisible();
    await loginPage.password().fill('brand-new-password');
    await loginPage.submit().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('links without a token, or with a used one, say so', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByText('The verification link is invalid or missing. If you believe this is a mistake, please contact us for help.')).toBeVisible();
    await page.goto('/reset-password');
    await expect(page.getByText('This password reset link is not valid. If you believe this is a mistake, please contact us for help.')).toBeVisible();
    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByTestId('status-error')).toBeVisible();
    await expect(page.getByText('Something went wrong.')).toBeVisible();
  });

  test('/check-your-email without coming from sign-up goes to /signup', async ({ page }) => {
    await page.goto('/check-your-email');
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a password change keeps this session and ends the others', async ({ page, member, browser }) => {
    await signIn(page, member);
    const other = await browser.newPage();
    await signIn(other, member);
    await other.goto('/');
    await expect(other.getByRole('heading', { name: /^Hi, / })).toBeVisible();

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByLabel('Current Password').fill(member.password);
    await page.getByLabel('Set Password').fill('a-changed-password');
    await page.getByLabel('Confirm Password').fill('a-changed-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Password updated successfully.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
    await other.reload();
    await expect(other).toHaveURL(/\/login$/);
    await other.close();
  });

  test('an e-mail change asks for the password and waits for the link mailed to the new address', async ({ page, member }) => {
    await signIn(page, member);
    await page.goto('/settings');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveValue(member.email);
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    const moved = uniqueEmail('moved');
    await email.fill(moved);
    await page.getByLabel('Current password').fill(member.password);
    // The profile's Save (the risk factors have their own below).
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText(`We sent a link to ${moved}. Your e-mail address changes when you open it.`)).toBeVisible();
    await expect(email).toHaveValue(member.email);

    const link = await linkFromMail(moved, /new e-mail address/i, '/verify-email');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByText('Your email has been verified successfully!')).toBeVisible();
    await page.goto('/settings');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(moved);
  });

  test('login errors show under the fields', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.submit().click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await loginPage.logIn(uniqueEmail('nobody'), 'whatever-password');
    await expect(page.getByText(/incorrect|invalid/i)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('a throttled login', () => {
  // The answer is the server's own 429 (tests/api/throttle.test.ts); the test server's limits are
  // set high for the other tests, so it is stubbed here, with the service worker out of the way.
  test.use({ serviceWorkers: 'block' });

  test("shows the server's wait under the fields", async ({ page, loginPage }) => {
    const detail = 'Too many failed logins. Please wait 8 seconds and try again.';
    await page.route('**/api/v1/login/access-token', (route) =>
      route.fulfill({ status: 429, headers: { 'retry-after': '8' }, contentType: 'application/json', body: JSON.stringify({ detail }) }),
    );
    await loginPage.goto();
    await loginPage.logIn(uniqueEmail('throttled'), 'whatever-password');
    await expect(page.getByText(detail)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
