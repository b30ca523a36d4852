import type { Page } from '@playwright/test';
import { createUser, expect, signIn, test } from './fixtures';

/**
 * The first paint (issue 19): while the app's code loads, /login shows the login page itself
 * (pre-rendered into index.html at build time, scripts/login-shell.ts) and every other page the
 * product's mark and name; the app's first render replaces either.
 */

/** Holds the app's entry script until the returned function is called: the first paint stays. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('start-up', () => {
  // What a first load does: no service worker answers for the server here (a page it controls
  // would not pass through holdAppCode's route).
  test.use({ serviceWorkers: 'block' });

  test('the mark and name show while the code loads, then the page replaces them', async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto('/signup', { waitUntil: 'commit' });
    const splash = page.locator('#root .app-splash');
    await expect(splash).toBeVisible();
    await expect(splash).toHaveText('Smart Density');
    await expect(page.locator('#root .app-login-shell')).toBeHidden();
    // The mark (the built favicon.svg) has loaded, not a broken image.
    await expect.poll(() => splash.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    release();
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible({ timeout: 30_000 });
    await expect(splash).toHaveCount(0);
  });

  test('/login shows the login page from the first paint, inert until the live page replaces it', async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const shell = page.locator('#root .app-login-shell');
    await expect(shell).toBeVisible();
    await expect(page.locator('#root .app-splash')).toBeHidden();
    await expect(shell.locator('h1')).toHaveText('Log in');
    await expect(shell).toContainText('Or try the demo without an account.');
    // A picture of the page: nothing in it takes focus or a click, and no screen reader reads it.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await shell.locator('input[type=email]').click({ force: true });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
    release();
    // The live page, in the same place, answers.
    const email = page.getByLabel('Email');
    await email.fill('reader@example.com');
    await expect(email).toHaveValue('reader@example.com');
    await expect(email).toBeFocused();
    await expect(shell).toHaveCount(0);
  });

  test('signed in, the page asks who she is while its code still loads, and only once', async ({ page }) => {
    const who = await createUser({ full_name: 'Early Reader' });
    await signIn(page, who);
    // A page of its own (the token in this origin's storage): the sign-in page's requests stay out.
    const home = await page.context().newPage();
    const asked: string[] = [];
    home.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/users/me') asked.push(r.method());
    });
    const release = await holdAppCode(home);
    await home.goto('/', { waitUntil: 'commit' });
    // Asked before the app's code has even arrived (before-app.js)...
    await expect.poll(() => asked.length).toBe(1);
    release();
    // ...and that answer is the one the page shows: no second request.
    await expect(home.getByRole('heading', { name: 'Hi, Early Reader' })).toBeVisible({ timeout: 30_000 });
    expect(asked).toEqual(['GET']);
    await home.close();
  });

  test("signed in, the layout's and the page's code load beside the main bundle; a visitor's /login loads neither", async ({ page }) => {
    /** The names of the watched chunks a page asks for itself (the service worker's precache fetches every chunk in its time). */
    const watch = (p: Page) => {
      const chunks = new Set<string>();
      p.on('request', (r) => {
        if (r.serviceWorker()) return;
        const name = /\/assets\/(layout|home|settings)-[^/]+\.js$/.exec(new URL(r.url()).pathname)?.[1];
        if (name) chunks.add(name);
      });
      return chunks;
    };
    const visitor = watch(page);
    let release = await holdAppCode(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.locator('#root .app-login-shell')).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible({ timeout: 30_000 });
    expect([...visitor]).toEqual([]);

    // Signed in (the token in this origin's storage), a page of its own opens /settings.
    await signIn(page, await createUser());
    const second = await page.context().newPage();
    const member = watch(second);
    release = await holdAppCode(second);
    await second.goto('/settings', { waitUntil: 'commit' });
    // Asked while the main bundle is still held back: only before-app.js can have asked.
    await expect.poll(() => [...member].sort()).toEqual(['layout', 'settings']);
    release();
    await expect(second.getByRole('heading', { name: 'User Settings' })).toBeVisible({ timeout: 30_000 });
    await second.close();
  });

  test('a token the server refuses, asked early, still ends at the login page', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('access_token', 'not-a-token'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  for (const [who, storage] of [
    ['a device that chose Swedish', { 'sd-language': 'sv' }],
    ['a device that is logged in', { access_token: 'a-token' }],
  ] as const) {
    test(`/login on ${who} shows the mark and name, not the English login page`, async ({ page }) => {
      await page.addInitScript((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, storage);
      const release = await holdAppCode(page);
      await page.goto('/login', { waitUntil: 'commit' });
      await expect(page.locator('#root .app-splash')).toBeVisible();
      await expect(page.locator('#root .app-login-shell')).toBeHidden();
      release();
    });
  }
});
