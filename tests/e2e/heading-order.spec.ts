import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SCORE_TABS } from '../../src/features/results/tabs';
import { SUPERUSER, createUser, expect, signIn, test } from './fixtures';
import { MIXED_STUDY, scoredStudy } from './fixtures/tasks';

/**
 * A screen reader lists a page's headings as an outline: no level may be skipped on the way down
 * (an h3 right under the h1 reads as a part of a missing section). axe's heading-order rule is only
 * "moderate", so the scans in a11y.spec.ts let it pass; here it is checked on its own.
 */
async function expectHeadingOrder(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => `${what}: ${n.target.join(' ')} ${n.html.slice(0, 80)}`))).toEqual([]);
}

test.describe('headings go down one level at a time', () => {
  test.describe.configure({ timeout: 240_000 });

  test('her results: every tab', async ({ page }) => {
    const owner = await createUser({ submission_limit: 1 });
    await scoredStudy(owner, MIXED_STUDY);
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
    // The cards of a tab are the sections under the page's heading.
    await expect(page.getByRole('heading', { level: 2, name: 'What goes into it' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Where you are among other women' })).toBeVisible();
    for (const title of [...SCORE_TABS.map((s) => s.title), 'Images']) {
      await page.getByRole('tab', { name: new RegExp(`^${title}`) }).click();
      await expect(page.getByRole('tabpanel').getByRole('heading').first()).toBeVisible();
      await expectHeadingOrder(page, `/results ${title}`);
    }
  });

  test('home, submit, settings, score quality and the admin pages', async ({ page }) => {
    test.slow();
    await signIn(page, SUPERUSER);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectHeadingOrder(page, '/');
    await page.goto('/submit');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectHeadingOrder(page, '/submit');
    await page.goto('/settings');
    for (const tab of ['My profile', 'Password', 'Appearance']) {
      await page.getByRole('tab', { name: tab }).click();
      await expectHeadingOrder(page, `/settings ${tab}`);
    }
    await page.goto('/score-quality');
    await expect(page.getByRole('heading', { level: 1, name: 'How good are these scores?' })).toBeVisible();
    await expectHeadingOrder(page, '/score-quality');
    for (const path of ['/admin', '/demo-admin', '/tasks']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('tbody tr').first()).toBeVisible();
      await expectHeadingOrder(page, path);
    }
  });

  test('a demo profile\'s results: every tab', async ({ page }) => {
    await page.goto('/start-demo');
    await page.getByRole('radio', { name: 'Maria Johansson' }).click();
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for Maria Johansson' })).toBeVisible();
    await expectHeadingOrder(page, '/start-demo');
    for (const title of [...SCORE_TABS.map((s) => s.title), 'Images']) {
      await page.getByRole('tab', { name: new RegExp(`^${title}`) }).click();
      await expect(page.getByRole('tabpanel').getByRole('heading').first()).toBeVisible();
      await expectHeadingOrder(page, `demo /results ${title}`);
    }
  });
});
