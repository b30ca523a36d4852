/**
 * Issue 16, item 6: the viewer frame gets the spec's `token`, but it is a short-lived token for the
 * one study (never the session's access token), and the API refuses it everywhere but DICOMweb.
 */
import { makeStudyFiles } from '../fixtures/studies';
import { createUser, expect, signIn, test } from './fixtures';
import { baseUrl, tokenFor } from './fixtures/api';
import { submitFiles } from './fixtures/tasks';

const VIEWER = 'http://viewer.e2e.test/viewer';

test.describe('/dicom-viewer with an external viewer', () => {
  test.beforeEach(async ({ page }) => {
    // The test server runs without VIEWER_URL: the page is told of one, which answers with a blank page.
    await page.route('**/api/v1/utils/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), viewer_url: VIEWER } });
    });
    await page.route(`${VIEWER}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>viewer</title>' }));
  });

  test('the frame gets a study token that reads that study only, never the access token', async ({ page }) => {
    const who = await createUser({ submission_limit: 1 });
    const accessToken = await tokenFor(who.email, who.password);
    const task = await submitFiles(accessToken, await makeStudyFiles({ seed: 61 }));
    const uid = task.dcm_study_instance_uid!;

    await signIn(page, who);
    await page.goto(`/dicom-viewer?studyInstanceUID=${encodeURIComponent(uid)}`);
    const frame = page.getByTitle('Interactive image viewer');
    await expect(frame).toHaveAttribute('src', /[?&]token=/);
    const src = new URL((await frame.getAttribute('src'))!);
    expect(`${src.origin}${src.pathname}`).toBe(VIEWER);
    expect(src.searchParams.get('StudyInstanceUIDs')).toBe(uid);
    const viewerToken = src.searchParams.get('token')!;
    const sessionToken = await page.evaluate(() => Object.values(localStorage).find((v) => v.split('.').length === 3) ?? null);
    expect(viewerToken).not.toBe(accessToken);
    expect(viewerToken).not.toBe(sessionToken);

    const api = `${baseUrl()}/api/v1`;
    expect((await fetch(`${api}/dicomweb/studies/${uid}/metadata?token=${viewerToken}`)).status).toBe(200);
    expect((await fetch(`${api}/users/me`, { headers: { Authorization: `Bearer ${viewerToken}` } })).status).toBe(401);
    expect((await fetch(`${api}/tasks/`, { headers: { Authorization: `Bearer ${viewerToken}` } })).status).toBe(401);
  });

  test('a study the person may not see says so, with a way back', async ({ page }) => {
    const who = await createUser();
    await signIn(page, who);
    await page.goto('/dicom-viewer?studyInstanceUID=1.2.826.0.1.3680043.2.1125.1');
    const fallback = page.getByTestId('viewer-fallback');
    await expect(fallback.getByRole('heading', { name: 'The study cannot be opened' })).toBeVisible();
    await expect(fallback.getByRole('alert')).toHaveText('Study not found');
    await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByTitle('Interactive image viewer')).toHaveCount(0);
  });
});
