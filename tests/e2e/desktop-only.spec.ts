import type { Page } from '@playwright/test';
import { makeStudyFiles } from '../fixtures/studies';
import { createUser, expect, signIn, test } from './fixtures';
import { SubmitPage, writeTempFiles } from './fixtures/submit-page';
import { scoredStudy } from './fixtures/tasks';

/**
 * The desktop-only rule (issue 18, item 4, "nothing sends her away"): on a small screen the spec's
 * notice covers the page instead of replacing it, printing never triggers it, and the page under
 * it keeps its state.
 */
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 800, height: 900 };

const notice = (page: Page) => page.getByRole('dialog', { name: 'Desktop Only' });

async function expectNotice(page: Page) {
  await expect(notice(page)).toBeVisible();
  await expect(notice(page)).toContainText('We are still improving the mobile experience.');
  await expect(notice(page)).toContainText('Please open this page on a desktop or laptop computer with a larger screen.');
}

test.describe('desktop-only rule', () => {
  test('a small viewport covers the page with the notice and stays there; a large one shows the page again', async ({ page, member }) => {
    await signIn(page, member);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
    await page.setViewportSize(NARROW);
    await expectNotice(page);
    await expect(page).toHaveURL(/\/settings$/);

    await page.setViewportSize(WIDE);
    await expect(notice(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
  });

  test('the public pages follow the rule too, and the page under the notice cannot be reached', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await expectNotice(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('page-under-cover')).toHaveAttribute('inert', '');
  });

  test('/desktop-only opened directly is the notice page; on a large screen it goes to /', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/desktop-only');
    await expect(page.getByRole('heading', { name: 'Desktop Only' })).toBeVisible();
    await expect(page.getByTestId('desktop-only-cover')).toHaveCount(0);
    await page.setViewportSize(WIDE);
    // Anonymous: / then sends on to /login.
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a brief resize keeps the submission wizard where she was: step, staged files and the ticked terms', async ({ page, member }) => {
    test.setTimeout(120_000);
    const wizard = new SubmitPage(page);
    await signIn(page, member);
    await wizard.goto();
    await wizard.toUpload();
    const f = await makeStudyFiles({ seed: 41 });
    await wizard.pick(writeTempFiles({ 'a.dcm': f.r_cc, 'b.dcm': f.l_cc, 'c.dcm': f.r_mlo, 'd.dcm': f.l_mlo }));
    await expect(wizard.slot('l_mlo')).toHaveAttribute('data-file', 'd.dcm');
    await wizard.toSubmitStep();
    await wizard.terms().check();

    await page.setViewportSize(NARROW);
    await expectNotice(page);
    await expect(page).toHaveURL(/\/submit$/);
    await page.setViewportSize(WIDE);
    await expect(notice(page)).toHaveCount(0);

    await expect(wizard.step('submit')).toBeVisible();
    await expect(wizard.terms()).toBeChecked();
    for (const name of ['a.dcm', 'b.dcm', 'c.dcm', 'd.dcm']) await expect(page.getByTestId('submit-files')).toContainText(name);
    await expect(wizard.submit()).toBeEnabled();
  });
});

test.describe('printing never counts as a small screen', () => {
  test.describe.configure({ timeout: 240_000 });
  let owner: Awaited<ReturnType<typeof createUser>>;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    owner = await createUser({ submission_limit: 1 });
    await scoredStudy(owner, { seed: 42 });
  });

  test('printing /results on paper narrower than the breakpoint keeps the route and the report', async ({ page }) => {
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByRole('button', { name: 'Print report for your doctor' })).toBeVisible({ timeout: 30_000 });
    await page.emulateMedia({ media: 'print' });
    // The paper's width (A4 at 96 dpi is about 794 px) is below the desktop breakpoint.
    await page.setViewportSize({ width: 700, height: 1000 });
    await expect(page.getByTestId('print-report')).toBeVisible();
    await expect(page.getByTestId('desktop-only-cover')).toHaveCount(0);
    await expect(page).toHaveURL(/\/results$/);

    await page.setViewportSize(WIDE);
    await page.emulateMedia({ media: 'screen' });
    await expect(page).toHaveURL(/\/results$/);
    await expect(page.getByRole('tablist')).toBeVisible();
    await expect(notice(page)).toHaveCount(0);
  });

  test('between beforeprint and afterprint width changes are ignored', async ({ page }) => {
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByRole('tablist')).toBeVisible({ timeout: 30_000 });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.setViewportSize(NARROW);
    await page.waitForTimeout(300);
    await expect(notice(page)).toHaveCount(0);
    await page.setViewportSize(WIDE);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.waitForTimeout(1500);
    await expect(notice(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/results$/);
    await expect(page.getByRole('tablist')).toBeVisible();
    // Once printing is over, the rule applies again.
    await page.setViewportSize(NARROW);
    await expectNotice(page);
    await expect(page).toHaveURL(/\/results$/);
  });
});
