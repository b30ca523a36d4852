import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DemoUserPublic, DemoUsersPublic } from '../../core/contract';
import { AI_MODEL, ADMIN_PAGE_SIZE } from '../../core/decisions';
import { BUILT_IN_DEMO_PROFILES } from '../../server/services/demo-profiles';
import { SUPERUSER, expect, signIn, superuserToken, test } from './fixtures';

const api = (path: string) => `${process.env.E2E_BASE_URL}/api/v1${path}`;
const profileData = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ age: 49, description: 'A made-up person for an end-to-end test.', screening_location: 'skanes', ...over });

/** A demo profile made through the API as the superuser, with a unique name. */
async function createDemoUser(prefix: string, data = profileData()): Promise<DemoUserPublic> {
  const form = new FormData();
  form.set('name', `${prefix} ${randomUUID().slice(0, 6)}`);
  form.set('data', data);
  form.set('ai_model', AI_MODEL);
  const res = await fetch(api('/demo/user'), { method: 'POST', headers: { Authorization: `Bearer ${await superuserToken()}` }, body: form });
  expect(res.status).toBe(200);
  return DemoUserPublic.parse(await res.json());
}

/** As the superuser: visitors are not shown the profiles without images. */
const asAdmin = async (): Promise<RequestInit> => ({ headers: { Authorization: `Bearer ${await superuserToken()}` } });

async function readDemoUser(id: string): Promise<DemoUserPublic | null> {
  const res = await fetch(api(`/demo/users/${id}`), await asAdmin());
  return res.status === 404 ? null : DemoUserPublic.parse(await res.json());
}

/** Opens the admin page that lists `id` (oldest first, five a page). */
async function gotoDemoAdminRow(page: Page, id: string) {
  const all = DemoUsersPublic.parse(await (await fetch(api('/demo/users?skip=0&limit=1000'), await asAdmin())).json());
  const index = all.data.findIndex((u) => u.id === id);
  expect(index).toBeGreaterThanOrEqual(0);
  await page.goto(`/demo-admin?page=${Math.floor(index / ADMIN_PAGE_SIZE) + 1}`);
}

const storedDemoId = (page: Page) => page.evaluate(() => localStorage.getItem('demo_user_id'));

// The server seeds the built-in profiles after it starts answering and then scores their studies
// on the CPU it serves pages with; the screens are tested once that is done, so slow answers are
// not mistaken for bugs.
test.beforeAll(async () => {
  test.setTimeout(300_000);
  const builtIn = BUILT_IN_DEMO_PROFILES.map((p) => p.name);
  await expect
    .poll(
      async () => {
        // A busy server may drop a connection: that counts as "not yet".
        const res = await fetch(api('/demo/users?skip=0&limit=1000')).catch(() => null);
        if (!res?.ok) return 'server busy';
        const list = DemoUsersPublic.parse(await res.json());
        const seeded = list.data.filter((u) => builtIn.includes(u.name));
        if (seeded.length < builtIn.length) return 'seeding';
        return seeded.some((u) => u.status === 'queued' || u.status === 'running') ? 'scoring' : 'ready';
      },
      { timeout: 290_000, intervals: [1000] },
    )
    .toBe('ready');
});

test.describe('choosing a demo profile', () => {
  test.beforeEach(async ({ page, member }) => {
    await signIn(page, member);
  });

  test('shows the built-in profiles; the next steps wait for a choice and say why', async ({ page }) => {
    await page.goto('/start-demo');
    await expect(page.getByRole('heading', { name: 'Choose a demo profile' })).toBeVisible();
    for (const p of BUILT_IN_DEMO_PROFILES) {
      const card = page.getByRole('radio', { name: p.name });
      await expect(card).toBeVisible();
      await expect(card).toContainText(`${p.profile.age} years old`);
      await expect(card).toContainText(p.profile.description);
    }
    await expect(page.getByRole('radio', { name: 'Anna Lindqvist' })).toContainText('Karolinska University Hospital, Stockholm');

    const skip = page.getByRole('button', { name: 'Skip to results' });
    const simulate = page.getByRole('button', { name: 'Simulate submission' });
    await expect(skip).toHaveAttribute('aria-disabled', 'true');
    await expect(simulate).toHaveAttribute('aria-disabled', 'true');
    await skip.hover();
    await expect(page.getByRole('tooltip', { name: 'Please select a demo profile to continue' })).toBeVisible();
    // Pressed anyway, they stay on the page.
    await skip.click({ force: true });
    await simulate.click({ force: true });
    await expect(page).toHaveURL(/\/start-demo$/);
    await expect(skip).toHaveAttribute('aria-disabled', 'true');
  });

  test('selecting a profile keeps it and opens its results', async ({ page }) => {
    await page.goto('/start-demo');
    const maria = page.getByRole('radio', { name: 'Maria Johansson' });
    await maria.click();
    await expect(maria).toBeChecked();
    await expect(page.getByText('Selected: Maria Johansson')).toBeVisible();
    const list = DemoUsersPublic.parse(await (await fetch(api('/demo/users'))).json());
    expect(await storedDemoId(page)).toBe(list.data.find((u) => u.name === 'Maria Johansson')!.id);

    await page.reload();
    await expect(page.getByRole('radio', { name: 'Maria Johansson' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Skip to results' })).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('button', { name: 'Skip to results' }).click();
    await page.waitForURL(/\/results$/);
  });

  test('simulate submission goes to the submission wizard in demo mode', async ({ page }) => {
    await page.goto('/start-demo');
    await page.getByRole('radio', { name: 'Eva Bergström' }).click();
    await page.getByRole('button', { name: 'Simulate submission' }).click();
    await page.waitForURL(/\/submit$/);
  });

  test('a stored profile that no longer exists is cleared', async ({ page }) => {
    await page.evaluate((id) => localStorage.setItem('demo_user_id', id), randomUUID());
    await page.goto('/start-demo');
    await expect(page.getByRole('radio', { name: 'Anna Lindqvist' })).toBeVisible();
    await expect.poll(() => storedDemoId(page)).toBeNull();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(page.getByText('No profile selected')).toBeVisible();
  });

  test('exit demo clears the choice and goes home', async ({ page }) => {
    await page.goto('/start-demo');
    await page.getByRole('radio', { name: 'Anna Lindqvist' }).click();
    await expect.poll(() => storedDemoId(page)).not.toBeNull();
    await page.getByRole('button', { name: 'Exit demo' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedDemoId(page)).toBeNull();
  });
});

test.describe('a visitor without an account', () => {
  test('is not shown the profiles without images (the administrators are)', async ({ page }) => {
    const bare = await createDemoUser('Bare');
    const visitorList = DemoUsersPublic.parse(await (await fetch(api('/demo/users?skip=0&limit=1000'))).json());
    expect(visitorList.data.map((u) => u.id)).not.toContain(bare.id);
    expect(await readDemoUser(bare.id)).not.toBeNull();
    await page.goto('/start-demo');
    await expect(page.getByRole('radio', { name: 'Anna Lindqvist' })).toBeVisible();
    await expect(page.getByRole('radio', { name: bare.name })).toHaveCount(0);
  });

  test('tries the demo from the login page: a profile, a simulated submission and its results', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'try the demo' }).click();
    await page.waitForURL(/\/start-demo$/);
    await expect(page.getByRole('heading', { name: 'Choose a demo profile' })).toBeVisible();
    // No user menu for a visitor: a way to log in instead.
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

    await page.getByRole('radio', { name: 'Anna Lindqvist' }).click();
    await page.getByRole('button', { name: 'Simulate submission' }).click();
    await page.waitForURL(/\/submit$/);
    await expect(page.getByText('Demo: Anna Lindqvist')).toBeVisible();
    await page.getByRole('button', { name: 'I have my images' }).click();
    await expect(page.getByText(/In the demo, the four images of Anna Lindqvist are used/)).toBeVisible();

    await page.goto('/start-demo');
    await page.getByRole('button', { name: 'Skip to results' }).click();
    await page.waitForURL(/\/results$/);
    await expect(page.getByRole('heading', { name: 'Results for Anna Lindqvist' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('tab', { name: 'Smart Density' })).toBeVisible({ timeout: 30_000 });
    // A reload keeps the visitor in the demo, not at the login page.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Results for Anna Lindqvist' })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/results$/);
    // The demo results link to "How good are these scores?", which a visitor may read.
    await page.getByRole('link', { name: 'How good are these scores?' }).click();
    await expect(page).toHaveURL(/\/score-quality$/);
    await expect(page.getByRole('heading', { level: 1, name: 'How good are these scores?' })).toBeVisible();
  });

  test('opening the demo while the server still makes its profiles: they appear by themselves', async ({ page }) => {
    // A first start: the server answers before the built-in profiles exist.
    await page.route('**/api/v1/demo/users?*', (route) => route.fulfill({ json: { data: [], count: 0 } }));
    await page.goto('/start-demo');
    const empty = page.getByText('No demo profiles yet.');
    await expect(empty).toBeVisible();
    // The profiles are made: the page shows them without a reload or a click.
    await page.unroute('**/api/v1/demo/users?*');
    await expect(page.getByRole('radio', { name: 'Anna Lindqvist' })).toBeVisible({ timeout: 30_000 });
    await expect(empty).toHaveCount(0);
  });

  test('an empty demo list says the profiles may still be in preparation and offers Check again', async ({ page }) => {
    await page.route('**/api/v1/demo/users?*', (route) => route.fulfill({ json: { data: [], count: 0 } }));
    await page.goto('/start-demo');
    const empty = page.getByTestId('demo-profiles-empty');
    await expect(empty).toContainText('No demo profiles yet.');
    await expect(empty).toContainText('they appear here by themselves');
    await page.unroute('**/api/v1/demo/users?*');
    await empty.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByRole('radio', { name: 'Anna Lindqvist' })).toBeVisible();
  });

  test('a demo list that could not be loaded says so and loads on Try again', async ({ page }) => {
    await page.route('**/api/v1/demo/users?*', (route) => route.fulfill({ status: 500, json: { detail: 'Internal Server Error' } }));
    await page.goto('/start-demo');
    await expect(page.getByText('Something went wrong.')).toBeVisible({ timeout: 30_000 });
    await page.unroute('**/api/v1/demo/users?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('radio', { name: 'Anna Lindqvist' })).toBeVisible();
  });

  test('the three scores under "What goes into it" line up as one row of equal cards, each opening its tab', async ({ page }) => {
    await page.goto('/start-demo');
    await page.getByRole('radio', { name: 'Anna Lindqvist' }).click();
    await page.getByRole('button', { name: 'Skip to results' }).click();
    const cards = page.getByRole('button', { name: /\. Open the .+ tab$/ });
    await expect(cards).toHaveCount(3, { timeout: 30_000 });
    // The card she sees (its border) inside each button.
    const boxes = await Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).locator(':scope > *').boundingBox())!));
    // Her Cancer Signs and Inherent Risk rankings take two lines, Masking's one: the cards still start and end at one height.
    for (const box of boxes.slice(1)) {
      expect(Math.abs(box.y - boxes[0].y)).toBeLessThan(1);
      expect(Math.abs(box.height - boxes[0].height)).toBeLessThan(1);
    }
    await cards.filter({ hasText: 'Masking' }).click();
    await expect(page.getByRole('tab', { name: /^Masking/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('is asked to log in everywhere outside the demo', async ({ page }) => {
    for (const path of ['/', '/settings', '/results', '/submit', '/admin']) {
      await page.goto(path);
      await page.waitForURL(/\/login$/);
    }
    await page.goto('/start-demo');
    await page.getByRole('radio', { name: 'Eva Bergström' }).click();
    await expect.poll(() => storedDemoId(page)).not.toBeNull();
    await page.getByRole('button', { name: 'Exit demo' }).click();
    await page.waitForURL(/\/login$/);
    expect(await storedDemoId(page)).toBeNull();
  });
});

test.describe('demo users management', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, SUPERUSER);
  });

  test('add a demo user: the form checks name and data, then the new row', async ({ page }) => {
    await page.goto('/demo-admin');
    await expect(page.getByRole('heading', { name: 'Demo users management' })).toBeVisible();
    await page.getByRole('button', { name: 'Add demo user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add demo user' });
    const data = dialog.getByRole('textbox', { name: 'Data' });
    await data.fill('{"age": 12, "description": "x", "screening_location": "nowhere"}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText(/Age must be a whole number from 18 to 110/)).toBeVisible();
    await expect(dialog.getByText(/Screening location must be one of karolinska, skanes, akademiska/)).toBeVisible();
    await data.fill('not json');
    await data.blur();
    await expect(dialog.getByText(/Data must be JSON text/)).toBeVisible();

    const name = `Added ${randomUUID().slice(0, 6)}`;
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await data.fill(profileData({ age: 61, screening_location: 'akademiska' }));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Demo user created successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const all = DemoUsersPublic.parse(await (await fetch(api('/demo/users?skip=0&limit=1000'), await asAdmin())).json());
    const created = all.data.find((u) => u.name === name)!;
    expect(JSON.parse(created.data)).toMatchObject({ age: 61, screening_location: 'akademiska' });
    await gotoDemoAdminRow(page, created.id);
    const row = page.getByTestId(`demo-user-row-${name}`);
    await expect(row).toContainText('61 years');
    await expect(row).toContainText('No images');
  });

  test('edit a demo user: only the data changes', async ({ page }) => {
    const who = await createDemoUser('Editable');
    await gotoDemoAdminRow(page, who.id);
    await page.getByRole('button', { name: `Edit ${who.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit demo user' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue(who.name);
    await expect(name).toHaveAttribute('readonly', '');
    const data = dialog.getByRole('textbox', { name: 'Data' });
    await data.fill('');
    await data.blur();
    await expect(dialog.getByText('Data is required')).toBeVisible();
    await data.fill(profileData({ age: 72, description: 'Changed in the admin screen.' }));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Demo user updated successfully.')).toBeVisible();
    await expect(page.getByTestId(`demo-user-row-${who.name}`)).toContainText('72 years');
    const saved = await readDemoUser(who.id);
    expect(saved?.name).toBe(who.name);
    expect(JSON.parse(saved!.data)).toMatchObject({ age: 72, description: 'Changed in the admin screen.' });
  });

  test('delete a demo user', async ({ page }) => {
    const who = await createDemoUser('Deletable');
    await gotoDemoAdminRow(page, who.id);
    await page.getByRole('button', { name: `Delete ${who.name}` }).click();
    await page.getByRole('dialog', { name: 'Delete demo user' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The demo user was deleted successfully.')).toBeVisible();
    await expect(page.getByTestId(`demo-user-row-${who.name}`)).toHaveCount(0);
    expect(await readDemoUser(who.id)).toBeNull();
  });

  test('five demo users a page, the page in the address, next page prefetched', async ({ page }) => {
    for (let i = 0; i < 3; i++) await createDemoUser('Paged');
    const nextPage = page.waitForRequest((r) => r.url().includes('/api/v1/demo/users?') && r.url().includes('skip=5'));
    await page.goto('/demo-admin?page=1');
    await expect(page.getByTestId(/^demo-user-row-/)).toHaveCount(ADMIN_PAGE_SIZE);
    await nextPage;
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByTestId(/^demo-user-row-/).first()).toBeVisible();
  });
});

/** No serious or critical axe violations on the page as it is now. */
async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`demo screens are accessible (${scheme})`, async ({ page }) => {
    await page.addInitScript((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
    await signIn(page, SUPERUSER);
    await page.goto('/start-demo');
    await page.getByRole('radio', { name: 'Anna Lindqvist' }).click();
    await expect(page.getByRole('radio', { name: 'Anna Lindqvist' })).toBeChecked();
    await expectAccessible(page, '/start-demo');

    await page.goto('/demo-admin');
    await expect(page.getByTestId(/^demo-user-row-/).first()).toBeVisible();
    await expectAccessible(page, '/demo-admin');
    await page.getByRole('button', { name: 'Add demo user' }).click();
    await expect(page.getByRole('dialog', { name: 'Add demo user' })).toBeVisible();
    await expectAccessible(page, 'Add demo user');
  });
}
