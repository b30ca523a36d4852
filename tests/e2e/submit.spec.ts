import { existsSync } from 'node:fs';
import path from 'node:path';
import { makeCtDicom, makeNonDicomJpeg, makeStudyFiles } from '../fixtures/studies';
import { baseUrl, tokenFor } from './fixtures/api';
import { expect, readUser, signIn, test } from './fixtures';
import { SubmitPage, writeTempFiles } from './fixtures/submit-page';

const CONTACT = 'waitlist@e2e.example.com';
const UNSUPPORTED = `Unsupported file format, contact us at ${CONTACT} for help.`;
const WG04 = path.resolve(import.meta.dirname, '../../../shared/data/mammograms/nema-wg04-dicom/MG1_J2KI.dcm');

/** Four generated views under names that do not give them away, picked in shuffled order. */
async function shuffledStudy(seed = 3) {
  const f = await makeStudyFiles({ seed });
  const [a, b, c, d] = writeTempFiles({ 'img-4.dcm': f.l_mlo, 'img-1.dcm': f.r_mlo, 'img-3.dcm': f.l_cc, 'img-2.dcm': f.r_cc });
  return { paths: [a, b, c, d], names: { l_mlo: 'img-4.dcm', r_mlo: 'img-1.dcm', l_cc: 'img-3.dcm', r_cc: 'img-2.dcm' } as const };
}

test.describe('the submission wizard', () => {
  // The machine the suite runs on is shared: give the worker, the DICOM worker and the reloads room.
  test.describe.configure({ timeout: 180_000 });

  test('four files picked in any order are put on the right views, and stay after a reload', async ({ page, member }) => {
    const wizard = new SubmitPage(page);
    await signIn(page, member);
    await wizard.goto();
    await expect(page.getByRole('heading', { name: 'Request your mammograms' })).toBeVisible({ timeout: 30_000 });
    await wizard.toUpload();
    const { paths, names } = await shuffledStudy();
    await wizard.pick(paths);
    for (const key of ['r_cc', 'r_mlo', 'l_cc', 'l_mlo'] as const) {
      await expect(wizard.slot(key)).toHaveAttribute('data-file', names[key]);
    }
    await expect(page.getByTestId('study-messages')).toHaveCount(0);

    // Staged in IndexedDB: a reload keeps the picked set and opens where the person was.
    await page.reload();
    await expect(wizard.step('submit')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('submit-files')).toContainText(names.r_cc);
    await expect(page.getByTestId('submit-files')).toContainText(names.l_mlo);
  });

  test('picking files again adds to the set: a file replaces only the view it is', async ({ page, member }) => {
    const wizard = new SubmitPage(page);
    const study = await makeStudyFiles({ seed: 7 });
    const [rcc, rmlo] = writeTempFiles({ 'right-cc.dcm': study.r_cc, 'right-mlo.dcm': study.r_mlo });
    const [lcc, lmlo] = writeTempFiles({ 'left-cc.dcm': study.l_cc, 'left-mlo.dcm': study.l_mlo });
    const [rccAgain] = writeTempFiles({ 'right-cc-again.dcm': study.r_cc });
    await signIn(page, member);
    await wizard.goto();
    await wizard.toUpload();

    await wizard.pick([rcc, rmlo]);
    await expect(wizard.slot('r_mlo')).toHaveAttribute('data-file', 'right-mlo.dcm');
    await expect(page.getByRole('button', { name: 'Add or replace files' })).toBeVisible();
    await wizard.pick([lcc, lmlo]);
    await expect(wizard.slot('l_mlo')).toHaveAttribute('data-file', 'left-mlo.dcm');
    await expect(wizard.slot('l_cc')).toHaveAttribute('data-file', 'left-cc.dcm');
    await expect(wizard.slot('r_cc')).toHaveAttribute('data-file', 'right-cc.dcm');
    await expect(wizard.slot('r_mlo')).toHaveAttribute('data-file', 'right-mlo.dcm');
    await expect(page.getByTestId('study-messages')).toHaveCount(0);

    // An R-CC picked again (the same view of the same study) takes the old one's place and leaves the other three views as they were.
    await wizard.pick([rccAgain]);
    await expect(wizard.slot('r_cc')).toHaveAttribute('data-file', 'right-cc-again.dcm');
    for (const [key, name] of [['r_mlo', 'right-mlo.dcm'], ['l_cc', 'left-cc.dcm'], ['l_mlo', 'left-mlo.dcm']] as const) {
      await expect(wizard.slot(key)).toHaveAttribute('data-file', name);
    }
    await expect(page.getByTestId('study-messages')).toHaveCount(0);

    // The staged set survives a reload as the four files she ended with.
    await page.reload();
    await expect(wizard.step('submit')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('submit-files')).toContainText('right-cc-again.dcm');
    await expect(page.getByTestId('submit-files')).not.toContainText('right-cc.dcm');
    await expect(page.getByTestId('submit-files')).toContainText('left-mlo.dcm');
  });

  test('a CT image, a PNG and two R-CC files get the spec messages; Submit asks for all four files', async ({ page, member }) => {
    const wizard = new SubmitPage(page);
    const study = await makeStudyFiles({ seed: 4 });
    const paths = writeTempFiles({
      'chest-ct.dcm': await makeCtDicom(2),
      'photo.png': await makeNonDicomJpeg(),
      'right-a.dcm': study.r_cc,
      'right-b.dcm': study.r_cc,
    });
    await signIn(page, member);
    await wizard.goto();
    await wizard.toUpload();
    await wizard.pick(paths);

    const rejected = page.getByTestId('rejected-file');
    await expect(rejected.filter({ hasText: 'chest-ct.dcm' })).toContainText(UNSUPPORTED);
    await expect(rejected.filter({ hasText: 'photo.png' })).toContainText(UNSUPPORTED);
    await expect(page.getByTestId('study-messages')).toContainText('Two files are R-CC views.');
    await expect(page.getByTestId('study-messages')).toContainText('Missing: R-MLO, L-CC, L-MLO.');
    await expect(wizard.slot('r_cc')).toHaveAttribute('data-file', 'right-a.dcm');

    await wizard.toSubmitStep();
    await expect(wizard.submit()).toBeDisabled();
    await wizard.terms().check();
    await expect(wizard.submit()).toBeEnabled();
    await wizard.submit().click();
    await expect(page.getByText('Please upload all four files.')).toBeVisible();
    await expect(wizard.step('submit')).toBeVisible();
    expect((await readUser(member.user.id))?.submission_count).toBe(0);
  });

  test('the real NEMA WG04 mammogram classifies as L-MLO', async ({ page, member }) => {
    test.skip(!existsSync(WG04), `../shared/data/mammograms/nema-wg04-dicom is absent (looked for ${WG04})`);
    const wizard = new SubmitPage(page);
    await signIn(page, member);
    await wizard.goto();
    await wizard.toUpload();
    await wizard.pick([WG04]);
    await expect(wizard.slot('l_mlo')).toHaveAttribute('data-file', 'MG1_J2KI.dcm');
    await expect(page.getByTestId('rejected-files')).toHaveCount(0);
  });

  test('Privacy Policy and Terms of Service open a modal with their real texts', async ({ page, member }) => {
    const wizard = new SubmitPage(page);
    await signIn(page, member);
    await wizard.goto();
    await wizard.toUpload();
    await wizard.pick((await shuffledStudy(5)).paths);
    await wizard.toSubmitStep();
    await page.getByRole('button', { name: 'Privacy Policy' }).click();
    const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
    await expect(privacy.getByRole('heading', { name: 'What we keep' })).toBeVisible();
    await expect(privacy).toContainText('waitlist@e2e.example.com');
    await expect(privacy).not.toContainText('placeholder');
    await expect(privacy.getByRole('link', { name: 'Open as a page' })).toHaveAttribute('href', '/privacy');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Terms of Service' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms of Service' });
    await expect(terms.getByRole('heading', { name: 'It is not a diagnosis' })).toBeVisible();
    await expect(terms).not.toContainText('placeholder');
  });

  test('submit -> upload progress with bytes sent -> processing -> step 4 shows the score', async ({ page, member }) => {
    test.setTimeout(180_000);
    const wizard = new SubmitPage(page);
    await signIn(page, member);
    await wizard.goto();
    await wizard.toUpload();
    await wizard.pick((await shuffledStudy(6)).paths);
    await wizard.toSubmitStep();
    await wizard.terms().check();
    // A slow uplink (100 KB/s) so the upload can be watched: a progress bar with the bytes sent.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 100 * 1024 });
    // How the page learns of the task: its first read, then the pushed events while it is processed.
    const firstRead = page.waitForResponse((r) => /\/api\/v1\/tasks\/last$/.test(r.url()) && r.request().method() === 'GET', { timeout: 60_000 });
    const streams: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/tasks\/[0-9a-f-]+\/events$/.test(r.url())) streams.push(r.headers()['authorization'] ?? '');
    });
    await wizard.submit().click();
    await expect(wizard.step('view')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(page.getByTestId('upload-bytes')).toHaveText(/^\d+ KB of \d+ KB sent$/);
    await expect(page.getByText('Mammogram submitted successfully.')).toBeVisible({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(page.getByTestId('submit-result')).toBeVisible({ timeout: 150_000 });
    if ((await (await firstRead).json()).status !== 'completed') {
      // Still processing at the first read: the page followed the task's event stream, with the
      // token in a header (never in the URL).
      expect(streams.length, 'the page opened the task event stream').toBeGreaterThan(0);
      expect(streams[0]).toMatch(/^Bearer /);
    }
    await expect(page.getByTestId('score-bar-percent')).toHaveText(/^\d+%$/);
    await expect(page.getByTestId('score-bar-text')).toHaveText(/population|most risky/);
    await page.getByRole('link', { name: 'Go to detailed results' }).click();
    await expect(page).toHaveURL(/\/results$/);
    expect((await readUser(member.user.id))?.submission_count).toBe(1);
  });
});

test('the retrieval guide lists six screening providers and leads back to the submission', async ({ page, member }) => {
  await signIn(page, member);
  await page.goto('/retrieval-guide');
  await expect(page.getByRole('heading', { name: 'How to get your mammogram images' })).toBeVisible();
  const providers = page.locator('[data-testid^="provider-"]');
  await expect(providers).toHaveCount(6);
  await page.getByRole('button', { name: /Karolinska University Hospital/ }).click();
  const karolinska = page.getByTestId('provider-karolinska');
  await expect(karolinska.getByText('How to ask')).toBeVisible();
  await expect(karolinska.getByText('150 SEK', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to submission' }).click();
  await expect(page).toHaveURL(/\/submit$/);
});

test('demo mode: Simulate submission runs for 15 s, then shows the profile score', async ({ page, member }) => {
  test.setTimeout(240_000);
  const token = await tokenFor(member.email, member.password);
  const get = async (p: string) => (await fetch(`${baseUrl()}/api/v1${p}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  // The test server seeds the three built-in profiles after its first start (SEED_DEMO defaults
  // on); a profile is listed to a member once its images are in, which takes a few seconds.
  let profiles: { data: { id: string; name: string }[] } = { data: [] };
  await expect
    .poll(async () => (profiles = (await get('/demo/users')) as typeof profiles).data.length, { message: 'the server seeded its demo profiles', timeout: 120_000 })
    .toBeGreaterThan(0);
  const profile = profiles.data[0];
  // The seeded profiles are scored by the worker after start: wait until this one has its scores.
  await expect.poll(async () => !!((await get(`/demo/tasks/${profile.id}`)) as { result?: unknown }).result, { timeout: 180_000 }).toBe(true);

  await signIn(page, member);
  // Stored before each page's scripts run: the login page, seeing the new token, may go on to
  // home (which leaves demo mode) while a value written from the test would already be there.
  await page.addInitScript((id) => localStorage.setItem('demo_user_id', id), profile.id);
  const wizard = new SubmitPage(page);
  await wizard.goto();
  await expect(page.getByText(`Demo: ${profile.name}`)).toBeVisible({ timeout: 30_000 });
  await wizard.toUpload();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.step('submit')).toBeVisible();
  await wizard.terms().check();
  await wizard.submit().click();
  await expect(page.getByTestId('submit-processing')).toBeVisible();
  await expect(page.getByTestId('submit-result')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('score-bar-percent')).toHaveText(/^\d+%$/);
  expect((await readUser(member.user.id))?.submission_count).toBe(0);
});
