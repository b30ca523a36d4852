import { writeFileSync } from 'node:fs';
import { makeStudyFiles } from '../fixtures/studies';
import { createUser, expect, signIn, test } from './fixtures';
import { MIXED_STUDY } from './fixtures/tasks';

test.describe('/empower, the superuser step-by-step flow', () => {
  test.describe.configure({ timeout: 240_000 });

  test('retrieve, upload in any order, processing, then the result with rankings and images', async ({ page }, testInfo) => {
    const admin = await createUser({ is_superuser: true, submission_limit: 5, birthdate: '1970-05-05' });
    const files = await makeStudyFiles(MIXED_STUDY);
    const paths = (['l_cc', 'r_mlo', 'r_cc', 'l_mlo'] as const).map((view, i) => {
      const path = testInfo.outputPath(`image-${i}.dcm`);
      writeFileSync(path, files[view]);
      return path;
    });

    await signIn(page, admin);
    await page.goto('/empower');
    await expect(page).toHaveURL(/\/empower\/retrieve$/);
    await expect(page.getByTestId('empower-email')).toHaveText(admin.email);
    await expect(page.getByRole('radio')).toHaveCount(4);
    await page.getByRole('radio', { name: /Skåne/ }).click();
    await expect(page.getByTestId('provider-details')).toContainText('Free');
    await expect(page.getByTestId('provider-details')).toContainText('7 days');
    await page.getByRole('button', { name: 'Continue' }).click();

    const modal = page.getByRole('dialog', { name: 'Upload Mammogram' });
    await expect(modal).toBeVisible();
    await modal.locator('input[type="file"]').setInputFiles(paths);
    const list = modal.getByTestId('empower-files');
    await expect(list.getByRole('row', { name: /^R-CC/ })).toContainText('image-2.dcm');
    await expect(list.getByRole('row', { name: /^L-MLO/ })).toContainText('image-3.dcm');
    const submit = modal.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await modal.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await submit.click();
    await expect(page.getByText('Mammogram uploaded successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/empower\/processing$/);
    await expect(page.getByTestId('empower-processing')).toBeVisible();

    // The last task is polled every 10 s; on completion the result follows 2 s later.
    await expect(page).toHaveURL(/\/empower\/result$/, { timeout: 180_000 });
    const rankings = page.getByTestId('empower-rankings');
    for (const title of ['Smart Density', 'Cancer Signs', 'Inherent Risk', 'Masking']) await expect(rankings).toContainText(title);
    await expect(rankings.getByTestId('ranking-text')).toHaveCount(4);
    await expect(page.getByRole('img', { name: 'R-CC mammogram' })).toBeVisible();
    // One set of sliders for the four views, on screen without hovering (issue 18, item 8).
    await expect(page.getByRole('slider', { name: 'Suspicious regions on all four images' })).toBeVisible();
  });

  test('a file that is not a mammogram gets the spec sentence with the contact address', async ({ page }, testInfo) => {
    const admin = await createUser({ is_superuser: true });
    const path = testInfo.outputPath('notes.dcm');
    writeFileSync(path, 'this is not a DICOM file, just text with a .dcm name');
    // The public config (which holds the contact address) is held back until the file is picked,
    // as on a slow connection: the reason shows first, the spec sentence joins it once the address is known.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/utils/config', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, admin);
    await page.goto('/empower/upload');
    const modal = page.getByRole('dialog', { name: 'Upload Mammogram' });
    await modal.locator('input[type="file"]').setInputFiles(path);
    await expect(modal).toContainText('The file is not a DICOM file (no DICM marker at byte 128).');
    release();
    await expect(modal).toContainText('Unsupported file format, contact us at waitlist@e2e.example.com for help.');
  });
});
