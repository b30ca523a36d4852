import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createUser, expect, signIn, test } from './fixtures';
import { listTasksAs, scoredStudy } from './fixtures/tasks';

/**
 * Issue 18, item 6: "Delete this study" on her own result: a confirmation naming what goes (files,
 * results, images), then the study leaves her history; offline the button waits and says why.
 */

const SHOTS = process.env.SHOTS_DIR;

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('Delete this study', () => {
  test.describe.configure({ timeout: 240_000 });

  test('confirming removes her newest study from her history; her other study becomes her results', async ({ page }) => {
    const owner = await createUser({ submission_limit: 2 });
    const older = await scoredStudy(owner, { seed: 61 });
    const newer = await scoredStudy(owner, { seed: 62 });
    await signIn(page, owner);
    await page.goto('/results');
    const rows = page.getByTestId('study-history').getByTestId('history-row');
    await expect(rows).toHaveCount(2, { timeout: 30_000 });
    await expect(rows.nth(0)).toHaveAttribute('data-task-id', newer.task.id);

    // Asked first, with what goes named; "Keep it" keeps it.
    await page.getByTestId('delete-study').click();
    const dialog = page.getByRole('dialog', { name: 'Delete this study?' });
    await expect(dialog).toContainText('the four DICOM files you uploaded');
    await expect(dialog).toContainText('its results');
    await expect(dialog).toContainText('its images');
    for (const scheme of ['light', 'dark']) {
      await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
      await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
      await expectAccessible(page, `${scheme} delete dialog`);
      if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/delete-dialog-${scheme}.png` });
    }
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(2);

    // By keyboard: open, move to the delete button, confirm.
    await page.getByTestId('delete-study').focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('confirm-delete-study').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Study deleted.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toHaveAttribute('data-task-id', older.task.id);
    expect((await listTasksAs(newer.token)).data.map((t) => t.id)).toEqual([older.task.id]);

    await page.goto(`/results/${newer.task.id}`);
    await expect(page.getByTestId('study-not-found')).toBeVisible({ timeout: 30_000 });
  });

  test('an earlier study deleted from its own page takes her back to her newest results', async ({ page }) => {
    const owner = await createUser({ submission_limit: 2 });
    const older = await scoredStudy(owner, { seed: 63 });
    const newer = await scoredStudy(owner, { seed: 64 });
    await signIn(page, owner);
    await page.goto(`/results/${older.task.id}`);
    await expect(page.getByTestId('older-study')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('delete-study').click();
    await page.getByRole('dialog', { name: 'Delete this study?' }).getByTestId('confirm-delete-study').click();
    await expect(page).toHaveURL(/\/results$/);
    const rows = page.getByTestId('study-history').getByTestId('history-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toHaveAttribute('data-task-id', newer.task.id);
  });

  test('offline the button is disabled and says why', async ({ page, context }) => {
    const owner = await createUser({ submission_limit: 1 });
    await scoredStudy(owner, { seed: 65 });
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByTestId('delete-study')).toBeEnabled({ timeout: 30_000 });
    await context.setOffline(true);
    await expect(page.getByTestId('delete-study')).toBeDisabled();
    await page.getByTestId('delete-study-offline').focus();
    await expect(page.getByRole('tooltip')).toContainText('You are offline. Deleting needs a connection');
    if (SHOTS) {
      const box = (await page.getByTestId('delete-study-offline').boundingBox())!;
      await page.screenshot({ path: `${SHOTS}/delete-offline.png`, clip: { x: box.x - 420, y: box.y - 16, width: box.width + 440, height: 150 } });
    }
    await context.setOffline(false);
    await expect(page.getByTestId('delete-study')).toBeEnabled();
  });
});
