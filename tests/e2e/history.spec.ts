import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { ScoredResult, TaskPublic } from '../../core/contract';
import { AI_MODEL } from '../../core/decisions';
import { GRADE_WORDS } from '../../core/wording/density';
import { createUser, expect, signIn, test } from './fixtures';
import { scoredStudy } from './fixtures/tasks';
import { waitForSavedQuery, waitForServiceWorker } from './fixtures/offline';

/**
 * Issue 18, items 1 and 3: her history (every study, newest first, each opening its own result,
 * the trend of each score, offline too) and her density on screen (the grade with its BI-RADS
 * words and the national notification's words, in the Masking tab and step 4; "not the chance"
 * beside the first big percentage).
 */

const SHOTS = process.env.SHOTS_DIR;

const NOTIFICATION_INTRO =
  'Breast tissue can be either dense or not dense. Dense tissue makes it harder to find breast cancer on a mammogram and also raises the risk of developing breast cancer.';
const NOTIFICATION_TALK = 'Talk to your healthcare provider about breast density, risks for breast cancer, and your individual situation.';

const pct = (score: number | null) => (score === null ? 'N/A' : `${Math.round(score * 100)}%`);

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  if (target) await target.screenshot({ path: `${SHOTS}/${name}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The two boxes share a line: the note stands beside the number, not under it. */
async function expectBeside(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  expect(x && y).toBeTruthy();
  expect(y!.x).toBeGreaterThan(x!.x + x!.width - 1);
  expect(y!.y).toBeLessThan(x!.y + x!.height);
  expect(y!.y + y!.height).toBeGreaterThan(x!.y);
}

test.describe('her history and her density', () => {
  test.describe.configure({ timeout: 300_000 });

  let owner: Awaited<ReturnType<typeof createUser>>;
  let first: { task: TaskPublic; result: ScoredResult };
  let second: { task: TaskPublic; result: ScoredResult };

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    owner = await createUser({ submission_limit: 2, full_name: 'History Reader' });
    // Two studies of the same woman: a fatty one first, a denser one later.
    first = await scoredStudy(owner, { seed: 41, density: 0.15 });
    second = await scoredStudy(owner, { seed: 42, density: 0.75, mass: { breast: 'left', margin: 'spiculated', sizeMm: 12 } });
  });

  test('her studies, newest first, each open its own result, with the trend of each score', async ({ page }) => {
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('score-smart-density').getByTestId('score-percent')).toHaveText(pct(second.result.study[AI_MODEL].score));

    const history = page.getByTestId('study-history');
    await expect(history.getByRole('heading', { name: 'Your studies' })).toBeVisible();
    const rows = history.getByTestId('history-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-task-id', second.task.id);
    await expect(rows.nth(1)).toHaveAttribute('data-task-id', first.task.id);
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'page');
    await expect(rows.nth(0)).toContainText('Newest');
    await expect(rows.nth(1).getByTestId('history-smart-density')).toContainText(pct(first.result.study[AI_MODEL].score));
    await expect(rows.nth(0).getByTestId('history-masking')).toContainText(pct(second.result.study.masking.score));

    // The trend: one small chart per score, in words too, oldest to newest.
    const trend = history.getByTestId('trend');
    await expect(trend).toBeVisible();
    for (const key of ['smart-density', 'cancer-signs', 'inherent-risk', 'masking']) await expect(trend.getByTestId(`trend-${key}`).locator('circle')).toHaveCount(2);
    const merged = [first, second].map((s) => pct(s.result.study[AI_MODEL].score));
    await expect(trend.getByTestId('trend-smart-density').getByRole('img')).toHaveAttribute('aria-label', new RegExp(`^Smart Density: ${merged[1]} in your newest study, .*${merged[0]} in your first\\.$`));
    await shot(page, 'results-with-history-light');

    // The older study opens its own result, images included.
    await page.getByTestId('to-studies').click();
    // Its own images: asked for by task id (the printout asks for them with the page).
    const images = page.waitForResponse((r) => r.url().includes(`/api/v1/tasks/${first.task.id}/image/r_cc`), { timeout: 30_000 });
    await rows.nth(1).getByRole('link', { name: /Open the results of/ }).click();
    await expect(page).toHaveURL(new RegExp(`/results/${first.task.id}$`));
    await expect(page.getByTestId('older-study')).toBeVisible();
    await expect(page.getByTestId('score-smart-density').getByTestId('score-percent')).toHaveText(pct(first.result.study[AI_MODEL].score));
    await expect(page.getByTestId('study-history').getByTestId('history-row').nth(1)).toHaveAttribute('aria-current', 'page');
    await page.getByRole('tab', { name: /^Images/ }).click();
    await expect(page.getByRole('img', { name: 'R-CC mammogram' })).toBeVisible({ timeout: 30_000 });
    expect((await images).ok()).toBe(true);
    await shot(page, 'older-study-light');

    // Back to the newest: /results, the spec's page.
    await page.getByTestId('study-history').getByRole('link', { name: /Open the results of/ }).first().click();
    await expect(page).toHaveURL(/\/results$/);
    await expect(page.getByTestId('score-smart-density').getByTestId('score-percent')).toHaveText(pct(second.result.study[AI_MODEL].score));

    // A study that is not hers (or not there) says so and leads back.
    await page.goto('/results/00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('study-not-found')).toContainText('This study was not found');
  });

  test('her density grade and the notification words in the Masking tab and in step 4; "not the chance" beside the first big percentage', async ({ page }) => {
    await signIn(page, owner);
    for (const [study, path] of [
      [second, '/results'],
      [first, `/results/${first.task.id}`],
    ] as const) {
      const grade = study.result.density.study.grade!;
      expect(grade).toMatch(/^[abcd]$/);
      await page.goto(path);
      const headline = page.getByTestId('score-smart-density');
      await expect(headline.getByTestId('score-percent')).toBeVisible({ timeout: 30_000 });
      await expect(headline.getByTestId('not-a-chance')).toHaveText('This is not the chance that you have cancer.');
      await expectBeside(headline.getByTestId('score-percent'), headline.getByTestId('not-a-chance'));

      await page.getByRole('tab', { name: /^Masking/ }).click();
      const card = page.getByRole('tabpanel').getByTestId('density-card');
      await expect(card.getByTestId('density-grade')).toHaveText(`Grade ${grade.toUpperCase()}: ${GRADE_WORDS[grade]}`);
      await expect(card.getByTestId('density-scale').locator('[aria-current="true"]')).toContainText(GRADE_WORDS[grade]);
      const note = card.getByTestId('density-notification');
      await expect(note).toContainText(NOTIFICATION_INTRO);
      await expect(note).toContainText(grade === 'c' || grade === 'd' ? 'Your breast tissue is dense.' : 'Your breast tissue is not dense.');
      await expect(note).toContainText(NOTIFICATION_TALK);
      await expect(card.getByTestId('density-sensitivity')).toContainText('What this means for your mammogram:');
      if (study === second) await shot(page, 'masking-density-light', page.getByRole('tabpanel'));
    }

    // Step 4 of /submit shows her newest result with the same words.
    await page.goto('/submit');
    const step = page.getByTestId('submit-result');
    await expect(step).toBeVisible({ timeout: 30_000 });
    await expect(step.getByTestId('not-a-chance')).toHaveText('This is not the chance that you have cancer.');
    await expectBeside(step.getByTestId('score-bar-percent'), step.getByTestId('not-a-chance'));
    const grade = second.result.density.study.grade!;
    await expect(step.getByTestId('density-grade')).toHaveText(`Grade ${grade.toUpperCase()}: ${GRADE_WORDS[grade]}`);
    await expect(step.getByTestId('density-notification')).toContainText(NOTIFICATION_INTRO);
    await expect(step.getByTestId('density-notification')).toContainText(NOTIFICATION_TALK);
    await shot(page, 'submit-step4-light');
  });

  test('the new screens have no serious accessibility problems, light and dark', async ({ page }) => {
    await signIn(page, owner);
    for (const scheme of ['light', 'dark']) {
      await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
      await page.goto('/results');
      await expect(page.getByTestId('trend')).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, `${scheme} /results with history`);
      await page.getByRole('tab', { name: /^Masking/ }).click();
      await expect(page.getByTestId('density-card')).toBeVisible();
      await expectAccessible(page, `${scheme} /results Masking`);
      if (scheme === 'dark') await shot(page, 'results-with-history-dark');
      await page.goto(`/results/${first.task.id}`);
      await expect(page.getByTestId('older-study')).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, `${scheme} /results/$taskId`);
      await page.getByRole('tab', { name: /^Masking/ }).click();
      await expect(page.getByTestId('density-card')).toBeVisible();
      await expectAccessible(page, `${scheme} /results/$taskId Masking`);
      if (scheme === 'dark') await shot(page, 'masking-density-dark', page.getByRole('tabpanel'));
      await page.goto('/submit');
      await expect(page.getByTestId('submit-result')).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, `${scheme} /submit step 4`);
      if (scheme === 'dark') await shot(page, 'submit-step4-dark');
    }
  });

  test('when her list cannot be loaded, the results stay and the list says so', async ({ page }) => {
    await page.route(/\/api\/v1\/tasks\/\?skip=/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Internal Server Error"}' }));
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByTestId('score-smart-density').getByTestId('score-percent')).toHaveText(pct(second.result.study[AI_MODEL].score), { timeout: 30_000 });
    await expect(page.getByTestId('history-error')).toHaveText("We couldn't load your earlier studies. Please try again later.", { timeout: 30_000 });
    // "All your studies" takes the keyboard to the list.
    await page.getByTestId('to-studies').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Your studies' })).toBeFocused();
    await shot(page, 'history-error-light', page.getByTestId('study-history'));
  });

  test('the history and an older study she opened are there offline, marked as saved copies', async ({ page, context }) => {
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByTestId('history-row')).toHaveCount(2, { timeout: 30_000 });
    await page.getByTestId('history-row').nth(1).getByRole('link', { name: /Open the results of/ }).click();
    await expect(page.getByTestId('older-study')).toBeVisible({ timeout: 30_000 });
    await waitForServiceWorker(page);
    await waitForSavedQuery(page, ['last_task']);
    await waitForSavedQuery(page, ['tasks', 'history']);
    await waitForSavedQuery(page, ['tasks', 'one', first.task.id]);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('score-smart-density').getByTestId('score-percent')).toHaveText(pct(first.result.study[AI_MODEL].score), { timeout: 30_000 });
    await expect(page.getByTestId('offline-notice')).toContainText('saved copies');
    await expect(page.getByTestId('history-row')).toHaveCount(2);
    // Her newest result is there too, from the list to /results.
    await page.getByTestId('study-history').getByRole('link', { name: /Open the results of/ }).first().click();
    await expect(page).toHaveURL(/\/results$/);
    await expect(page.getByTestId('score-smart-density').getByTestId('score-percent')).toHaveText(pct(second.result.study[AI_MODEL].score));
    await context.setOffline(false);
  });
});
