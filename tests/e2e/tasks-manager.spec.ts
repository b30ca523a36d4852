import { writeFileSync } from 'node:fs';
import type { ScoredResult, TaskPublic } from '../../core/contract';
import { ADMIN_PAGE_SIZE, AI_MODEL } from '../../core/decisions';
import { makeStudyFiles } from '../fixtures/studies';
import { SUPERUSER, createUser, expect, signIn, superuserToken, test } from './fixtures';
import { failedStudy, listTasksAs, MIXED_STUDY, scoredStudy } from './fixtures/tasks';

const pct = (score: number | null) => (score === null ? 'N/A' : `${Math.round(score * 100)}%`);
const studyDate = (d: string | null) => (d ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : '—');

/** Which page of the Tasks Manager lists the task (newest first, five a page). */
async function pageOf(id: string): Promise<number> {
  const index = (await listTasksAs(await superuserToken())).data.findIndex((t) => t.id === id);
  if (index < 0) throw new Error(`task ${id} is not listed`);
  return Math.floor(index / ADMIN_PAGE_SIZE) + 1;
}

test.describe('/tasks, the Tasks Manager', () => {
  test.describe.configure({ timeout: 240_000 });

  let task: TaskPublic;
  let result: ScoredResult;
  let failed: TaskPublic;
  let ownerEmail: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const owner = await createUser({ submission_limit: 2 });
    ownerEmail = owner.email;
    ({ task, result } = await scoredStudy(owner, MIXED_STUDY));
    ({ task: failed } = await failedStudy(await createUser({ submission_limit: 1 }), 11));
  });

  test('the row, the detail panel, its score details, the image modal and the viewer link', async ({ page }) => {
    await signIn(page, SUPERUSER);
    const row = page.getByTestId(`task-row-${task.id}`);
    await expect(async () => {
      await page.goto(`/tasks?page=${await pageOf(task.id)}`);
      await expect(row).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'Tasks Manager' })).toBeVisible();
    await expect(row).toContainText(task.id.slice(0, 7));
    await expect(row).toContainText(task.dcm_patient_id!.slice(0, 7));
    // Who submitted it (issue 18, item 5).
    await expect(page.getByRole('columnheader', { name: 'Submitted by' })).toBeVisible();
    await expect(row.getByRole('cell', { name: ownerEmail, exact: true })).toBeVisible();
    await expect(row).toContainText(studyDate(task.dcm_study_date));
    await expect(row).toContainText(pct(result.study[AI_MODEL].score));
    await expect(row.getByRole('img', { name: 'Status: Completed' })).toBeVisible();
    await expect(row.getByRole('link', { name: 'Open viewer' })).toHaveAttribute('href', `/dicom-viewer?studyInstanceUID=${encodeURIComponent(task.dcm_study_instance_uid!)}`);
    await expect(row.getByRole('link', { name: 'Open viewer' })).toHaveAttribute('target', '_blank');

    await row.click();
    const panel = page.getByRole('dialog', { name: 'Task details' });
    await expect(panel.getByTestId('panel-patient')).toHaveText(task.dcm_patient_id!);
    await expect(panel.getByTestId('panel-study-date')).toHaveText(studyDate(task.dcm_study_date));
    await expect(panel.getByTestId('score-bar-percent')).toHaveText(pct(result.study[AI_MODEL].score));

    await expect(panel.getByTestId('score-details')).toBeHidden();
    await panel.getByRole('button', { name: 'Show details' }).click();
    const details = panel.getByTestId('score-details');
    await expect(details).toBeVisible();
    for (const [level, label] of [['study', 'Study'], ['left', 'Left'], ['right', 'Right']] as const) {
      const cells = details.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');
      await expect(cells).toHaveText([pct(result[level].detection.score), pct(result[level].risk.score), pct(result[level].masking.score)]);
    }
    await panel.getByRole('button', { name: 'Hide details' }).click();
    await expect(details).toBeHidden();

    const r = result.l_mlo;
    await expect(panel.getByTestId('tile-scores-l_mlo')).toHaveText(`D ${pct(r.detection.score)} · R ${pct(r.risk.score)} · M ${pct(r.masking.score)}`);
    await expect(panel.getByRole('img', { name: 'L-MLO mammogram' })).toBeVisible();
    await panel.getByRole('button', { name: 'Open L-MLO full size' }).click();
    const modal = page.getByRole('dialog', { name: `L-MLO · ${studyDate(task.dcm_study_date)} · ${task.dcm_patient_id}` });
    await expect(modal.getByRole('img', { name: 'L-MLO mammogram' })).toBeVisible();
    // Closing the image leaves the panel open; a click outside the panel then closes it.
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Open interactive image viewer' })).toHaveAttribute(
      'href',
      `/dicom-viewer?studyInstanceUID=${encodeURIComponent(task.dcm_study_instance_uid!)}`,
    );
    // The image modal's closing transition may still be running: click again until it has ended.
    await expect(async () => {
      await page.mouse.click(100, 450);
      await expect(panel).toBeHidden({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  });

  test('a failed task has a red ring and its panel says what went wrong', async ({ page }) => {
    await signIn(page, SUPERUSER);
    const row = page.getByTestId(`task-row-${failed.id}`);
    await expect(async () => {
      await page.goto(`/tasks?page=${await pageOf(failed.id)}`);
      await expect(row).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 60_000 });
    await expect(row.getByRole('img', { name: 'Status: Failed' })).toBeVisible();
    await expect(row).toContainText('Failed');
    await row.click();
    const panel = page.getByRole('dialog', { name: 'Task details' });
    await expect(panel.getByTestId('task-failed')).toContainText('Please try again or contact us at waitlist@e2e.example.com if the problem is persistent.');
  });

  test('Add task: the Safari warning, files put on their views in any order, and a new task', async ({ page }, testInfo) => {
    const files = await makeStudyFiles({ seed: 33 });
    // Neutral names in a shuffled order: the headers, not the names or the order, decide the views.
    const order = [
      ['l_mlo', 'scan-a.dcm'],
      ['r_cc', 'scan-b.dcm'],
      ['l_cc', 'scan-c.dcm'],
      ['r_mlo', 'scan-d.dcm'],
    ] as const;
    const paths = order.map(([view, name]) => {
      const path = testInfo.outputPath(name);
      writeFileSync(path, files[view]);
      return path;
    });
    const countBefore = (await listTasksAs(await superuserToken(), 0, 1)).count;

    await signIn(page, SUPERUSER);
    await page.goto('/tasks');
    await page.getByRole('button', { name: 'Add task' }).click();
    const modal = page.getByRole('dialog', { name: 'Add task' });
    await expect(modal.getByTestId('safari-warning')).toHaveText('This functionality is not supported in Safari.');
    await modal.locator('input[type="file"]').setInputFiles(paths);
    const table = modal.getByTestId('add-task-files');
    for (const [view, name] of order) {
      const label = { r_cc: 'R-CC', l_cc: 'L-CC', r_mlo: 'R-MLO', l_mlo: 'L-MLO' }[view];
      await expect(table.getByRole('row', { name: new RegExp(`^${label}`) })).toContainText(name);
    }
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Task created successfully.')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect.poll(async () => (await listTasksAs(await superuserToken(), 0, 1)).count).toBeGreaterThan(countBefore);
  });
});
