import { expect, test } from './fixtures';

/**
 * The first paint (issue 19): the product's mark and name show while the app's code loads, and the
 * page replaces them as soon as the app has started.
 */
test.describe('start-up', () => {
  test('the mark and name show while the code loads, then the login page replaces them', async ({ page }) => {
    // Hold the app's entry script until the splash has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const splash = page.locator('#root .app-splash');
    await expect(splash).toBeVisible();
    await expect(splash).toHaveText('Smart Density');
    // The mark (the built favicon.svg) has loaded, not a broken image.
    await expect.poll(() => splash.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    release();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible({ timeout: 30_000 });
    await expect(splash).toHaveCount(0);
  });
});
