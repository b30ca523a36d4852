import { createUser, expect, signIn, test } from './fixtures';
import { MIXED_STUDY, scoredStudy } from './fixtures/tasks';

test.describe('/results header', () => {
  test.describe.configure({ timeout: 240_000 });

  test('at 1440 px the line under the heading reads on one line, with the actions beside or below it, not over it', async ({ page }, info) => {
    const owner = await createUser({ submission_limit: 1, full_name: 'Header Reader' });
    await scoredStudy(owner, MIXED_STUDY);
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
    const subtitle = page.getByText(/^(Mammogram of .* · scored |Your mammogram · scored )/);
    await expect(subtitle).toBeVisible();
    await page.screenshot({ path: info.outputPath('results-header-1440.png') });
    const lines = await subtitle.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
    expect(lines).toBe(1);
    // Every action stays on the screen and clear of the heading and its line.
    const text = (await subtitle.boundingBox())!;
    for (const name of ['All your studies', 'Print report for your doctor', /Delete/]) {
      const button = page.getByRole('button', { name }).first();
      await expect(button).toBeInViewport({ ratio: 1 });
      const box = (await button.boundingBox())!;
      const overlaps = box.x < text.x + text.width && text.x < box.x + box.width && box.y < text.y + text.height && text.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
  });
});
