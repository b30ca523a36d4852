import type { Page } from '@playwright/test';
import { makeStudyFiles } from '../fixtures/studies';
import { createUser, expect, signIn, test } from './fixtures';
import { writeTempFiles } from './fixtures/submit-page';
import { MIXED_STUDY, scoredStudy } from './fixtures/tasks';

/** Tab (or Shift+Tab) through the page until the control called `name` has the focus, as a keyboard user would. */
async function tabTo(page: Page, name: string | RegExp, back = false) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return (el?.getAttribute('aria-label') || el?.labels?.[0]?.innerText || el?.innerText || '').trim();
    });
    if (typeof name === 'string' ? label === name : name.test(label)) return;
  }
  throw new Error(`no control called ${String(name)} is reachable with the keyboard`);
}

/** The focused control shows a focus ring: an outline a sighted keyboard user can see. */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement!);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThan(0);
}

test.describe('the keyboard alone', () => {
  test.describe.configure({ timeout: 180_000 });

  test('walks the submission wizard: each new step takes the focus to its heading; a dialog gives it back to its opener', async ({ page }) => {
    await signIn(page, await createUser({ submission_limit: 1 }));
    await page.goto('/submit');
    await expect(page.getByRole('heading', { name: 'Request your mammograms' })).toBeVisible({ timeout: 30_000 });

    await tabTo(page, 'I have my images');
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Upload your images' })).toBeFocused();

    const f = await makeStudyFiles({ seed: 5 });
    await page.getByLabel('Choose image files').setInputFiles(writeTempFiles({ 'k-1.dcm': f.r_cc, 'k-2.dcm': f.r_mlo, 'k-3.dcm': f.l_cc, 'k-4.dcm': f.l_mlo }));
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled({ timeout: 30_000 });
    await page.getByRole('heading', { level: 2, name: 'Upload your images' }).focus();
    await tabTo(page, 'Continue');
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    const submitHeading = page.getByRole('heading', { level: 2, name: 'Submit', exact: true });
    await expect(submitHeading).toBeFocused();

    // The terms open in a dialog that takes the focus, and Escape gives it back to the link.
    await tabTo(page, 'Terms of Service');
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Terms of Service' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Terms of Service' })).toBeFocused();

    await tabTo(page, 'I agree to the terms and conditions');
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'I agree to the terms and conditions' })).toBeChecked();
    await tabTo(page, 'Submit');
    await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeFocused();
    await expectFocusRing(page);

    // Back a step: the focus goes to that step's heading too.
    await tabTo(page, 'Upload different set of images', true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Upload your images' })).toBeFocused();
  });

  test('walks the results tabs with the arrow keys, and opens a tab from its card', async ({ page }) => {
    const owner = await createUser({ submission_limit: 1 });
    await scoredStudy(owner, MIXED_STUDY);
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
    await tabTo(page, /^Smart Density\n/);
    await expectFocusRing(page);
    for (const next of ['Cancer Signs', 'Inherent Risk', 'Masking', 'Images']) {
      await page.keyboard.press('ArrowRight');
      const tab = page.getByRole('tab', { name: new RegExp(`^${next}`) });
      await expect(tab).toBeFocused();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    }
    // The row loops: on from the last tab is the first.
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /^Smart Density/ })).toHaveAttribute('aria-selected', 'true');
    // From the tab row, Tab goes into the panel; a card there opens its own tab.
    await tabTo(page, /^Masking: .*Open the Masking tab$/);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: /^Masking/ })).toHaveAttribute('aria-selected', 'true');
    // The card went with its panel: the focus is on the tab it opened, not lost at the top of the page.
    await expect(page.getByRole('tab', { name: /^Masking/ })).toBeFocused();
    await expectFocusRing(page);
  });
});
