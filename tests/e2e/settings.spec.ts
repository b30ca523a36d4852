import { SUPERUSER, createUser, expect, readUser, signIn, test } from './fixtures';
import { SERVER_MESSAGES } from '../../server/messages';

test.describe('user settings', () => {
  test('profile: save is enabled only after a change, and the change is kept', async ({ page, member }) => {
    await signIn(page, member);
    await page.goto('/settings');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    const name = page.getByRole('textbox', { name: 'Full name' });
    await name.fill('x'.repeat(31));
    await name.blur();
    await expect(page.getByText('Full Name must be at most 30 characters')).toBeVisible();
    await name.fill('Renamed Person');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('User updated successfully.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Renamed Person');
    expect((await readUser(member.user.id))?.full_name).toBe('Renamed Person');
  });

  test('risk factors are saved with the profile', async ({ page, member }) => {
    await signIn(page, member);
    await page.goto('/settings');
    await page.getByLabel('Age at your first period').fill('12');
    await page.getByLabel('I have not given birth').check();
    await page.getByLabel('Breast biopsies you have had').fill('1');
    await page.getByRole('button', { name: 'Save risk factors' }).click();
    await expect(page.getByText('User updated successfully.')).toBeVisible();
    const saved = await readUser(member.user.id);
    expect(saved?.risk_factors).toMatchObject({ age_at_menarche: 12, age_at_first_birth: 'none', biopsies: 1 });
  });

  test('password: a wrong current password is refused, the right one changes it', async ({ page, member }) => {
    await signIn(page, member);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByLabel('Current Password').fill('wrong-password');
    await page.getByLabel('Set Password').fill('another-password');
    await page.getByLabel('Confirm Password').fill('another-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Error.')).toBeVisible();
    await expect(page.getByText(SERVER_MESSAGES.wrongCurrentPassword)).toBeVisible();

    await page.getByLabel('Current Password').fill(member.password);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Password updated successfully.')).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveValue('');

    const res = await fetch(`${process.env.E2E_BASE_URL}/api/v1/login/access-token`, {
      method: 'POST',
      body: new URLSearchParams({ username: member.email, password: 'another-password' }),
    });
    expect(res.status).toBe(200);
  });

  test('appearance: dark mode survives a reload', async ({ page, member }) => {
    await signIn(page, member);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Appearance' }).click();
    await page.getByLabel('Dark mode').check();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('tab', { name: 'Appearance' }).click();
    await expect(page.getByLabel('Dark mode')).toBeChecked();
    await page.getByLabel('Light mode').check();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('danger zone: delete the own account', async ({ page }) => {
    const who = await createUser();
    await signIn(page, who);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Danger zone' }).click();
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Your account has been successfully deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readUser(who.user.id)).toBeNull();
  });

  test('superusers have no danger zone', async ({ page }) => {
    await signIn(page, SUPERUSER);
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'My profile' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Danger zone' })).toHaveCount(0);
  });
});
