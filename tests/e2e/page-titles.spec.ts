import { SUPERUSER, expect, signIn, test } from './fixtures';

/** Every screen names itself in the browser's tab, then the product: "Results · Smart Density". */
const title = (name: string) => `${name} · Smart Density`;

test.describe('page titles', () => {
  test.describe.configure({ timeout: 120_000 });

  test('every public screen has its own title', async ({ page }) => {
    const screens: Array<[string, string]> = [
      ['/login', 'Log in'],
      ['/signup', 'Sign up'],
      ['/recover-password', 'Password recovery'],
      ['/reset-password', 'Reset password'],
      ['/verify-email', 'Email verification'],
      ['/start-demo', 'Choose a demo profile'],
      ['/score-quality', 'How good are these scores?'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/no/such/page', 'Page not found'],
    ];
    for (const [path, name] of screens) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title(name));
    }
    // /check-your-email shows only after sign-up and otherwise sends her to /signup.
    await page.goto('/check-your-email');
    await expect(page).toHaveTitle(title('Sign up'));
  });

  test('/results (here its error screen), and the title follows client-side navigation', async ({ page }) => {
    await signIn(page, SUPERUSER);
    await page.route('**/api/v1/tasks/last', (route) => route.fulfill({ status: 500, json: { detail: 'Internal Server Error' } }));
    await page.goto('/results');
    // A server error is asked twice more (after 1 s and 2 s) before the error screen shows; on a
    // loaded machine the page itself may take seconds to start.
    await expect(page.getByText("We couldn't load your results.", { exact: false })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle(title('Results'));
    await page.getByRole('link', { name: 'Smart Density home' }).click();
    await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();
    await expect(page).toHaveTitle(title('Home'));
  });

  test('every screen behind login has its own title', async ({ page }) => {
    await signIn(page, SUPERUSER);
    const screens: Array<[string, string]> = [
      ['/', 'Home'],
      ['/settings', 'User settings'],
      ['/submit', 'New submission'],
      ['/retrieval-guide', 'How to get your mammogram images'],
      ['/results/00000000-0000-4000-8000-000000000000', 'Earlier results'],
      ['/admin', 'Users management'],
      ['/demo-admin', 'Demo users management'],
      ['/tasks', 'Tasks Manager'],
      ['/empower/retrieve', 'Empower'],
      ['/dicom-viewer?studyInstanceUID=1.2.3', 'Image viewer'],
    ];
    for (const [path, name] of screens) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title(name));
    }
  });

  test('the desktop-only screen', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/desktop-only');
    await expect(page).toHaveTitle(title('Desktop only'));
  });
});
