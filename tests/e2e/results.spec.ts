import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ScoreEntry, ScoredResult } from '../../core/contract';
import { SCORE_TABS } from '../../src/features/results/tabs';
import { createUser, expect, signIn, test } from './fixtures';
import { failedStudy, MIXED_STUDY, scoredStudy } from './fixtures/tasks';

/**
 * The spec's rules written out again, as the oracle: whole percent, the four labels, the two ranking
 * sentences with N = the share above the person, and the advice above the 0.9 quantile.
 */
function expected(entry: ScoreEntry) {
  const q = entry.quantile!;
  const n = Math.min(99, Math.max(1, Math.round((1 - q) * 100)));
  return {
    percent: `${Math.round(entry.score! * 100)}%`,
    label: q <= 0.1 ? 'Very Low' : q <= 0.5 ? 'Low' : q <= 0.9 ? 'Moderate' : 'High',
    ranking: q < 0.5 ? `Your risk is lower than that of ${n}% of the population.` : `Your score is among the ${n}% most risky.`,
    short: q < 0.5 ? `lower than ${n}%` : `top ${n}%`,
    advice: q > 0.9,
  };
}

async function openTab(page: Page, title: string) {
  await page.getByRole('tab', { name: new RegExp(`^${title}`) }).click();
  return page.getByRole('tabpanel');
}

test.describe('/results', () => {
  test.describe.configure({ timeout: 240_000 });

  let owner: Awaited<ReturnType<typeof createUser>>;
  let result: ScoredResult;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    owner = await createUser({ submission_limit: 1, full_name: 'Results Reader' });
    ({ result } = await scoredStudy(owner, MIXED_STUDY));
  });

  test('every score tab shows the percent, label and ranking of the result, and the advice exactly above 0.9', async ({ page }) => {
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
    const advised: boolean[] = [];
    for (const tab of SCORE_TABS) {
      const want = expected(result.study[tab.score]);
      await expect(page.getByRole('tab', { name: new RegExp(`^${tab.title}`) }).getByTestId('tab-short')).toHaveText(want.short);
      const panel = await openTab(page, tab.title);
      const score = panel.getByTestId(`score-${tab.key}`);
      await expect(score.getByTestId('score-percent')).toHaveText(want.percent);
      await expect(score.getByTestId('quantile-label')).toHaveText(want.label);
      await expect(score.getByTestId('ranking-text')).toHaveText(want.ranking);
      await expect(panel.getByRole('img', { name: new RegExp(`How ${tab.title} scores are spread`) })).toBeVisible();
      // Whom the score is ranked against, as the result says.
      await expect(panel.getByTestId('ranked-against')).toHaveText(`Compared with: ${result.study[tab.score].reference}.`);
      await expect(panel.getByText('What it does not mean')).toBeVisible();
      if (want.advice) {
        await expect(panel.getByTestId('advice')).toContainText('About 6 in 100');
        await expect(panel.getByTestId('advice')).toContainText('MRI or ultrasound');
      } else {
        await expect(panel.getByTestId('advice')).toHaveCount(0);
      }
      advised.push(want.advice);
    }
    // The generated study is meant to exercise both branches of the advice rule.
    expect(advised).toContain(true);
    expect(advised).toContain(false);
    await expect(page.getByTestId('engine-note')).toContainText(`${result.engine.name} ${result.engine.version}`);
    await expect(page.getByTestId('engine-note')).toContainText('does not diagnose');
  });

  test('the Images tab hangs four views and the sliders blend the overlays over the picture', async ({ page }) => {
    await signIn(page, owner);
    await page.goto('/results');
    await openTab(page, 'Images');
    for (const view of ['R-CC', 'L-CC', 'R-MLO', 'L-MLO']) await expect(page.getByRole('img', { name: `${view} mammogram` })).toBeVisible();
    const tile = page.getByTestId('view-r_cc');
    await tile.hover();
    const dense = page.getByRole('slider', { name: 'Dense tissue on the R-CC view' });
    await expect(dense).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Suspicious regions on the R-CC view' })).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Density texture on the R-CC view' })).toBeVisible();
    const before = await tile.screenshot();
    await dense.focus();
    await page.keyboard.press('End');
    await expect(dense).toHaveAttribute('aria-valuenow', '100');
    await expect(tile.locator('img[data-layer="density"]')).toBeVisible();
    await expect(async () => expect(Buffer.compare(await tile.screenshot(), before)).not.toBe(0)).toPass();
    // The study opens in the image viewer, in a tab of its own.
    const viewer = page.getByRole('link', { name: /Open in the image viewer/ });
    await expect(viewer).toHaveAttribute('href', /^\/dicom-viewer\?studyInstanceUID=[0-9.]+$/);
    await expect(viewer).toHaveAttribute('target', '_blank');
  });

  test('the printed report has the scores, the engine version and the date, without the screen controls', async ({ page }) => {
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByRole('button', { name: 'Print report for your doctor' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    const report = page.getByTestId('print-report');
    await expect(report).toBeVisible();
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(report).toContainText(result.engine.version);
    await expect(report).toContainText('not a medical device');
    await expect(report).toContainText(expected(result.study.detection).ranking);
    await expect(report).toContainText(new RegExp(`Printed \\d{1,2} \\w+ ${new Date().getFullYear()}`));
    await expect(report.locator('img')).toHaveCount(4);
    await expect(report.getByTestId('print-score-quality')).toContainText(`${new URL(page.url()).origin}/score-quality`);
  });

  test('each score tab links to its part of "How good are these scores?"', async ({ page }) => {
    await signIn(page, owner);
    for (const tab of SCORE_TABS) {
      await page.goto('/results');
      const panel = await openTab(page, tab.title);
      await panel.getByRole('link', { name: 'How good is this score?' }).click();
      await expect(page).toHaveURL(new RegExp(`/score-quality#${tab.key}$`));
      await expect(page.getByRole('heading', { level: 2, name: tab.title })).toBeInViewport();
    }
  });

  test('every tab, light and dark, has no serious accessibility problems', async ({ page }) => {
    await signIn(page, owner);
    for (const scheme of ['light', 'dark']) {
      await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
      await page.goto('/results');
      for (const title of [...SCORE_TABS.map((t) => t.title), 'Images']) {
        await openTab(page, title);
        if (title === 'Images') await expect(page.getByRole('img', { name: 'R-CC mammogram' })).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).analyze();
        const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${scheme} ${title}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    }
  });

  test('a failed task says so with the contact address', async ({ page }) => {
    const who = await createUser({ submission_limit: 1 });
    const { task } = await failedStudy(who);
    expect(task.status).toBe('failed');
    await signIn(page, who);
    await page.goto('/results');
    const failed = page.getByTestId('task-failed');
    await expect(failed).toContainText('Something went wrong.');
    await expect(failed).toContainText('Please try again or contact us at waitlist@e2e.example.com if the problem is persistent.');
    await expect(failed.getByTestId('task-failed-reason')).toContainText('could not be read');
  });

  test('without a submission the page sends the person to /submit', async ({ page }) => {
    await signIn(page, await createUser({ submission_limit: 1 }));
    await page.goto('/results');
    await expect(page).toHaveURL(/\/submit$/);
  });

  test('without permission to submit the page sends the person to /', async ({ page }) => {
    await signIn(page, await createUser({ submission_limit: 0 }));
    await page.goto('/results');
    await expect(page).toHaveURL(/\/$/);
  });
});
