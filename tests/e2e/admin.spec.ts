import { SUPERUSER, createUser, expect, readUser, signIn, test, uniqueEmail } from './fixtures';

test.describe('users management', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, SUPERUSER);
  });

  test('add a user: the rules of the form, then the new row', async ({ page, adminPage }) => {
    await adminPage.goto();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await expect(dialog.getByText('Please confirm your password')).toBeVisible();

    const email = uniqueEmail('added');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Full name' }).fill('Added By Admin');
    await dialog.getByLabel('Set Password').fill('admin-made-pass');
    await dialog.getByLabel('Confirm Password').fill('admin-made-pass');
    await dialog.getByLabel('Submission limit').fill('3');
    await dialog.getByLabel('Is test user?').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User created successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const res = await fetch(`${process.env.E2E_BASE_URL}/api/v1/login/access-token`, { method: 'POST', body: new URLSearchParams({ username: email, password: 'admin-made-pass' }) });
    expect(res.status).toBe(200);
  });

  test('edit a user: a blank password stays unchanged', async ({ page, adminPage }) => {
    const who = await createUser({ full_name: 'Before Edit' });
    await adminPage.gotoUser(who.email);
    await page.getByRole('button', { name: `Edit ${who.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue(who.email);
    await dialog.getByRole('textbox', { name: 'Full name' }).fill('After Edit');
    await dialog.getByLabel('Submission limit').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User updated successfully.')).toBeVisible();
    const saved = await readUser(who.user.id);
    expect(saved).toMatchObject({ full_name: 'After Edit', submission_limit: 5 });
    const login = await fetch(`${process.env.E2E_BASE_URL}/api/v1/login/access-token`, { method: 'POST', body: new URLSearchParams({ username: who.email, password: who.password }) });
    expect(login.status).toBe(200);
  });

  test('delete a user', async ({ page, adminPage }) => {
    const who = await createUser({ full_name: 'To Be Deleted' });
    await adminPage.gotoUser(who.email);
    await page.getByRole('button', { name: `Delete ${who.email}` }).click();
    await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The user was deleted successfully.')).toBeVisible();
    expect(await readUser(who.user.id)).toBeNull();
  });

  test('five users a page, the page in the address, next page prefetched', async ({ page, adminPage }) => {
    // Ten more users: with the superuser, page 2 is full whatever other tests add or delete.
    for (let i = 0; i < 10; i++) await createUser();
    const nextPageRequest = page.waitForRequest((r) => r.url().includes('/api/v1/users/?') && r.url().includes('skip=5'));
    await adminPage.goto(1);
    await nextPageRequest;
    await expect(page.locator('tbody tr')).toHaveCount(5);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.locator('tbody tr')).toHaveCount(5);
    await page.goBack();
    await expect(page).toHaveURL(/[?&]page=1/);
  });

  test('the own row is marked You and cannot be edited or deleted', async ({ page, adminPage }) => {
    await adminPage.goto();
    // The superuser was the first account, so it is on the first page.
    const row = adminPage.row(SUPERUSER.email);
    await expect(row.getByText('You')).toBeVisible();
    await expect(row.getByText('Superuser')).toBeVisible();
    await expect(row.getByRole('button', { name: `Edit ${SUPERUSER.email}` })).toBeDisabled();
    await expect(row.getByRole('button', { name: `Delete ${SUPERUSER.email}` })).toBeDisabled();
  });
});
