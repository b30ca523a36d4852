import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 18, item 6: the Privacy Policy and the Terms of Service are real texts for this product,
 * at /privacy and /terms, open to anyone (a person reads them before signing up), and linked at
 * the foot of every page of the app.
 */

const SHOTS = process.env.SHOTS_DIR;
const CONTACT = 'waitlist@e2e.example.com';

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('privacy and terms', () => {
  test('the Privacy Policy says what is kept, where, how long, who sees it, how to delete it, and whom to ask', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const doc = page.getByTestId('legal-privacy');
    for (const heading of ['What we keep', 'Where we keep it', 'How long we keep it', 'Who can see it', 'How to delete it', 'Not a diagnosis', 'Questions']) {
      await expect(doc.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(doc).toContainText('The four DICOM files of each mammogram you upload');
    await expect(doc).toContainText("this service's own server: your account and results in its database, and your files and images in its image store");
    await expect(doc).toContainText('We keep a study until you delete it, or until you delete your account.');
    await expect(doc).toContainText('The administrators of this service can also see them.');
    await expect(doc).toContainText('press "Delete this study"');
    await expect(doc).toContainText('this service is not a medical device');
    await expect(doc).toContainText(`write to us at ${CONTACT}`);
    await expect(page.locator('body')).not.toContainText('placeholder');
  });

  test('the Terms of Service say it is not a diagnosis nor a medical device, and whom to ask', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    const doc = page.getByTestId('legal-terms');
    await expect(doc.getByRole('heading', { name: 'It is not a diagnosis' })).toBeVisible();
    await expect(doc).toContainText('They do not tell you if you have cancer');
    await expect(doc).toContainText('This service is not a medical device');
    await expect(doc).toContainText(`write to us at ${CONTACT}`);
    await expect(page.locator('body')).not.toContainText('placeholder');
    // From one to the other, and back, by the links at the foot of the page (keyboard too).
    await page.getByTestId('legal-links').getByRole('link', { name: 'Privacy Policy' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/privacy$/);
    await page.getByRole('link', { name: 'Terms of Service' }).first().click();
    await expect(page).toHaveURL(/\/terms$/);
  });

  test('light and dark: no serious accessibility problems', async ({ page }) => {
    await page.goto('/privacy');
    for (const scheme of ['light', 'dark']) {
      await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
      for (const doc of ['privacy', 'terms']) {
        await page.goto(`/${doc}`);
        await expect(page.getByTestId(`legal-${doc}`)).toBeVisible();
        await expectAccessible(page, `${scheme} /${doc}`);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${doc}-${scheme}.png`, fullPage: true });
      }
    }
  });
});
