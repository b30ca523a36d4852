/**
 * Issue 20, item 4: a study opened once in the built-in viewer opens again with no network (the
 * service worker keeps its DICOMweb answers and the viewer's code, bounded); deleting the study
 * deletes its copies, and logging out deletes them all.
 */
import { makeStudyFiles } from '../fixtures/studies';
import { VIEWER_STUDY_CACHE } from '../../src/offline/viewer-cache';
import { createUser, expect, signIn, test } from './fixtures';
import { tokenFor } from './fixtures/api';
import { settledTask, submitFiles } from './fixtures/tasks';
import { drawnPixels, VIEW_LOAD_TIMEOUT } from './fixtures/viewer';

const VIEWS = ['r_cc', 'l_cc', 'r_mlo', 'l_mlo'] as const;

test('a study opened once opens again offline; deleting it or logging out deletes the copies', async ({ page, context, topBar }) => {
  test.setTimeout(300_000);
  const who = await createUser({ submission_limit: 1 });
  const token = await tokenFor(who.email, who.password);
  // Scored first: her results page offers "Delete this study" once there are results, and the
  // scoring would otherwise share the CPU with the viewer's first load.
  const task = await settledTask(token, (await submitFiles(token, await makeStudyFiles({ seed: 75 }))).id);
  expect(task.status).toBe('completed');
  const url = `/dicom-viewer?studyInstanceUID=${encodeURIComponent(task.dcm_study_instance_uid!)}`;
  await signIn(page, who);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 60_000 });
  // Opened under the service worker's control: what the viewer reads is kept.
  await page.goto(url);
  for (const key of VIEWS) await expect(page.getByTestId(`viewport-${key}`)).toHaveAttribute('data-state', 'ready', { timeout: VIEW_LOAD_TIMEOUT });
  await expect.poll(() => page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, VIEWER_STUDY_CACHE)).toBeGreaterThanOrEqual(5);
  // A person's way back is to her results (the Tasks Manager is the administrators').
  await expect(page.getByRole('link', { name: 'Back to your results' })).toHaveAttribute('href', '/results');

  await context.setOffline(true);
  await page.reload();
  for (const key of VIEWS) await expect(page.getByTestId(`viewport-${key}`)).toHaveAttribute('data-state', 'ready', { timeout: VIEW_LOAD_TIMEOUT });
  const { lit } = await drawnPixels(page.getByTestId('viewport-r_cc'));
  expect(lit, 'the offline view is drawn, not blank').toBeGreaterThan(500);
  await context.setOffline(false);

  // Deleting the study takes its copies away at once, not at logout.
  const uid = task.dcm_study_instance_uid!;
  const copiesOfStudy = () =>
    page.evaluate(
      async ({ name, uid }) => (await (await caches.open(name)).keys()).filter((k) => new URL(k.url).pathname.includes(`/studies/${encodeURIComponent(uid)}`)).length,
      { name: VIEWER_STUDY_CACHE, uid },
    );
  expect(await copiesOfStudy()).toBeGreaterThanOrEqual(5);
  await page.goto(`/results/${task.id}`);
  await page.getByTestId('delete-study').click();
  await page.getByRole('dialog', { name: 'Delete this study?' }).getByTestId('confirm-delete-study').click();
  await expect(page.getByText('Study deleted.')).toBeVisible();
  // It was her only study: /results has nothing left to show and goes on to /submit (its own rule).
  await expect(page).toHaveURL(/\/submit$/);
  await expect.poll(copiesOfStudy, { message: "the deleted study's copies are gone" }).toBe(0);

  await page.goto('/');
  await topBar.logOut();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate((name) => caches.has(name), VIEWER_STUDY_CACHE), { message: "the person's study copies are deleted at logout" }).toBe(false);
});
