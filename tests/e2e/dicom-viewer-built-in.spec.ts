/**
 * Issue 20, item 2: without VIEWER_URL, /dicom-viewer is the built-in Cornerstone3D viewer reading
 * our DICOMweb: four views hung R-CC | L-CC over R-MLO | L-MLO, each drawn, with window/level,
 * invert, reset and one view full screen by the toolbar and the keyboard, the server's display
 * images standing in while the full frames load, and a view that cannot be read saying so.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { makeStudyFiles } from '../fixtures/studies';
import { createUser, expect, signIn, test } from './fixtures';
import { baseUrl, tokenFor } from './fixtures/api';
import { submitFiles } from './fixtures/tasks';
import { drawnPixels as pixels, VIEW_LOAD_TIMEOUT } from './fixtures/viewer';

const HANGING = [
  ['r_cc', 'R-CC'],
  ['l_cc', 'L-CC'],
  ['r_mlo', 'R-MLO'],
  ['l_mlo', 'L-MLO'],
] as const;

/** Collects CSP violations and page errors: the viewer's workers and codecs must run under our policy. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

async function openStudy(page: Page, opts: Parameters<typeof makeStudyFiles>[0]) {
  const who = await createUser({ submission_limit: 1 });
  const token = await tokenFor(who.email, who.password);
  const task = await submitFiles(token, await makeStudyFiles(opts));
  const uid = task.dcm_study_instance_uid!;
  await signIn(page, who);
  return { uid, token };
}

test.describe('/dicom-viewer, the built-in viewer', () => {
  test.setTimeout(180_000);

  test('four views hung back to back, drawn, with window/level, invert, reset and full screen', async ({ page }, testInfo) => {
    const problems = watchProblems(page);
    const { uid } = await openStudy(page, { seed: 71 });
    await page.goto(`/dicom-viewer?studyInstanceUID=${encodeURIComponent(uid)}`);
    const viewer = page.getByTestId('built-in-viewer');
    await expect(viewer.getByRole('heading', { name: 'Image viewer' })).toBeVisible({ timeout: 30_000 });
    // The shortcuts are on screen.
    const keys = viewer.getByRole('list', { name: 'Keyboard shortcuts' });
    for (const words of ['invert', 'reset', 'full screen']) await expect(keys).toContainText(words);

    // The hanging: in that order, with their labels, R-CC top left, L-CC top right, MLOs below.
    const views = viewer.locator('[data-testid^="viewport-"]');
    await expect(views).toHaveCount(4);
    expect(await views.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(HANGING.map(([k]) => `viewport-${k}`));
    const boxes = [];
    for (const [key, label] of HANGING) {
      const view = page.getByTestId(`viewport-${key}`);
      await expect(view).toHaveAccessibleName(`${label} view`);
      await expect(view).toContainText(label);
      await expect(view).toHaveAttribute('data-state', 'ready', { timeout: VIEW_LOAD_TIMEOUT });
      boxes.push((await view.boundingBox())!);
    }
    const [rcc, lcc, rmlo, lmlo] = boxes;
    expect(rcc.x).toBeLessThan(lcc.x);
    expect(rmlo.x).toBeLessThan(lmlo.x);
    expect(rcc.y).toBeLessThan(rmlo.y);
    expect(Math.abs(rcc.y - lcc.y)).toBeLessThan(2);
    expect(Math.abs(rmlo.y - lmlo.y)).toBeLessThan(2);

    // Each view is drawn: its canvas has light pixels (the breast) and dark ones (the background).
    const first: Record<string, { lit: number; sum: number }> = {};
    for (const [key] of HANGING) {
      const view = page.getByTestId(`viewport-${key}`);
      await expect.poll(async () => (await pixels(view)).lit, { message: `${key} drawn` }).toBeGreaterThan(500);
      first[key] = await pixels(view);
    }
    await page.screenshot({ path: testInfo.outputPath('viewer-four-views.png') });

    const rccView = page.getByTestId('viewport-r_cc');
    const base = first.r_cc;
    // Invert by the keyboard, back by the button.
    await page.keyboard.press('i');
    await expect(viewer.getByRole('button', { name: 'Invert' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await pixels(rccView)).sum).not.toBe(base.sum);
    const inverted = await pixels(rccView);
    expect(inverted.lit).toBeGreaterThan(base.lit);
    await page.screenshot({ path: testInfo.outputPath('viewer-inverted.png') });
    await viewer.getByRole('button', { name: 'Invert' }).click();
    await expect(viewer.getByRole('button', { name: 'Invert' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await pixels(rccView)).sum).toBe(base.sum);

    // A window/level drag changes the pixels; R resets them; so does the Reset button.
    const box = (await rccView.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 80, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await pixels(rccView)).sum).not.toBe(base.sum);
    await page.keyboard.press('r');
    await expect.poll(async () => (await pixels(rccView)).sum).toBe(base.sum);
    await page.keyboard.press('i');
    await expect.poll(async () => (await pixels(rccView)).sum).not.toBe(base.sum);
    await viewer.getByRole('button', { name: 'Reset' }).click();
    await expect(viewer.getByRole('button', { name: 'Invert' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await pixels(rccView)).sum).toBe(base.sum);

    // One view full screen: 2 chooses L-CC, F shows it alone and larger, F again the four.
    const lccView = page.getByTestId('viewport-l_cc');
    await page.keyboard.press('2');
    await expect(lccView).toHaveAttribute('data-active', 'true');
    await page.keyboard.press('f');
    for (const key of ['r_cc', 'r_mlo', 'l_mlo']) await expect(page.getByTestId(`viewport-${key}`)).toBeHidden();
    await expect.poll(async () => (await lccView.boundingBox())!.width).toBeGreaterThan(lcc.width * 1.8);
    await expect.poll(async () => (await pixels(lccView)).lit).toBeGreaterThan(first.l_cc.lit);
    await page.screenshot({ path: testInfo.outputPath('viewer-full-screen.png') });
    await page.keyboard.press('f');
    for (const [key] of HANGING) await expect(page.getByTestId(`viewport-${key}`)).toBeVisible();
    // By the button, and Esc back.
    await viewer.getByRole('button', { name: 'Full screen L-CC' }).click();
    await expect(rccView).toBeHidden();
    await expect(viewer.getByRole('button', { name: 'Show four views' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(rccView).toBeVisible();
    await viewer.getByRole('button', { name: 'Full screen L-CC' }).click();
    await viewer.getByRole('button', { name: 'Show four views' }).click();
    for (const [key] of HANGING) await expect(page.getByTestId(`viewport-${key}`)).toBeVisible();

    expect(problems).toEqual([]);
  });

  test('a JPEG 2000 study is decoded by the WASM codec in the worker', async ({ page }, testInfo) => {
    const problems = watchProblems(page);
    const { uid } = await openStudy(page, { seed: 72, transferSyntax: 'jpeg2000' });
    await page.goto(`/dicom-viewer?studyInstanceUID=${encodeURIComponent(uid)}`);
    for (const [key] of HANGING) {
      const view = page.getByTestId(`viewport-${key}`);
      // Decoding JPEG 2000 in WASM takes a while on two busy cores (the test's own timeout bounds it).
      await expect(view).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
      // data-drawn says the image is on screen (bench/viewer-open.bench.ts times it): no waiting for the pixels then.
      await expect(view).toHaveAttribute('data-drawn', 'true', { timeout: 20_000 });
      expect((await pixels(view)).lit).toBeGreaterThan(500);
    }
    await page.screenshot({ path: testInfo.outputPath('viewer-jpeg2000.png') });
    expect(problems).toEqual([]);
  });

  test('a study the person may not see says so', async ({ page }) => {
    const who = await createUser();
    await signIn(page, who);
    await page.goto('/dicom-viewer?studyInstanceUID=1.2.826.0.1.3680043.2.1125.1');
    const viewer = page.getByTestId('built-in-viewer');
    await expect(viewer.getByRole('heading', { name: 'The study cannot be opened' })).toBeVisible({ timeout: 30_000 });
    await expect(viewer.getByRole('alert')).toHaveText('Study not found');
  });

  test.describe('without the service worker', () => {
    // The test answers one frame itself; requests the service worker makes are not routed by the page.
    test.use({ serviceWorkers: 'block' });

    test('while the full frames load, each view already shows its display image, hung as the full one will be', async ({ page }, testInfo) => {
      const { uid } = await openStudy(page, { seed: 74, transferSyntax: 'jpeg2000' });
      // The full frames wait until the previews have been seen.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/frames/1', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/dicom-viewer?studyInstanceUID=${encodeURIComponent(uid)}`);
      for (const [key, label] of HANGING) {
        const view = page.getByTestId(`viewport-${key}`);
        await expect(view).toHaveAttribute('data-preview', 'true', { timeout: 45_000 });
        await expect(view.getByRole('status')).toHaveText('Preview: full resolution loading…');
        await expect(view).toHaveAttribute('data-state', 'loading');
        expect(await view.getByTestId(`preview-${key}`).evaluate((img: HTMLImageElement) => img.naturalHeight)).toBeGreaterThan(100);
        // The breast is against the middle of the screen: a right view's on the right of its cell.
        const shot = await sharp(await view.screenshot()).greyscale().raw().toBuffer({ resolveWithObject: true });
        let lit = 0;
        let xSum = 0;
        for (let i = 0; i < shot.data.length; i++) {
          if (shot.data[i] > 40) {
            lit++;
            xSum += i % shot.info.width;
          }
        }
        expect(lit, `${label} preview drawn`).toBeGreaterThan(5000);
        const side = xSum / lit / shot.info.width;
        if (key.startsWith('r')) expect(side, `${label} on the right of its cell`).toBeGreaterThan(0.55);
        else expect(side, `${label} on the left of its cell`).toBeLessThan(0.45);
      }
      await page.screenshot({ path: testInfo.outputPath('viewer-previews.png') });

      release();
      for (const [key] of HANGING) {
        const view = page.getByTestId(`viewport-${key}`);
        await expect(view).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
        await expect(view.getByTestId(`preview-${key}`)).toHaveCount(0);
        await expect(view).not.toHaveAttribute('data-preview');
        expect((await pixels(view)).lit).toBeGreaterThan(500);
      }
    });

    test('a view that cannot be read says why; the others are drawn', async ({ page }, testInfo) => {
      const { uid, token } = await openStudy(page, { seed: 73 });
      const res = await fetch(`${baseUrl()}/api/v1/dicomweb/studies/${uid}/metadata`, { headers: { Authorization: `Bearer ${token}` } });
      const instances = (await res.json()) as Array<Record<string, { Value?: string[] }>>;
      const lmlo = instances.find((i) => i['00200062']?.Value?.[0] === 'L' && i['00185101']?.Value?.[0] === 'MLO')!;
      const sop = lmlo['00080018'].Value![0];
      await page.route(`**/instances/${sop}/frames/1`, (route) => route.fulfill({ status: 404, json: { detail: 'Not Found' } }));

      await page.goto(`/dicom-viewer?studyInstanceUID=${encodeURIComponent(uid)}`);
      const broken = page.getByTestId('viewport-l_mlo');
      await expect(broken).toHaveAttribute('data-state', 'error', { timeout: 45_000 });
      await expect(broken.getByRole('alert')).toHaveText('L-MLO cannot be read: the image was not found on the server.');
      for (const key of ['r_cc', 'l_cc', 'r_mlo']) await expect(page.getByTestId(`viewport-${key}`)).toHaveAttribute('data-state', 'ready', { timeout: VIEW_LOAD_TIMEOUT });
      await page.screenshot({ path: testInfo.outputPath('viewer-unreadable-view.png') });
    });
  });
});
