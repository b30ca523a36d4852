import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createUser, expect, readUser, signIn, test } from './fixtures';
import { COLOR_SCHEME_KEY, expectAccessible } from './fixtures/a11y';
import { scoredStudy } from './fixtures/tasks';

/** The Swedish catalog the app is built with (src/i18n/sv/*.json, merged as src/i18n does). */
const SV_DIR = path.resolve(import.meta.dirname, '../../src/i18n/sv');
const SV: Record<string, string> = Object.assign({}, ...readdirSync(SV_DIR).map((f) => JSON.parse(readFileSync(path.join(SV_DIR, f), 'utf8'))));
const sv = (english: string) => SV[english] ?? english;
const title = (name: string) => `${name} · Smart Density`;

/**
 * English texts whose Swedish is different: one of them on a Swedish page was left untranslated.
 * Not the seeded demo profiles' descriptions: they are data, which /demo-admin shows as written
 * (the administrator edits that text); the demo test checks the visitor reads them in Swedish.
 */
const DATA = new Set(Object.keys(JSON.parse(readFileSync(path.join(SV_DIR, 'demo-profiles.json'), 'utf8')) as Record<string, string>));
const ENGLISH_ONLY = new Set(Object.entries(SV).filter(([en, s]) => en !== s && !en.includes('{{') && !DATA.has(en)).map(([en]) => en));

/**
 * Every text a reader meets on the page, as she meets it: each element's own text, and the
 * labels a screen reader speaks (aria-label, placeholder, title, alt). Hidden elements too: a
 * tooltip or a closed menu speaks the same language once open.
 */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) {
        const parent = n.parentElement?.tagName;
        if (parent !== 'SCRIPT' && parent !== 'STYLE') out.push((n.textContent ?? '').trim());
      } else {
        for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
          const v = (n as Element).getAttribute(a);
          if (v) out.push(v.trim());
        }
      }
    }
    out.push(document.title.replace(/ · Smart Density$/, ''));
    return out.filter(Boolean);
  });
}

/** The page speaks Swedish (its lang, no catalog text left in English) and passes axe. */
async function expectSwedish(page: Page, where: string): Promise<void> {
  await expect(page.locator('html'), where).toHaveAttribute('lang', 'sv');
  await expect(page.getByTestId('language-switch').first(), `${where}: the language switch`).toHaveValue('sv');
  await expect(page.getByTestId('language-switch').first().locator('option:checked'), `${where}: the language switch`).toHaveText('Svenska');
  const left = (await pageTexts(page)).filter((text) => ENGLISH_ONLY.has(text));
  expect([...new Set(left)], `${where}: texts still in English`).toEqual([]);
  await expectAccessible(page, `${where} (Swedish)`);
}

async function chooseLanguage(page: Page, name: 'English' | 'Svenska'): Promise<void> {
  await page.getByTestId('language-switch').first().selectOption({ label: name });
}

test.describe('English and Swedish', () => {
  test('English by default; Svenska chosen on the login page is saved to her account and follows her to another device', async ({ page, browser, baseURL }) => {
    const her = await createUser();
    expect(her.user.language).toBeNull();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveTitle(title('Log in'));

    await chooseLanguage(page, 'Svenska');
    await expect(page.getByRole('heading', { name: sv('Log in') })).toBeVisible();
    expect(sv('Log in')).not.toBe('Log in');
    await expect(page).toHaveTitle(title(sv('Log in')));
    await expectSwedish(page, '/login');

    // The choice stays on this device across a reload, then is saved to her account at login.
    await page.reload();
    await expect(page.getByRole('heading', { name: sv('Log in') })).toBeVisible();
    await signIn(page, her);
    await page.goto('/');
    await expectSwedish(page, '/');
    await expect.poll(async () => (await readUser(her.user.id))?.language, { timeout: 15_000 }).toBe('sv');

    // Another device, never told anything: her account's language is spoken once she logs in.
    const other = await browser.newContext({ baseURL });
    try {
      const second = await other.newPage();
      await signIn(second, her);
      await second.goto('/settings');
      await expectSwedish(second, '/settings on another device');
      // A dialog's close button is named in Swedish too (Mantine's one built-in text here).
      await second.getByRole('tab', { name: sv('Danger zone') }).click();
      await second.getByRole('button', { name: sv('Delete account') }).click();
      const dialog = second.getByRole('dialog', { name: sv('Confirmation required') });
      await expect(dialog.getByRole('button', { name: sv('Close dialog') })).toBeVisible();
      expect(sv('Close dialog')).not.toBe('Close dialog');
      await expectSwedish(second, 'the confirmation dialog');
      await second.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // Back to English there: saved for her again, and the spec's texts read word for word.
      await chooseLanguage(second, 'English');
      await expect(second.locator('html')).toHaveAttribute('lang', 'en');
      await expect(second).toHaveTitle(title('User settings'));
      await expect.poll(async () => (await readUser(her.user.id))?.language, { timeout: 15_000 }).toBe('en');
    } finally {
      await other.close();
    }
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`every route in Swedish (${scheme}): the title, the language, no text of the app left in English, and axe`, async ({ page, browser, baseURL }) => {
      test.setTimeout(400_000);
      const inScheme = (p: Page) => p.addInitScript(([key, s]) => localStorage.setItem(key, s), [COLOR_SCHEME_KEY, scheme] as const);
      await inScheme(page);
      await page.goto('/login');
      await chooseLanguage(page, 'Svenska');
      const publicScreens: Array<[string, string]> = [
        ['/login', 'Log in'],
        ['/signup', 'Sign up'],
        ['/recover-password', 'Password recovery'],
        ['/reset-password', 'Reset password'],
        ['/verify-email', 'Email verification'],
        ['/no/such/page', 'Page not found'],
      ];
      for (const [route, name] of publicScreens) {
        await page.goto(route);
        await expect(page, route).toHaveTitle(title(sv(name)));
        await page.waitForLoadState('networkidle');
        await expectSwedish(page, route);
      }

      // Her screens, with a scored study: home, results (both tabs), history, settings, the viewer.
      const her = await createUser({ submission_limit: 2 });
      const { task } = await scoredStudy(her);
      await signIn(page, her);
      const herScreens: Array<[string, string]> = [
        ['/', 'Home'],
        // (/results/<id> of her newest study goes on to /results, walked here.)
        ['/results', 'Results'],
        ['/settings', 'User settings'],
        ['/submit', 'New submission'],
        ['/retrieval-guide', 'How to get your mammogram images'],
        ['/score-quality', 'How good are these scores?'],
        ['/start-demo', 'Choose a demo profile'],
        ['/privacy', 'Privacy Policy'],
        ['/terms', 'Terms of Service'],
        [`/dicom-viewer?studyInstanceUID=${encodeURIComponent(task.dcm_study_instance_uid!)}`, 'Image viewer'],
      ];
      for (const [route, name] of herScreens) {
        await page.goto(route);
        await expect(page, route).toHaveTitle(title(sv(name)), { timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await expectSwedish(page, route);
      }
      await page.goto('/results');
      await page.getByRole('tab').nth(1).click();
      await page.waitForLoadState('networkidle');
      await expectSwedish(page, '/results, the second tab');
      await page.goto('/settings');
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        await expectSwedish(page, `/settings, tab ${await tab.textContent()}`);
      }

      // The administrators' screens, on a device of their own (her session's cache stays with hers).
      const adminContext = await browser.newContext({ baseURL });
      const admin = await adminContext.newPage();
      await inScheme(admin);
      await admin.goto('/login');
      await chooseLanguage(admin, 'Svenska');
      // An administrator of its own: the Swedish chosen here is saved to the account that logs in,
      // and the other browser tests' administrator reads English.
      await signIn(admin, await createUser({ is_superuser: true }));
      const adminScreens: Array<[string, string]> = [
        ['/admin', 'Users management'],
        ['/demo-admin', 'Demo users management'],
        ['/tasks', 'Tasks Manager'],
        ['/empower/retrieve', 'Empower'],
      ];
      try {
        for (const [route, name] of adminScreens) {
          await admin.goto(route);
          await expect(admin, route).toHaveTitle(title(sv(name)), { timeout: 20_000 });
          await admin.waitForLoadState('networkidle');
          await expectSwedish(admin, route);
        }
      } finally {
        await adminContext.close();
      }
    });
  }

  test('the demo in Swedish', async ({ page }) => {
    await page.goto('/login');
    await chooseLanguage(page, 'Svenska');
    await page.goto('/start-demo');
    await expect(page).toHaveTitle(title(sv('Choose a demo profile')));
    await page.waitForLoadState('networkidle');
    await expectSwedish(page, '/start-demo');
    // The seeded profiles' descriptions (data) read in Swedish too.
    const anna = 'Anna lives in Stockholm. This was her second routine screening. She feels well and has no breast cancer in her family.';
    await expect(page.getByText(sv(anna))).toBeVisible();
    expect(sv(anna)).not.toBe(anna);
  });
});
