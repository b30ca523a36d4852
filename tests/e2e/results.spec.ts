import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ScoreEntry, ScoredResult, TaskPublic } from '../../core/contract';
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
  let task: TaskPublic;
  /** The engine as she reads it: its name in words and its version number without the model hashes. */
  const engineForPeople = () => `Smart Density reference engine ${result.engine.version.split('+')[0]}`;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    owner = await createUser({ submission_limit: 1, full_name: 'Results Reader' });
    ({ result, task } = await scoredStudy(owner, MIXED_STUDY));
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
    await expect(page.getByTestId('engine-note')).toContainText(engineForPeople());
    await expect(page.getByTestId('engine-note')).toContainText('does not diagnose');
  });

  test('the printed report has the scores, the engine version and the date, without the screen controls', async ({ page }) => {
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByRole('button', { name: 'Print report for your doctor' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    const report = page.getByTestId('print-report');
    await expect(report).toBeVisible();
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(report).toContainText(engineForPeople());
    await expect(report).toContainText('not a medical device');
    await expect(report).toContainText(expected(result.study.detection).ranking);
    await expect(report).toContainText(new RegExp(`Printed ${new Date().getFullYear()}-\\d{2}-\\d{2}`));
    await expect(report.locator('img')).toHaveCount(4);
    await expect(report.getByTestId('print-score-quality')).toContainText(`${new URL(page.url()).origin}/score-quality`);
  });

  test('the printout carries no internal identifier nor model hash, on /results and on the study\'s own page', async ({ page }, info) => {
    expect(result.engine.version).toContain('+');
    await signIn(page, owner);
    for (const path of ['/results', `/results/${task.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Print report for your doctor' })).toBeVisible();
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('print-report')).toBeVisible();
      await expect(page.getByTestId('print-report')).toContainText(engineForPeople());
      // Everything the printer gets: the text of the page as printed, and the report's links and labels.
      const printed = await page.locator('body').innerText();
      const attributes = await page.getByTestId('print-report').evaluate((el) => [...el.querySelectorAll('*')].flatMap((n) => [...n.attributes].map((a) => a.value)).join(' '));
      for (const text of [printed, attributes]) {
        expect(text, path).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
        expect(text, path).not.toMatch(/density-model-|real-[0-9a-f]{6}|\b[a-z]+-[0-9a-f]{10}\b/);
        expect(text, path).not.toContain(task.id.slice(0, 7));
        expect(text, path).not.toContain(result.engine.version);
      }
      // Nor the code's names of fields (age_at_menarche).
      expect(printed, path).not.toMatch(/\b[a-z]+_[a-z0-9_]+\b/);
      await page.screenshot({ path: info.outputPath(`printout-${path === '/results' ? 'results' : 'study'}.png`), fullPage: true });
      await page.emulateMedia({ media: 'screen' });
    }
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
