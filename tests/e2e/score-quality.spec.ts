import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { ScoreQualityReport, type QualityFigure } from '../../core/contract/score-quality';
import { expect, test } from './fixtures';
import { waitForServiceWorker } from './fixtures/offline';

/**
 * /score-quality, "How good are these scores?": public, its figures those of the committed
 * evaluation report, and a check that the report's engine is the running one.
 */
const REPORT = ScoreQualityReport.parse(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../core/score-quality-report.json'), 'utf8')));

/**
 * The formatting rules written out again, as the oracle: correlations to 2 decimals, points to 1,
 * shares as "N in 100". Decimals are rounded as a reader rounds the figure the report writes
 * (0.815 -> 0.82), as Intl does; toFixed rounds the binary number under it (0.8149999... -> 0.81).
 */
type Style = 'correlation' | 'points' | 'share';
const decimals = (v: number, digits: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(v);
function shown(style: Style, candidates: QualityFigure[]): string {
  const f = candidates.find((c) => c.value !== null);
  if (!f) return 'Not yet measured';
  const v = f.value as number;
  return style === 'correlation' ? decimals(v, 2) : style === 'points' ? `${decimals(v, 1)} points` : `${Math.round(v * 100)} in 100`;
}

const { density: d, detection: t, merged: m } = REPORT;
/** Each figure card: its section and key, and the report's figures in the order the page prefers (cross-validated first). */
const FIGURES: [string, string, Style, QualityFigure[]][] = [
  ['density', 'rank', 'correlation', [d.figures.rankCv, d.figures.rank]],
  ['density', 'error', 'points', [d.figures.errorCv, d.figures.error]],
  ['density', 'reading', 'correlation', [d.figures.readingRank]],
  ['density', 'pairs', 'points', [d.figures.pairDifference]],
  ['cancer-signs', 'auc', 'share', [t.figures.aucCv, t.figures.auc]],
  ['cancer-signs', 'at1', 'share', [t.figures.sensitivityAt1Cv, t.figures.sensitivityAt1]],
  ['cancer-signs', 'at-quarter', 'share', [t.figures.sensitivityAtQuarterCv, t.figures.sensitivityAtQuarter]],
  ['cancer-signs', 'normals-high', 'share', [t.figures.normalsHighCv, t.figures.normalsHigh]],
  ['smart-density', 'normals-high', 'share', [m.figures.normalsHighCv, m.figures.normalsHigh]],
];

test.describe('/score-quality', () => {
  test('a visitor sees the committed report: every figure, the films, and that the engines match', async ({ page }) => {
    await page.goto('/score-quality');
    await expect(page.getByRole('heading', { level: 1, name: 'How good are these scores?' })).toBeVisible();
    await expect(page).toHaveURL(/\/score-quality$/);
    await expect(page.getByTestId('not-a-device')).toContainText('not a medical device');

    const check = page.getByTestId('engine-check');
    await expect(check).toHaveAttribute('data-state', 'match');
    await expect(check).toContainText('Engines match');
    await expect(page.getByTestId('report-engine')).toHaveText(REPORT.engine);

    await expect(page.getByTestId('how-tested')).toContainText(`${REPORT.set.films} real mammogram films from ${REPORT.set.women} women`);
    for (const [section, key, style, candidates] of FIGURES) {
      await expect(page.getByTestId(`figure-${section}-${key}`).getByTestId('figure-value'), `${section} ${key}`).toHaveText(shown(style, candidates));
    }
    for (const id of ['inherent-risk', 'masking']) await expect(page.getByTestId(`untested-${id}`)).toContainText('could not test');

    // Cancer Signs by kind of finding: a row per kind of the report, its two cross-validated figures.
    const byKind = page.getByTestId('cancer-signs-by-kind');
    await expect(byKind.getByRole('table', { name: 'By kind of finding (fair test)' })).toBeVisible();
    await expect(byKind.locator('tbody tr')).toHaveCount(t.byKind.length);
    for (const k of t.byKind) {
      await expect(byKind.getByTestId(`kind-${k.kind}`).getByTestId('kind-value'), k.kind).toHaveText([shown('share', [k.aucCv]), shown('share', [k.sensitivityAt1Cv])]);
    }
    // The kinds told apart no better than guessing are named among what it cannot do.
    const atChance = t.byKind.filter((k) => k.aucCv.value !== null && k.aucCv.value <= 0.55);
    expect(atChance.length, 'the committed report has kinds at chance (ARCH, ASYM on the dev films)').toBeGreaterThan(0);
    await expect(page.locator('#cancer-signs')).toContainText('it did about as well as guessing, or worse');

    // The technical details open from the keyboard and name the model and its reference population.
    const risk = page.locator('#inherent-risk');
    await risk.getByRole('button', { name: 'Technical details' }).focus();
    await page.keyboard.press('Enter');
    await expect(risk).toContainText(REPORT.risk.model.version);
    await expect(risk).toContainText(`${REPORT.risk.model.reference.n.toLocaleString('en')} reference values`);
  });

  test('says so when the running engine is another one, or cannot be asked', async ({ page }) => {
    await page.route('**/api/v1/utils/engine/', (route) => route.fulfill({ json: { name: 'smart-density-reference-engine', version: '0.0.0-other' } }));
    await page.goto('/score-quality');
    const check = page.getByTestId('engine-check');
    await expect(check).toHaveAttribute('data-state', 'differs');
    await expect(check).toContainText('smart-density-reference-engine 0.0.0-other');
    await expect(check).toContainText('may be out of date');

    await page.route('**/api/v1/utils/engine/', (route) => route.fulfill({ status: 500, json: { detail: 'Internal Server Error' } }));
    await page.reload();
    await expect(check).toHaveAttribute('data-state', 'unknown');
    await expect(check).toContainText('could not check');
  });

  test('a link with a score opens the page at that score', async ({ page }) => {
    await page.goto('/score-quality#masking');
    await expect(page.getByRole('heading', { level: 2, name: 'Masking' })).toBeInViewport();
    await page.getByRole('navigation', { name: 'Scores on this page' }).getByRole('link', { name: 'Cancer Signs' }).click();
    await expect(page).toHaveURL(/#cancer-signs$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Cancer Signs' })).toBeInViewport();
  });

  test('opens with no network from the app shell, and says the engine could not be checked', async ({ page, context }) => {
    await page.goto('/score-quality');
    await expect(page.getByTestId('engine-check')).toHaveAttribute('data-state', 'match');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'How good are these scores?' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('engine-check')).toHaveAttribute('data-state', 'offline');
    await expect(page.getByTestId('engine-check')).toContainText('because you are offline');
    await expect(page.getByTestId(`figure-${FIGURES[0][0]}-${FIGURES[0][1]}`).getByTestId('figure-value')).toHaveText(shown(FIGURES[0][2], FIGURES[0][3]));
    await context.setOffline(false);
  });

  for (const scheme of ['light', 'dark']) {
    test(`has no serious accessibility problems (${scheme})`, async ({ page }) => {
      await page.goto('/login');
      await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
      await page.goto('/score-quality');
      await expect(page.getByTestId('engine-check')).toHaveAttribute('data-state', 'match');
      await page.locator('#density').getByRole('button', { name: 'Technical details' }).click();
      await expect(page.locator('#density').getByRole('table')).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
