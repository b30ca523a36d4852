import AxeBuilder from '@axe-core/playwright';
import { SUPERUSER, createUser, expect, signIn, test } from './fixtures';
import { COLOR_SCHEME_KEY, expectAccessible } from './fixtures/a11y';

// In Swedish: tests/e2e/languages.spec.ts runs axe on every screen it walks, in both themes.

const publicScreens: Array<[string, string | RegExp]> = [
  ['/login', 'Log in'],
  ['/signup', 'Create your account'],
  ['/recover-password', 'Password Recovery'],
  ['/reset-password', 'Reset Password'],
  ['/reset-password?token=some-token', 'Reset Password'],
  ['/verify-email', 'Email verification'],
  ['/no/such/page', 'Oops!'],
];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${scheme})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, s]) => localStorage.setItem(key, s), [COLOR_SCHEME_KEY, scheme] as const);
    });

    for (const [path, heading] of publicScreens) {
      test(`public screen ${path}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        await expectAccessible(page, path);
      });
    }

    test('desktop-only screen', async ({ page }) => {
      await page.setViewportSize({ width: 800, height: 900 });
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Desktop Only' })).toBeVisible();
      await expectAccessible(page, '/desktop-only');
    });

    test('screens behind login, dialogs and menus', async ({ page }) => {
      // Eight axe scans in one session: more time than a single-screen test needs.
      test.slow();
      await signIn(page, SUPERUSER);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();
      await expectAccessible(page, '/');
      await page.getByRole('button', { name: 'User menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, 'user menu');
      await page.keyboard.press('Escape');

      await page.goto('/settings');
      for (const tab of ['My profile', 'Password', 'Appearance']) {
        await page.getByRole('tab', { name: tab }).click();
        await expectAccessible(page, `/settings ${tab}`);
      }

      await page.goto('/admin');
      await expect(page.locator('tbody tr').first()).toBeVisible();
      await expectAccessible(page, '/admin');
      await page.getByRole('button', { name: 'Add User' }).click();
      await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
      await expectAccessible(page, 'Add User');
    });

    test('a screen while it loads: its spinner is a named busy indicator or hidden beside the named status', async ({ page }) => {
      await signIn(page, await createUser({ submission_limit: 1 }));
      // Her last task never answers: /results stays on its loading state for the scan.
      await page.route('**/api/v1/tasks/last', () => undefined);
      await page.goto('/results');
      await expect(page.getByRole('status', { name: 'Loading your results' })).toBeVisible();
      await expectAccessible(page, '/results while loading');
    });

    test('user-only screens: danger zone and the request-access dialog', async ({ page }) => {
      test.slow();
      await signIn(page, await createUser({ submission_limit: 0 }));
      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Danger zone' }).click();
      await expectAccessible(page, '/settings Danger zone');
      await page.goto('/');
      await page.getByRole('button', { name: 'Request access' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, 'Request access dialog');
    });
  });
}

test.describe('less motion when the system asks for it', () => {
  /** The loading screen's spinner: how long one turn of it lasts, and how many turns it makes. */
  async function spinnerMotion(page: import('@playwright/test').Page) {
    await signIn(page, await createUser({ submission_limit: 1 }));
    await page.route('**/api/v1/tasks/last', () => undefined);
    await page.goto('/results');
    const status = page.getByRole('status', { name: 'Loading your results' });
    await expect(status).toBeVisible();
    return status.locator('.mantine-Loader-root').first().evaluate((el) => {
      const s = getComputedStyle(el, '::after');
      const own = getComputedStyle(el);
      // The oval loader turns its ::after ring; other loaders animate the element itself.
      const pick = s.animationName !== 'none' ? s : own;
      return { duration: parseFloat(pick.animationDuration), count: pick.animationIterationCount };
    });
  }

  test('with reduced motion, animations end at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const motion = await spinnerMotion(page);
    expect(motion.duration).toBeLessThan(0.001);
    expect(motion.count).toBe('1');
  });

  test('without it, the spinner keeps turning', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const motion = await spinnerMotion(page);
    expect(motion.duration).toBeGreaterThan(0.1);
    expect(motion.count).toBe('infinite');
  });
});

test.describe('landmarks', () => {
  // axe's "region" rule (moderate, so the scans above let it pass): content outside every landmark
  // is skipped by a screen reader moving from landmark to landmark, as the language switch was.
  for (const [path, heading] of publicScreens) {
    test(`everything on ${path} is inside a landmark, the language switch too`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Language' }).getByRole('combobox', { name: 'Language' })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withRules(['region', 'landmark-one-main']).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
