import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { ScoredResult } from '../../core/contract';
import { AI_MODEL } from '../../core/decisions';
import { createUser, expect, signIn, test } from './fixtures';
import { readTaskAs, scoredStudy } from './fixtures/tasks';

/**
 * Issue 18, item 2: her health questions, asked as an optional part of step 4 of /submit and
 * editable later; changed answers rescore her newest result; the Inherent Risk tab says which
 * answers its score used, or that none were and what the model assumed instead.
 */

const SHOTS = process.env.SHOTS_DIR;
const pct = (score: number | null) => (score === null ? 'N/A' : `${Math.round(score * 100)}%`);

async function shot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  if (target) await target.screenshot({ path: `${SHOTS}/${name}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openInherentRisk(page: Page) {
  await page.goto('/results');
  await page.getByRole('tab', { name: /^Inherent Risk/ }).click();
  return page.getByTestId('answers-used');
}

test.describe('her health questions', () => {
  test.describe.configure({ timeout: 240_000 });

  test('answering them in step 4 changes the inherent risk shown, and the tab then names the answers used', async ({ page }) => {
    const owner = await createUser({ submission_limit: 1, full_name: 'Question Answerer' });
    const { task, result, token } = await scoredStudy(owner, { seed: 51 });
    await signIn(page, owner);
    await page.goto('/submit');
    const step = page.getByTestId('health-questions-step');
    await expect(step).toBeVisible({ timeout: 30_000 });
    await expect(step.getByRole('heading', { name: 'A few questions about your health (optional)' })).toBeVisible();
    const riskNow = step.getByTestId('questions-risk-percent');
    await expect(riskNow).toHaveText(pct(result.study.risk.score));
    await shot(page, 'questions-step-light', step);

    await step.getByRole('combobox', { name: 'Race or ethnicity' }).click();
    await page.getByRole('option', { name: 'White', exact: true }).click();
    await step.getByLabel('Mother, sisters or daughters who had breast cancer').fill('2');
    await step.getByLabel('Breast biopsies you have had').fill('1');
    await step.getByRole('combobox', { name: 'Did a biopsy show atypical hyperplasia?' }).click();
    await page.getByRole('option', { name: 'Yes', exact: true }).click();
    await step.getByRole('button', { name: 'Save my answers' }).click();
    await expect(page.getByText('Your answers are saved.')).toBeVisible();

    // The server worked her result out again; the step shows the new risk.
    let revised: ScoredResult | null = null;
    await expect
      .poll(async () => {
        const t = await readTaskAs(token, task.id);
        revised = t.result && !('error' in t.result) && t.result.revision ? t.result : null;
        return revised?.revision?.number ?? 1;
      })
      .toBe(2);
    const after = pct(revised!.study.risk.score);
    expect(after).not.toBe(pct(result.study.risk.score));
    await expect(riskNow).toHaveText(after);
    await expect(step.getByTestId('questions-saved')).toBeVisible();

    const card = await openInherentRisk(page);
    await expect(page.getByTestId('score-inherent-risk').getByTestId('score-percent')).toHaveText(after);
    const given = card.getByTestId('answers-given');
    await expect(given.getByRole('row', { name: /Race or ethnicity\s*White/ })).toBeVisible();
    await expect(given.getByRole('row', { name: /Mother, sisters or daughters who had breast cancer\s*2/ })).toBeVisible();
    await expect(given.getByRole('row', { name: /Breast biopsies you have had\s*1/ })).toBeVisible();
    await expect(given.getByRole('row', { name: /atypical hyperplasia\?\s*Yes/ })).toBeVisible();
    await expect(card.getByTestId('answers-assumed')).toContainText('Age at your first period: 14 or older');
    await expect(card.getByTestId('answers-revision')).toContainText('version 2 of this result');
    // The version her answers replaced is kept, and the tab says what it was.
    await expect(card.getByTestId('answers-before')).toHaveText(
      `Before that, your inherent risk was ${pct(result.study.risk.score)} and your combined score was ${pct(result.study[AI_MODEL].score)}.`,
    );
    await expect(page.getByTestId('engine-note')).toContainText('worked out again with your new answers');
    await expect(card.getByRole('link', { name: 'Change your answers' })).toBeVisible();
    await shot(page, 'answers-given-light', card);
  });

  test('skipping them leaves the score as it was, and the tab says no answers were used and what the model assumed', async ({ page }) => {
    const owner = await createUser({ submission_limit: 1 });
    const { result } = await scoredStudy(owner, { seed: 52 });
    await signIn(page, owner);
    await page.goto('/submit');
    const step = page.getByTestId('health-questions-step');
    await expect(step).toBeVisible({ timeout: 30_000 });
    await step.getByRole('button', { name: 'Skip these questions' }).click();
    await expect(step.getByTestId('questions-skipped')).toContainText('You skipped the health questions.');
    await expect(step.getByTestId('questions-risk-percent')).toHaveText(pct(result.study.risk.score));

    const card = await openInherentRisk(page);
    await expect(card.getByTestId('answers-none')).toContainText('You did not answer the health questions, so this score used none.');
    const assumed = card.getByTestId('answers-assumed');
    for (const line of [
      'Race or ethnicity: the figures for White women',
      'Age at your first period: 14 or older',
      "Age at your first child's birth: younger than 20",
      'Mother, sisters or daughters who had breast cancer: none',
      'Breast biopsies you have had: none',
    ]) {
      await expect(assumed).toContainText(line);
    }
    await expect(page.getByRole('tabpanel')).not.toContainText('the health facts you gave us');
    await shot(page, 'answers-none-light', card);

    // The way to the questions, by keyboard.
    const link = card.getByRole('link', { name: 'Answer the health questions' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings#health-questions$/);
    await expect(page.getByRole('button', { name: 'Save risk factors' })).toBeVisible();
  });

  test("a demo profile's Inherent Risk tab says plainly that no answers were given, with no way to change them", async ({ page }) => {
    await page.goto('/start-demo');
    await page.getByRole('radio', { name: 'Maria Johansson' }).click();
    await page.getByRole('button', { name: 'Skip to results' }).click();
    await page.waitForURL(/\/results$/);
    await page.getByRole('tab', { name: /^Inherent Risk/ }).click({ timeout: 60_000 });
    const card = page.getByTestId('answers-used');
    await expect(card.getByTestId('answers-none')).toContainText('No answers to the health questions were given for this study, so this score used none.');
    await expect(card.getByTestId('answers-assumed')).toContainText('Breast biopsies you have had: none');
    await expect(card.getByRole('link')).toHaveCount(0);
  });

  test('the new parts have no serious accessibility problems, light and dark', async ({ page }) => {
    const owner = await createUser({ submission_limit: 1 });
    await scoredStudy(owner, { seed: 53 });
    await signIn(page, owner);
    for (const scheme of ['light', 'dark']) {
      await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
      await page.goto('/submit');
      const step = page.getByTestId('health-questions-step');
      await expect(step).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, `${scheme} /submit step 4 with the questions`);
      if (scheme === 'dark') await shot(page, 'questions-step-dark', step);
      const card = await openInherentRisk(page);
      await expect(card).toBeVisible();
      await expectAccessible(page, `${scheme} Inherent Risk tab`);
      if (scheme === 'dark') await shot(page, 'answers-none-dark', card);
    }
  });
});
