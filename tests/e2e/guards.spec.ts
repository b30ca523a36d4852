import { SUPERUSER, createUser, expect, signIn, superuserToken, test } from './fixtures';

test.describe('guards and redirects', () => {
  for (const path of ['/', '/settings', '/admin', '/submit', '/results', '/tasks', '/demo-admin']) {
    test(`anonymous visitors of ${path} are sent to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    });
  }

  test('logged-in users are kept off /login and /signup', async ({ page, member }) => {
    await signIn(page, member);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();
  });

  test('superuser pages send other users to /', async ({ page, member }) => {
    await signIn(page, member);
    for (const path of ['/admin', '/demo-admin', '/tasks']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'User settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin dashboard' })).toHaveCount(0);
  });

  test('a superuser logging in lands on /admin and sees the admin menu items', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.logIn(SUPERUSER.email, SUPERUSER.password);
    await expect(page).toHaveURL(/\/admin(\?page=1)?$/);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByText('Signed in as')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin dashboard' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Demo admin' })).toBeVisible();
  });

  test('a token the server refuses is removed and the user goes to /login', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('access_token', 'not-a-valid-token'));
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('after a refused token, the login page\'s demo link opens the demo without a reload', async ({ page }) => {
    test.setTimeout(150_000);
    // Her session expired or was revoked: the app's first /users/me answers 401 and she lands on /login.
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('access_token', 'not-a-valid-token'));
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'try the demo' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a demo profile' })).toBeVisible();
    // On a fresh server the built-in profiles may still be in the making: the page shows them when they are.
    await expect(page.getByRole('radio', { name: 'Anna Lindqvist' })).toBeVisible({ timeout: 90_000 });
    await expect(page).toHaveURL(/\/start-demo$/);
    // As a visitor she may go on through the demo, and log in again from there.
    await page.getByRole('radio', { name: 'Anna Lindqvist' }).click();
    await page.getByRole('button', { name: 'Skip to results' }).click();
    await expect(page.getByRole('heading', { name: 'Results for Anna Lindqvist' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });

  test('a server that cannot be reached keeps the session, says so, and the page comes back on Try again', async ({ page, member }) => {
    // Refused from the start, as in the next test: a user fetched on the login page would be kept.
    let refused = 0;
    await page.route('**/api/v1/users/me', (route) => {
      refused++;
      return route.abort('connectionreset');
    });
    await signIn(page, member);
    await page.goto('/settings');
    // Asked again a few times first (an unstable network), then told in words, never an endless spinner.
    await expect(page.getByTestId('server-unreachable')).toContainText('The server could not be reached', { timeout: 30_000 });
    expect(refused).toBeGreaterThan(1);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();
    await page.unroute('**/api/v1/users/me');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
    await expect(page.getByTestId('server-unreachable')).toHaveCount(0);
  });

  test('a /users/me request cut off by the network, or answered by something else, keeps the session; only a 401 ends it', async ({ page, member }) => {
    // An answer that is not the user at all (a captive portal's page, say) says nothing about the session.
    // Answered so from the start: a user the login page fetched once the token was there would be
    // kept (and shown) from the saved answers, and no banner would be needed (CI saw that once).
    await page.route('**/api/v1/users/me', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Sign in to the hotel Wi-Fi</html>' }));
    await signIn(page, member);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    await page.goto('/');
    await expect(page.getByTestId('server-unreachable')).toContainText('does not understand');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe(token);
    await page.unroute('**/api/v1/users/me');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();

    // A request cut off by the network, on a reload and on the next page.
    let cut = 0;
    await page.route('**/api/v1/users/me', (route) => {
      cut++;
      return route.abort('failed');
    });
    await page.reload();
    await expect.poll(() => cut).toBeGreaterThan(0);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe(token);
    await page.unroute('**/api/v1/users/me');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();

    // The server refusing the token (here: it was revoked elsewhere) is what ends the session.
    const out = await fetch(`${process.env.E2E_BASE_URL}/api/v1/login/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('leaving a page while /users/me is still on its way keeps the session', async ({ page, member }) => {
    await signIn(page, member);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/users/me', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    const asked = page.waitForRequest('**/api/v1/users/me');
    await page.goto('/');
    await asked;
    // The navigation cancels the request under way.
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();
    release();
    await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();
  });

  test('a deleted account loses its session on the next load', async ({ page }) => {
    const who = await createUser();
    await signIn(page, who);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();
    await fetch(`${process.env.E2E_BASE_URL}/api/v1/users/${who.user.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${await superuserToken()}` } });
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('log out returns to /login, forgets the token and the server revokes it', async ({ page, member, topBar }) => {
    await signIn(page, member);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    await page.goto('/');
    const revoked = page.waitForResponse('**/api/v1/login/logout');
    await topBar.logOut();
    expect((await revoked).status()).toBe(200);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    const me = await fetch(`${process.env.E2E_BASE_URL}/api/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
  });

  test('log out without a connection still forgets the session on this device', async ({ page, member, topBar }) => {
    await signIn(page, member);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();
    await page.route('**/api/v1/login/logout', (route) => route.abort('internetdisconnected'));
    await topBar.logOut();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('unknown paths show the 404 page with a way back', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
    await expect(page.getByText('Page not found.')).toBeVisible();
    // Its message is the page's main landmark, where a screen reader's "go to main" lands.
    await expect(page.getByRole('main')).toContainText('Page not found.');
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

// The desktop-only rule (a notice over the page, never while printing): desktop-only.spec.ts.
