import { makeStudyFiles } from '../fixtures/studies';
import { SUPERUSER, createUser, expect, readUser, signIn, test } from './fixtures';
import { SubmitPage, writeTempFiles } from './fixtures/submit-page';

/** Roles that make sense (issue 18, item 5): a test user submits whatever her limit; a limit is never negative. */
test('a test user with limit 0 goes from home to /submit and submits', async ({ page }) => {
  test.setTimeout(120_000);
  const tester = await createUser({ is_test_user: true, submission_limit: 0 });
  const wizard = new SubmitPage(page);
  await signIn(page, tester);
  await page.goto('/');
  await page.getByRole('button', { name: 'New submission' }).click();
  await expect(page).toHaveURL(/\/submit$/);
  await wizard.toUpload();
  const f = await makeStudyFiles({ seed: 43 });
  await wizard.pick(writeTempFiles({ 'r-cc.dcm': f.r_cc, 'l-cc.dcm': f.l_cc, 'r-mlo.dcm': f.r_mlo, 'l-mlo.dcm': f.l_mlo }));
  await wizard.toSubmitStep();
  await wizard.terms().check();
  await wizard.submit().click();
  await expect(wizard.step('view')).toBeVisible();
  await expect(page.getByText('Mammogram submitted successfully.')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await readUser(tester.user.id))?.submission_count).toBe(1);
});

test('the edit form refuses a limit of -1 with its message instead of saving 1', async ({ page, adminPage }) => {
  const who = await createUser({ submission_limit: 2 });
  await signIn(page, SUPERUSER);
  await adminPage.gotoUser(who.email);
  await page.getByRole('button', { name: `Edit ${who.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByLabel('Submission limit').fill('-1');
  await dialog.getByLabel('Submission limit').blur();
  await expect(dialog.getByLabel('Submission limit')).toHaveValue('-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Submission limit must be at least 0')).toBeVisible();
  await expect(dialog).toBeVisible();
  expect((await readUser(who.user.id))?.submission_limit).toBe(2);
});
