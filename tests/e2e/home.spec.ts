import { createUser, expect, signIn, test } from './fixtures';

test.describe('home and top bar by user state', () => {
  test('a user who cannot submit: Request access, disabled Results, request-access dialog', async ({ page, topBar }) => {
    await signIn(page, await createUser({ submission_limit: 0 }));
    await page.goto('/');
    await page.getByRole('button', { name: 'Request access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request access' });
    await expect(dialog).toContainText('Submissions are currently not open to the public. If you would like to try the service, send us an email to waitlist@e2e.example.com.');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(topBar.results()).toBeDisabled();
    await topBar.newSubmission().click();
    await expect(page.getByRole('dialog', { name: 'Request access' })).toBeVisible();
  });

  test('a user who may submit: Get started, and the Results dialog before any submission', async ({ page, topBar, member }) => {
    await signIn(page, member);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/submit');
    await expect(page.getByRole('link', { name: 'Go to demo' })).toHaveAttribute('href', '/start-demo');
    await topBar.results().click();
    await expect(page.getByRole('dialog', { name: 'Results' })).toContainText('Make a submission to view your results.');
    await page.keyboard.press('Escape');
    await topBar.newSubmission().click();
    await expect(page).toHaveURL(/\/submit$/);
  });

  test('a user at the limit: Go to results, and the limit-reached dialog', async ({ page, topBar }) => {
    const who = await createUser({ submission_limit: 1 });
    // The count only moves with a real submission (another part of the product); here the user's
    // own record is answered with one submission made.
    await page.route('**/api/v1/users/me', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), submission_count: 1 } });
    });
    await signIn(page, who);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Go to results' })).toBeVisible();
    await topBar.newSubmission().click();
    await expect(page.getByRole('dialog', { name: 'Submission limit reached' })).toContainText(
      "You've reached the maximum number of submissions. If you would like to submit more images, please contact us at waitlist@e2e.example.com.",
    );
  });
});
