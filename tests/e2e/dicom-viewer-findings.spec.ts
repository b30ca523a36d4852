/**
 * Issue 20, item 2, the engine's overlays in the built-in viewer: suspicious regions and dense
 * tissue as toggles drawn over the views (by button and by key), the regions listed beside the
 * views with their view, kind and score, and a listed region, clicked or chosen with Enter,
 * centring and zooming its view on it. The viewer finds the result from the study UID alone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Region, ScoredResult } from '../../core/contract';
import { makeStudyFiles } from '../fixtures/studies';
import { createUser, expect, signIn, test } from './fixtures';
import { tokenFor } from './fixtures/api';
import { waitForSavedQuery, waitForServiceWorker } from './fixtures/offline';
import { MIXED_STUDY, scoredStudy, settledTask, submitFiles } from './fixtures/tasks';
import { drawnPixels, seenPixels, VIEW_LOAD_TIMEOUT } from './fixtures/viewer';

const VIEWS = ['r_cc', 'l_cc', 'r_mlo', 'l_mlo'] as const;
const LABEL = { r_cc: 'R-CC', l_cc: 'L-CC', r_mlo: 'R-MLO', l_mlo: 'L-MLO' } as const;
const KIND = { mass: 'Mass', calcification: 'Calcifications', asymmetry: 'Asymmetry' } as const;

/** The regions as the list shows them: views in hanging order, most suspicious first. */
const listed = (result: ScoredResult): Region[] => VIEWS.flatMap((v) => result.regions.filter((r) => r.view === v).sort((a, b) => b.score - a.score));

/** A view's file with its pixels all black (explicit VR little endian: the pixel data element comes last). */
function blankPixels(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  for (let i = out.length - 12; i >= 0; i--) {
    if (out[i] === 0xe0 && out[i + 1] === 0x7f && out[i + 2] === 0x10 && out[i + 3] === 0x00) {
      out.fill(0, i + 12);
      return out;
    }
  }
  throw new Error('no pixel data element');
}

async function openViewer(page: Page, uid: string) {
  await page.goto(`/dicom-viewer?studyInstanceUID=${encodeURIComponent(uid)}`);
  for (const view of VIEWS) await expect(page.getByTestId(`viewport-${view}`)).toHaveAttribute('data-state', 'ready', { timeout: VIEW_LOAD_TIMEOUT });
  for (const view of VIEWS) await expect.poll(async () => (await drawnPixels(page.getByTestId(`viewport-${view}`))).lit).toBeGreaterThan(500);
}

test.describe('/dicom-viewer, the engine\'s findings', () => {
  test.describe.configure({ timeout: 240_000 });

  let owner: Awaited<ReturnType<typeof createUser>>;
  let result: ScoredResult;
  let uid: string;
  let taskId: string;

  test.beforeAll(async ({}, workerInfo) => {
    test.setTimeout(240_000);
    owner = await createUser({ submission_limit: 1 });
    // A study of this worker's own (the seed fixes the Study Instance UID): an administrator sees the
    // newest task of a study among everyone's, so another worker's copy still being scored must not be it.
    const scored = await scoredStudy(owner, { ...MIXED_STUDY, seed: 8100 + workerInfo.workerIndex, mass: { breast: 'right', margin: 'spiculated', sizeMm: 16, contrast: 2 } });
    result = scored.result;
    uid = scored.task.dcm_study_instance_uid!;
    taskId = scored.task.id;
  });

  test('the overlays are toggled over the views by button and key, and the regions are listed', async ({ page }, testInfo) => {
    await signIn(page, owner);
    await openViewer(page, uid);
    const viewer = page.getByTestId('built-in-viewer');

    // The list: every region of the result under its view, with its kind and score.
    const panel = page.getByTestId('viewer-findings');
    const regions = listed(result);
    expect(regions.length).toBeGreaterThan(0);
    const buttons = panel.getByRole('button', { name: /score \d+%/ });
    await expect(buttons).toHaveCount(regions.length);
    for (const [i, r] of regions.entries()) {
      const name = `${i + 1}. ${LABEL[r.view]} · ${KIND[r.kind]}, score ${Math.round(r.score * 100)}%`;
      await expect(buttons.nth(i)).toHaveAccessibleName(name);
      await expect(panel.getByRole('region', { name: `${LABEL[r.view]} regions` }).getByRole('button', { name })).toBeVisible();
    }
    // The toolbar, the list and its buttons have no serious accessibility problems.
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="viewer-findings"]').include('.sd-viewer-bar').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // The shortcuts are on screen.
    await expect(viewer.getByRole('list', { name: 'Keyboard shortcuts' })).toContainText('suspicious regions on or off');
    await expect(viewer.getByRole('list', { name: 'Keyboard shortcuts' })).toContainText('dense tissue on or off');

    // Suspicious regions by key: the view with the most suspicious region gets coloured pixels.
    const top = [...regions].sort((a, b) => b.score - a.score)[0];
    const view = page.getByTestId(`viewport-${top.view}`);
    const plain = await seenPixels(view);
    const suspicious = viewer.getByRole('button', { name: 'Suspicious regions' });
    await expect(suspicious).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('s');
    await expect(suspicious).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await seenPixels(view)).coloured).toBeGreaterThan(plain.coloured + 50);
    await page.screenshot({ path: testInfo.outputPath('viewer-suspicious-regions.png') });
    const withRegions = await seenPixels(view);

    // Dense tissue by button, on top: more colour again; off by key, and both off: the plain image.
    const dense = viewer.getByRole('button', { name: 'Dense tissue' });
    await dense.click();
    await expect(dense).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await seenPixels(view)).coloured).toBeGreaterThan(withRegions.coloured + 50);
    await page.screenshot({ path: testInfo.outputPath('viewer-dense-tissue.png') });
    await page.keyboard.press('d');
    await expect(dense).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('s');
    await expect(suspicious).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await seenPixels(view)).sum).toBe(plain.sum);
  });

  test('a listed region, clicked or chosen with Enter, centres and zooms its view on it', async ({ page }, testInfo) => {
    await signIn(page, owner);
    await openViewer(page, uid);
    const panel = page.getByTestId('viewer-findings');
    const regions = listed(result);
    const buttons = panel.getByRole('button', { name: /score \d+%/ });
    await expect(buttons).toHaveCount(regions.length);

    // Click: its view zooms in on the region (inside the breast, so the view fills with tissue).
    const first = regions[0];
    const view = page.getByTestId(`viewport-${first.view}`);
    const before = await drawnPixels(view);
    await buttons.first().click();
    await expect(buttons.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(view).toHaveAttribute('data-active', 'true');
    await expect.poll(async () => (await drawnPixels(view)).sum).not.toBe(before.sum);
    await expect.poll(async () => (await drawnPixels(view)).lit).toBeGreaterThan(before.lit);
    // The region outlines are shown with it.
    await expect(page.getByTestId('built-in-viewer').getByRole('button', { name: 'Suspicious regions' })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: testInfo.outputPath('viewer-region-centred.png') });

    // Reset brings the whole image back; Enter on a listed region zooms again.
    await page.keyboard.press('r');
    await expect.poll(async () => (await drawnPixels(view)).sum).toBe(before.sum);
    await buttons.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await drawnPixels(view)).lit).toBeGreaterThan(before.lit);

    // In one view full screen, a region of another view brings that view up, zoomed on it.
    const other = regions.findIndex((r) => r.view !== first.view);
    expect(other, 'the study has regions in more than one view').toBeGreaterThan(0);
    const target = page.getByTestId(`viewport-${regions[other].view}`);
    await page.keyboard.press('r');
    const whole = await drawnPixels(target);
    await page.keyboard.press('f');
    await expect(target).toBeHidden();
    await buttons.nth(other).click();
    await expect(target).toBeVisible();
    await expect(view).toBeHidden();
    await expect.poll(async () => (await drawnPixels(target)).sum).not.toBe(whole.sum);
  });

  test('an administrator opening the study from the Tasks Manager gets the same findings', async ({ page }) => {
    const admin = await createUser({ is_superuser: true });
    await signIn(page, admin);
    await openViewer(page, uid);
    await expect(page.getByTestId('viewer-findings').getByRole('button', { name: /score \d+%/ })).toHaveCount(result.regions.length);
    await expect(page.getByRole('link', { name: 'Back to the Tasks Manager' })).toBeVisible();
  });

  test('a view the computer could not analyse says so, on the view and in the list', async ({ page }, testInfo) => {
    const who = await createUser({ submission_limit: 1 });
    const token = await tokenFor(who.email, who.password);
    const files = await makeStudyFiles({ seed: 84 });
    const task = await settledTask(token, (await submitFiles(token, { ...files, l_mlo: blankPixels(files.l_mlo) })).id);
    expect(task.status).toBe('completed');
    await signIn(page, who);
    await page.goto(`/dicom-viewer?studyInstanceUID=${encodeURIComponent(task.dcm_study_instance_uid!)}`);
    for (const view of VIEWS) await expect(page.getByTestId(`viewport-${view}`)).toHaveAttribute('data-state', 'ready', { timeout: VIEW_LOAD_TIMEOUT });
    await expect(page.getByTestId('findings-l_mlo')).toContainText(/^L-MLONo result for this view: .+\.$/);
    await expect(page.getByTestId('no-result-l_mlo')).toHaveText('No result for this view');
    await page.screenshot({ path: testInfo.outputPath('viewer-view-without-result.png') });
    for (const view of ['r_cc', 'l_cc', 'r_mlo'] as const) {
      await expect(page.getByTestId(`no-result-${view}`)).toHaveCount(0);
      await expect(page.getByTestId(`findings-${view}`)).not.toContainText('No result');
    }
  });

  test('the findings of a study opened once are there offline too', async ({ page, context }) => {
    await signIn(page, owner);
    await page.goto(`/dicom-viewer?studyInstanceUID=${encodeURIComponent(uid)}`);
    await waitForServiceWorker(page);
    // Opened under the service worker's control, with the suspicious regions shown once.
    await openViewer(page, uid);
    const regions = page.getByTestId('viewer-findings').getByRole('button', { name: /score \d+%/ });
    await expect(regions).toHaveCount(result.regions.length);
    await page.keyboard.press('s');
    const top = [...result.regions].sort((a, b) => b.score - a.score)[0];
    const view = page.getByTestId(`viewport-${top.view}`);
    await expect.poll(async () => (await seenPixels(view)).coloured).toBeGreaterThan(50);
    await waitForSavedQuery(page, ['tasks', 'study', uid]);
    await waitForSavedQuery(page, ['tasks', 'one', taskId, 'image', top.view, 'detection']);

    await context.setOffline(true);
    await page.reload();
    for (const v of VIEWS) await expect(page.getByTestId(`viewport-${v}`)).toHaveAttribute('data-state', 'ready', { timeout: VIEW_LOAD_TIMEOUT });
    await expect(regions).toHaveCount(result.regions.length);
    const plain = await seenPixels(view);
    await page.keyboard.press('s');
    await expect.poll(async () => (await seenPixels(view)).coloured).toBeGreaterThan(plain.coloured + 50);
    await context.setOffline(false);
  });
});
