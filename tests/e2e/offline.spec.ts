import type { Page } from '@playwright/test';
import { TasksPublic } from '../../core/contract';
import { makeStudyFiles } from '../fixtures/studies';
import { baseUrl, tokenFor, type TestUser } from './fixtures/api';
import { createUser, expect, readUser, signIn, test } from './fixtures';
import { SubmitPage, writeTempFiles } from './fixtures/submit-page';
import { TopBar } from './fixtures/pages';
import { scoredStudy } from './fixtures/tasks';
import { waitForSavedQuery, waitForServiceWorker } from './fixtures/offline';

/**
 * Working with no network: the app shell from the service worker, the last answers from the query
 * cache in IndexedDB, and submissions that wait in the outbox and are created exactly once.
 */

async function tasksOf(token: string) {
  const res = await fetch(`${baseUrl()}/api/v1/tasks/`, { headers: { Authorization: `Bearer ${token}` } });
  return TasksPublic.parse(await res.json());
}

/** The Background Sync tags the service worker has pending. */
function syncTags(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
    return (await registration.sync?.getTags()) ?? [];
  });
}

/** The states of a person's submissions kept in this browser's outbox (IndexedDB). */
function outboxItemsOf(page: Page, userId: string): Promise<string[]> {
  return page.evaluate(
    (id) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('smart-density');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('outbox').objectStore('outbox').index('byUser').getAll(id);
          read.onsuccess = () => {
            open.result.close();
            resolve((read.result as Array<{ state: string }>).map((i) => i.state));
          };
          read.onerror = () => reject(read.error);
        };
      }),
    userId,
  );
}

async function readyToSubmit(page: Page, seed: number) {
  const wizard = new SubmitPage(page);
  const f = await makeStudyFiles({ seed });
  await wizard.goto();
  await wizard.toUpload();
  await wizard.pick(writeTempFiles({ 'b.dcm': f.l_cc, 'a.dcm': f.r_mlo, 'd.dcm': f.r_cc, 'c.dcm': f.l_mlo }));
  await expect(wizard.slot('l_mlo')).toHaveAttribute('data-file', 'c.dcm');
  await wizard.toSubmitStep();
  await wizard.terms().check();
  return wizard;
}

/** Signed in, four files picked, the network gone: Submit leaves the submission waiting in the outbox. */
async function submitWhileOffline(page: Page, who: TestUser, seed: number) {
  await signIn(page, who);
  const wizard = await readyToSubmit(page, seed);
  await waitForServiceWorker(page);
  await page.context().setOffline(true);
  await wizard.submit().click();
  await expect(page.getByTestId('outbox-waiting')).toContainText('Waiting for a connection');
}

test.describe('offline', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a returning user opens the app and the last results with no network, marked as saved copies', async ({ page, context }) => {
    const owner = await createUser({ submission_limit: 1, full_name: 'Offline Reader' });
    await scoredStudy(owner, { seed: 11 });
    await signIn(page, owner);
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('tab', { name: /^Smart Density/ })).toBeVisible();
    await waitForServiceWorker(page);
    await waitForSavedQuery(page, ['last_task']);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('tab', { name: /^Smart Density/ })).toBeVisible();
    await expect(page.getByTestId('offline-notice')).toContainText('saved copies');
    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  });

  test('a submission made offline waits, survives a reload, and is created once when the network returns', async ({ page, context, member }) => {
    await submitWhileOffline(page, member, 12);

    await page.reload();
    await expect(page.getByTestId('outbox-waiting')).toContainText('Waiting for a connection', { timeout: 30_000 });

    await context.setOffline(false);
    await expect(page.getByText('Mammogram submitted successfully.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('outbox-waiting')).toHaveCount(0);
    const token = await tokenFor(member.email, member.password);
    expect((await tasksOf(token)).count).toBe(1);
    expect((await readUser(member.user.id))?.submission_count).toBe(1);
  });

  test('a submission still waiting when the tab is closed is sent by the service worker when the network returns', async ({ page, context, member }) => {
    await submitWhileOffline(page, member, 14);
    await expect.poll(() => syncTags(page)).toContain('smart-density-outbox');
    await page.close();
    const token = await tokenFor(member.email, member.password);
    expect((await tasksOf(token)).count).toBe(0);

    // No tab of the app is open: Chromium wakes the service worker when the connection returns.
    await context.setOffline(false);
    await expect.poll(async () => (await tasksOf(token)).count, { timeout: 30_000 }).toBe(1);
    expect((await readUser(member.user.id))?.submission_count).toBe(1);

    // Reopened, the app shows the submission as sent, not as waiting, and nothing is sent twice.
    const reopened = await context.newPage();
    await reopened.goto('/submit');
    await expect(reopened.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(reopened.getByTestId('outbox-waiting')).toHaveCount(0);
    expect((await tasksOf(token)).count).toBe(1);
  });

  test('after logging out, a waiting submission is not sent for the person until they sign in again', async ({ page, context, member, topBar }) => {
    await submitWhileOffline(page, member, 15);
    await topBar.logOut();
    await expect(page).toHaveURL(/\/login$/);

    // The connection returns: the service worker's sync runs and finishes, but has no session to send with.
    await context.setOffline(false);
    await expect.poll(() => syncTags(page), { timeout: 30_000 }).not.toContain('smart-density-outbox');
    const token = await tokenFor(member.email, member.password);
    expect((await tasksOf(token)).count).toBe(0);

    // Signed in again, the page sends it, once.
    await signIn(page, member);
    await page.goto('/submit');
    await expect(page.getByText('Mammogram submitted successfully.')).toBeVisible({ timeout: 30_000 });
    expect((await tasksOf(token)).count).toBe(1);
  });

  // Found by an audit: a tab retried her waiting study with the token another tab had just signed
  // someone else in with, and the study went into that person's account.
  test('a waiting submission is never sent with another person\'s session; a logout in one tab reaches the others', async ({ page, context, member, topBar }) => {
    const other = await createUser({ submission_limit: 1 });
    await submitWhileOffline(page, member, 18);

    // In a second tab she logs out: the first tab follows to the login page.
    const second = await context.newPage();
    await second.goto('/');
    await new TopBar(second).logOut();
    await expect(page).toHaveURL(/\/login$/);

    // Someone else signs in there, and the network returns: neither tab, nor the service worker,
    // sends her study with the other person's session.
    await signIn(second, other);
    await second.goto('/');
    await context.setOffline(false);
    await expect.poll(() => syncTags(page), { timeout: 30_000 }).not.toContain('smart-density-outbox');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(second.getByRole('button', { name: 'User menu' })).toBeVisible({ timeout: 30_000 });
    expect((await tasksOf(await tokenFor(other.email, other.password))).count).toBe(0);
    const token = await tokenFor(member.email, member.password);
    expect((await tasksOf(token)).count).toBe(0);
    await second.close();

    // Her own session sends it, once; logging out then leaves none of its files on this device.
    await signIn(page, member);
    await page.goto('/submit');
    await expect(page.getByText('Mammogram submitted successfully.')).toBeVisible({ timeout: 30_000 });
    expect((await tasksOf(token)).count).toBe(1);
    await topBar.logOut();
    await expect.poll(() => outboxItemsOf(page, member.user.id)).toEqual([]);
  });

  test('a submission cut off after the server took it is sent again and still counted once', async ({ page, member }) => {
    await signIn(page, member);
    const wizard = await readyToSubmit(page, 13);
    // The first answer is lost on the way back: the server has created the task, the page never hears.
    let cut = 0;
    await page.route('**/api/v1/tasks/', async (route) => {
      if (route.request().method() !== 'POST' || cut > 0) return route.fallback();
      cut++;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await wizard.submit().click();
    await expect(page.getByText('Mammogram submitted successfully.')).toBeVisible({ timeout: 60_000 });
    expect(cut).toBe(1);
    const token = await tokenFor(member.email, member.password);
    expect((await tasksOf(token)).count).toBe(1);
    expect((await readUser(member.user.id))?.submission_count).toBe(1);
  });
});
