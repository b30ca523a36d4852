import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SUPERUSER, createUser, expect, signIn, test } from './fixtures';
import { MIXED_STUDY, scoredStudy } from './fixtures/tasks';

/** WCAG's contrast ratio of two CSS colours (rgb/rgba as getComputedStyle gives them). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

type Ring = { what: string; outline: string; width: number; color: string; shadow: string; background: string };

/** The focused element's ring: its outline (or box-shadow) and the page colour behind it. */
async function focusRing(page: Page): Promise<Ring> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    const after = getComputedStyle(el, '::after');
    const ring = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 ? s : after;
    let bg = 'rgb(255, 255, 255)';
    for (let n: HTMLElement | null = el.parentElement; n; n = n.parentElement) {
      const c = getComputedStyle(n).backgroundColor;
      if (c && c !== 'transparent' && !c.startsWith('rgba(0, 0, 0, 0)')) {
        bg = c;
        break;
      }
    }
    const label = el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 30) || el.tagName;
    return { what: `${el.tagName.toLowerCase()}[${el.getAttribute('role') ?? ''}] ${label}`, outline: ring.outlineStyle, width: parseFloat(ring.outlineWidth), color: ring.outlineColor, shadow: s.boxShadow, background: bg };
  });
}

/** Tabs through the page and checks every stop shows a ring of 2 px or more with 3:1 against its background. */
async function expectRingsOnTab(page: Page, stops: number) {
  const seen: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const r = await focusRing(page);
    // Past the last control the focus leaves the page.
    if (r.what.startsWith('body')) break;
    seen.push(r.what);
    expect(r.outline, `${r.what}: no outline`).not.toBe('none');
    expect(r.width, r.what).toBeGreaterThanOrEqual(2);
    expect(contrast(r.color, r.background), `${r.what}: ring ${r.color} on ${r.background}`).toBeGreaterThanOrEqual(3);
  }
  expect(seen.length).toBeGreaterThanOrEqual(5);
  return seen;
}

async function expectNoContrastProblem(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => `${what}: ${n.target.join(' ')} ${n.failureSummary}`))).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`focus, contrast and type size (${scheme})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
    });

    test('every control on the login page shows a focus ring from the keyboard', async ({ page }, info) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
      const seen = await expectRingsOnTab(page, 7);
      expect(seen.some((s) => s.startsWith('button'))).toBe(true);
      expect(seen.some((s) => s.startsWith('a'))).toBe(true);
      await page.screenshot({ path: info.outputPath(`login-focus-${scheme}.png`) });
    });

    test('buttons, menu, tabs and links behind login show the ring; the home page text is 16 px or more', async ({ page }, info) => {
      await signIn(page, SUPERUSER);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();
      await expectRingsOnTab(page, 10);
      await page.screenshot({ path: info.outputPath(`home-focus-${scheme}.png`) });

      const sizes = await page.evaluate(() => ({
        body: parseFloat(getComputedStyle(document.body).fontSize),
        paragraphs: [...document.querySelectorAll('main p, main li')].map((p) => [p.textContent?.slice(0, 40), parseFloat(getComputedStyle(p).fontSize)] as const),
      }));
      expect(sizes.body).toBeGreaterThanOrEqual(16);
      expect(sizes.paragraphs.length).toBeGreaterThan(3);
      expect(sizes.paragraphs.filter(([, px]) => px < 16)).toEqual([]);

      await page.goto('/settings');
      await page.getByRole('tab', { name: 'My profile' }).focus();
      await page.keyboard.press('ArrowRight');
      const tab = await focusRing(page);
      expect(tab.what).toContain('Password');
      expect(tab.outline).not.toBe('none');
      expect(contrast(tab.color, tab.background)).toBeGreaterThanOrEqual(3);
      await page.screenshot({ path: info.outputPath(`settings-tab-focus-${scheme}.png`) });
    });

    test('the error toast and the dimmed text read at 4.5:1 or more', async ({ page, member }, info) => {
      await signIn(page, member);
      await page.goto('/settings');
      await expectNoContrastProblem(page, '/settings');
      await page.getByRole('tab', { name: 'Password' }).click();
      await page.getByLabel('Current Password').fill('wrong-password');
      await page.getByLabel('Set Password').fill('another-password');
      await page.getByLabel('Confirm Password').fill('another-password');
      await page.getByRole('button', { name: 'Save' }).click();
      const toast = page.locator('.mantine-Notification-root');
      await expect(toast).toBeVisible();
      // The pointer on the toast holds it open (it closes itself after a few seconds), so a slow
      // contrast check below still finds it.
      await toast.hover();
      await expect(toast).toHaveCSS('opacity', '1');
      const colours = await toast.evaluate((el) => {
        const bg = getComputedStyle(el).backgroundColor;
        return [...el.querySelectorAll('.mantine-Notification-title, .mantine-Notification-description')].map((t) => [getComputedStyle(t).color, bg] as const);
      });
      await page.screenshot({ path: info.outputPath(`toast-${scheme}.png`) });
      await expectNoContrastProblem(page, 'error toast');
      expect(colours.length).toBe(2);
      for (const [fg, bg] of colours) expect(contrast(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);

      await page.goto('/');
      const dimmed = page.locator('main .mantine-Text-root[data-c="dimmed"], main [style*="--mantine-color-dimmed"]').first();
      if ((await dimmed.count()) > 0) {
        const [fg, bg] = await dimmed.evaluate((el) => {
          let b = 'rgb(255, 255, 255)';
          for (let n: HTMLElement | null = el as HTMLElement; n; n = n.parentElement) {
            const c = getComputedStyle(n).backgroundColor;
            if (c && !c.startsWith('rgba(0, 0, 0, 0)')) {
              b = c;
              break;
            }
          }
          return [getComputedStyle(el).color, b];
        });
        expect(contrast(fg, bg), `dimmed ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
      await expectNoContrastProblem(page, '/');
    });
  });
}

test('the Images tab\'s sliders show the ring from the keyboard, light and dark', async ({ page }, info) => {
  test.setTimeout(240_000);
  const owner = await createUser({ submission_limit: 1 });
  await scoredStudy(owner, { ...MIXED_STUDY, seed: 9100 });
  await signIn(page, owner);
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
    await page.goto('/results');
    await page.getByRole('tab', { name: 'Images' }).click();
    await page.getByRole('tab', { name: 'Images' }).focus();
    let ring: Ring | null = null;
    for (let i = 0; i < 20 && !ring; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.getAttribute('role'))) === 'slider') ring = await focusRing(page);
    }
    expect(ring, 'a slider is reached by Tab').not.toBeNull();
    expect(ring!.outline).not.toBe('none');
    expect(ring!.width).toBeGreaterThanOrEqual(2);
    expect(contrast(ring!.color, ring!.background), `${ring!.color} on ${ring!.background}`).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: info.outputPath(`slider-focus-${scheme}.png`) });
  }
});
