/**
 * Issue 18, item 8, images she can use: on the results' Images tab one set of three sliders for all
 * four views, on screen without hovering and moved by the keyboard; a view enlarged on click (or
 * Enter) with the regions the computer marked on it listed and outlined; and those regions are the
 * ones the score came from and the ones the suspicious-regions colour marks.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { ScoredResult, ViewKey } from '../../core/contract';
import { createUser, expect, signIn, test } from './fixtures';
import { MIXED_STUDY, scoredStudy } from './fixtures/tasks';

const VIEWS = ['r_cc', 'l_cc', 'r_mlo', 'l_mlo'] as const;
const LABEL = { r_cc: 'R-CC', l_cc: 'L-CC', r_mlo: 'R-MLO', l_mlo: 'L-MLO' } as const;
const WORDS = { mass: 'A lump-like area (mass)', calcification: 'A group of tiny white spots (calcifications)', asymmetry: 'Tissue that differs from the other breast (asymmetry)' };
const SLIDERS = ['Suspicious regions', 'Dense tissue', 'Density texture'] as const;

const pct = (v: number) => `${Math.round(v * 100)}%`;
const regionsOf = (result: ScoredResult, view: ViewKey) => result.regions.filter((r) => r.view === view).sort((a, b) => b.score - a.score);

async function openImages(page: Page) {
  await page.goto('/results');
  await page.getByRole('tab', { name: /^Images/ }).click();
  for (const view of VIEWS) await expect(page.getByRole('img', { name: `${LABEL[view]} mammogram` })).toBeVisible({ timeout: 30_000 });
}

/** The opacity of an overlay picture (at its own size) near a point given in fractions of the image: the most opaque within 3 pixels. */
async function overlayAlphaNear(overlay: Locator, fx: number, fy: number): Promise<number> {
  return overlay.evaluate(
    (img: HTMLImageElement, [x, y]) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const cx = Math.round(x * canvas.width);
      const cy = Math.round(y * canvas.height);
      const data = ctx.getImageData(Math.max(0, cx - 3), Math.max(0, cy - 3), 7, 7).data;
      let most = 0;
      for (let i = 3; i < data.length; i += 4) most = Math.max(most, data[i]);
      return most;
    },
    [fx, fy] as const,
  );
}

test.describe('/results, the Images tab', () => {
  test.describe.configure({ timeout: 240_000 });

  let owner: Awaited<ReturnType<typeof createUser>>;
  let result: ScoredResult;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    owner = await createUser({ submission_limit: 1, full_name: 'Image Reader' });
    ({ result } = await scoredStudy(owner, { ...MIXED_STUDY, seed: 83 }));
  });

  test('one set of three sliders, on screen without hovering and moved by the keyboard, colours all four views', async ({ page }, testInfo) => {
    await signIn(page, owner);
    await openImages(page);
    // On screen without hovering anything: one of each, not one per view.
    for (const name of SLIDERS) {
      await expect(page.getByRole('slider', { name: `${name} on all four images` })).toBeVisible();
      await expect(page.getByRole('slider', { name: new RegExp(`^${name}`) })).toHaveCount(1);
    }
    const tiles = VIEWS.map((v) => page.getByTestId(`view-${v}`));
    const before = await Promise.all(tiles.map((t) => t.screenshot()));

    // By the keyboard from the tab: Tab reaches the first slider, the arrow keys and End move it.
    await page.getByRole('tab', { name: /^Images/ }).focus();
    const regions = page.getByRole('slider', { name: 'Suspicious regions on all four images' });
    await expect(async () => {
      await page.keyboard.press('Tab');
      await expect(regions).toBeFocused({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press('ArrowRight');
    await expect(regions).toHaveAttribute('aria-valuenow', '1');
    await page.keyboard.press('End');
    await expect(regions).toHaveAttribute('aria-valuenow', '100');
    // Every view changes, each with its own suspicious-regions layer.
    for (const [i, tile] of tiles.entries()) {
      await expect(tile.locator('img[data-layer="detection"]')).toBeVisible();
      await expect(async () => expect(Buffer.compare(await tile.screenshot(), before[i])).not.toBe(0)).toPass();
    }
    // The next slider by Tab: dense tissue over all four too.
    await page.keyboard.press('Tab');
    const dense = page.getByRole('slider', { name: 'Dense tissue on all four images' });
    await expect(dense).toBeFocused();
    await page.keyboard.press('End');
    for (const tile of tiles) await expect(tile.locator('img[data-layer="density"]')).toBeVisible();
    await page.keyboard.press('Home');
    await expect(dense).toHaveAttribute('aria-valuenow', '0');
    await page.screenshot({ path: testInfo.outputPath('images-tab-light.png'), fullPage: true });

    // The study opens in the image viewer, in a tab of its own.
    const viewer = page.getByRole('link', { name: /Open in the image viewer/ });
    await expect(viewer).toHaveAttribute('href', /^\/dicom-viewer\?studyInstanceUID=[0-9.]+$/);
    await expect(viewer).toHaveAttribute('target', '_blank');
  });

  test('a view opens larger on click or Enter, with its regions listed and outlined', async ({ page }, testInfo) => {
    await signIn(page, owner);
    await openImages(page);
    const view = VIEWS.find((v) => regionsOf(result, v).length > 1) ?? 'r_cc';
    const regions = regionsOf(result, view);
    expect(regions.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: `Enlarge the ${LABEL[view]} view` }).click();
    const dialog = page.getByRole('dialog', { name: `${LABEL[view]} view` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: `${LABEL[view]} mammogram` })).toBeVisible();
    const small = (await page.getByTestId(`view-${view}`).first().boundingBox())!;
    const large = (await dialog.getByTestId(`view-${view}`).boundingBox())!;
    expect(large.height).toBeGreaterThan(small.height * 1.2);

    // Listed most suspicious first, in plain words with the score, and outlined with the same numbers.
    const list = dialog.getByRole('list', { name: `Regions on the ${LABEL[view]} view` });
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(regions.length);
    for (const [i, r] of regions.entries()) {
      await expect(items.nth(i)).toContainText(String(i + 1));
      await expect(items.nth(i)).toContainText(WORDS[r.kind]);
      await expect(items.nth(i)).toContainText(`Score ${pct(r.score)}`);
    }
    await expect(dialog.getByTestId('region-marks').locator('.view-region')).toHaveCount(regions.length);
    // The first mark sits inside the picture where the region is.
    const picture = (await dialog.getByRole('img', { name: `${LABEL[view]} mammogram` }).boundingBox())!;
    const mark = (await dialog.getByTestId('region-mark-1').boundingBox())!;
    expect(mark.x).toBeGreaterThanOrEqual(picture.x - 1);
    expect(mark.x + mark.width).toBeLessThanOrEqual(picture.x + picture.width + 1);
    // The sliders are there too, and are the same set: moving one here moves the page's.
    const inDialog = dialog.getByRole('slider', { name: 'Suspicious regions on all four images' });
    await inDialog.focus();
    await page.keyboard.press('End');
    await expect(dialog.locator('img[data-layer="detection"]')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('images-enlarged-light.png') });

    // Esc closes it, focus back on the picture; Enter opens it again.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('slider', { name: 'Suspicious regions on all four images' })).toHaveAttribute('aria-valuenow', '100');
    const open = page.getByRole('button', { name: `Enlarge the ${LABEL[view]} view` });
    await expect(open).toBeFocused();
    await open.screenshot({ path: testInfo.outputPath('images-tile-focused-light.png') });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();

    // Dark theme: the dialog and the tab have no serious accessibility problems.
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    await openImages(page);
    await page.getByRole('button', { name: `Enlarge the ${LABEL[view]} view` }).click();
    await expect(dialog.getByRole('img', { name: `${LABEL[view]} mammogram` })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('images-enlarged-dark.png') });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: testInfo.outputPath('images-tab-dark.png'), fullPage: true });
  });

  test('the regions listed are the ones the score came from and the ones the colour marks', async ({ page }) => {
    await signIn(page, owner);
    await openImages(page);
    for (const view of VIEWS) {
      const regions = regionsOf(result, view);
      await page.getByRole('button', { name: `Enlarge the ${LABEL[view]} view` }).click();
      const dialog = page.getByRole('dialog', { name: `${LABEL[view]} view` });
      await expect(dialog).toBeVisible();
      const score = result[view].detection.score;
      if (regions.length === 0) {
        await expect(dialog.getByTestId('view-regions')).toContainText('marked no regions');
      } else {
        // The view's cancer-signs score is its first region's.
        expect(score).toBe(regions[0].score);
        await expect(dialog.getByTestId('view-score-source')).toContainText(`This view's cancer-signs score, ${pct(score!)}, comes from region 1.`);
        // The suspicious-regions colour covers every listed region's edge.
        const slider = dialog.getByRole('slider', { name: 'Suspicious regions on all four images' });
        await slider.focus();
        await page.keyboard.press('End');
        const overlay = dialog.locator('img[data-layer="detection"]');
        await expect(overlay).toBeVisible();
        for (const r of regions) {
          expect(await overlayAlphaNear(overlay, r.x + r.width / 2, r.y), `top edge of ${view} ${r.kind}`).toBeGreaterThan(200);
          expect(await overlayAlphaNear(overlay, r.x, r.y + r.height / 2), `left edge of ${view} ${r.kind}`).toBeGreaterThan(200);
        }
        await page.keyboard.press('Home');
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });
});
