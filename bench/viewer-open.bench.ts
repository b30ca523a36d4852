/**
 * Issue 20, "Measure": from opening /dicom-viewer to the four views drawn, for a full-field
 * (3328x4096, 16-bit) four-view JPEG 2000 study, in Debian's Chromium against the real server (its
 * own process, embedded PGlite, the app built into a temporary folder). The study is submitted
 * through the API by the superuser and analysed before the viewer opens it. A view is drawn when
 * the viewer marks it so (`sd-viewer-drawn:<view>`, the first IMAGE_RENDERED of its image as hung,
 * also data-drawn on its cell); the time is from the navigation's start (the page's time origin).
 * Two moments per view: its display image on screen (the server's /rendered image, about 1024 px
 * high, which stands in while the full frame comes: `sd-viewer-preview:<view>`), and its full
 * frame drawn by Cornerstone, ready for window/level and zoom (`sd-viewer-drawn:<view>`).
 * Cold: the first open in a new browser context (empty HTTP cache, no service worker yet). Warm:
 * reopened in a new page of the same context (the service worker's copies of the viewer's code and
 * of the study), median of 5. Goal: under 1.5 s warm. Beside each open: each view's time, and when
 * the study's metadata and the last of its frames had arrived (resource timing), which tells the
 * fetching from the decoding (the frames come as stored and are decoded in the viewer's worker).
 * Prints figures; asserts nothing.
 *
 *   npm run bench -- viewer-open
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { VIEW_KEYS, type ViewKey } from '../core/contract';
import { AI_MODEL } from '../core/decisions';
import { generateStudy } from '../server/phantom/generate';
import { writeStudy } from '../server/phantom/write';
import { drawnPixels } from '../tests/e2e/fixtures/viewer';
import { loginToken, startServerProcess } from './lib/spawn-server';
import { median } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const WARM_RUNS = 5;
const GOAL_MS = 1500;
/** The viewer's hanging, for the per-view figures. */
const HANGING: readonly ViewKey[] = ['r_cc', 'l_cc', 'r_mlo', 'l_mlo'];

const staticDir = mkdtempSync(path.join(tmpdir(), 'sd-viewer-open-dist-'));
let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;

interface Open {
  /** All four views on screen, as display images or already in full. */
  shown: number;
  /** All four full frames drawn. */
  total: number;
  views: Record<ViewKey, number>;
  /** When the study's metadata and the last of its four frames had arrived (resource timing), from navigation start. */
  metadata: number;
  frames: number;
}

/** Opens the viewer on the study in a new page of the context; the time of each view drawn from navigation start. */
async function open(page: Page, uid: string): Promise<Open> {
  await page.goto(`/dicom-viewer?studyInstanceUID=${encodeURIComponent(uid)}`, { waitUntil: 'commit' });
  const outcome = await page.waitForFunction(
    (views) => {
      if (document.querySelector('[data-testid^="viewport-"][data-state="error"]')) return 'a view could not be read';
      const error = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'The study cannot be opened');
      if (error) return 'the study could not be opened';
      // (No named functions in here: tsx would wrap them in a helper the page does not have.)
      const marks = views.map((v) => performance.getEntriesByName(`sd-viewer-drawn:${v}`, 'mark')[0]?.startTime);
      if (!marks.every((t) => t !== undefined)) return null;
      // A view drawn in full before its display image arrived was on screen from then.
      return [...marks, ...views.map((v, i) => Math.min(performance.getEntriesByName(`sd-viewer-preview:${v}`, 'mark')[0]?.startTime ?? Infinity, marks[i]!))];
    },
    HANGING,
    { timeout: 180_000, polling: 20 },
  );
  const value = (await outcome.jsonValue()) as string | number[];
  if (typeof value === 'string') throw new Error(`the viewer did not draw the study: ${value}`);
  // The signal means pixels on screen, as the tests decide it (tests/e2e/fixtures/viewer.ts).
  for (const view of HANGING) {
    const { lit } = await drawnPixels(page.getByTestId(`viewport-${view}`));
    if (lit <= 500) throw new Error(`${view} was marked drawn with ${lit} lit pixels`);
  }
  const views = Object.fromEntries(HANGING.map((v, i) => [v, value[i]])) as Record<ViewKey, number>;
  const shown = Math.max(...value.slice(HANGING.length));
  const entries = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => [e.name, e.responseEnd] as const));
  const arrived = (re: RegExp) => Math.max(-Infinity, ...entries.filter(([name]) => re.test(name)).map(([, end]) => end));
  return { shown, total: Math.max(...value.slice(0, HANGING.length)), views, metadata: arrived(/\/dicomweb\/studies\/[^/]+\/metadata$/), frames: arrived(/\/frames\/1$/) };
}

const ms = (t: number) => (Number.isFinite(t) ? `${t.toFixed(0)} ms` : 'unseen');
const perView = (o: Open) => `full frames per view ${HANGING.map((v) => `${v} ${ms(o.views[v])}`).join(', ')}; metadata in at ${ms(o.metadata)}, last frame in at ${ms(o.frames)}`;

try {
  execSync(`npx vite build --outDir ${JSON.stringify(staticDir)} --emptyOutDir`, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  server = await startServerProcess({ SEED_DEMO: 'false', STATIC_DIR: staticDir });
  const base = server.base;
  const token = await loginToken(base, 'admin@example.com', 'bench-password');
  const auth = { authorization: `Bearer ${token}` };

  const study = generateStudy({ seed: 20, width: 3328, height: 4096, density: 0.3, mass: { breast: 'left' }, bitsStored: 16 });
  const files = await writeStudy(study, { transferSyntax: 'jpeg2000' });
  const bytes = VIEW_KEYS.reduce((sum, key) => sum + files[key].byteLength, 0);
  const form = new FormData();
  form.set('ai_model', AI_MODEL);
  for (const key of VIEW_KEYS) form.append(key, new Blob([new Uint8Array(files[key])]), `${key}.dcm`);
  const created = await fetch(`${base}/api/v1/tasks/`, { method: 'POST', headers: auth, body: form });
  if (!created.ok) throw new Error(`POST /tasks/ answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  for (const deadline = Date.now() + 300_000; ; ) {
    const res = await fetch(`${base}/api/v1/tasks/${id}`, { headers: auth });
    const { status } = (await res.json()) as { status: string };
    if (status === 'completed') break;
    if (status === 'failed') throw new Error(`task ${id} failed`);
    if (Date.now() > deadline) throw new Error(`task ${id} still ${status} after 300 s`);
    await new Promise((r) => setTimeout(r, 500));
  }

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  await context.addInitScript((t) => {
    localStorage.setItem('access_token', t);
    // Room for every request's timing (the default keeps the first 250).
    performance.setResourceTimingBufferSize(5000);
  }, token);

  let page = await context.newPage();
  const cold = await open(page, study.studyInstanceUid);
  const warm: Open[] = [];
  for (let run = 0; run < WARM_RUNS; run++) {
    await page.close();
    page = await context.newPage();
    warm.push(await open(page, study.studyInstanceUid));
  }
  await context.close();

  const warmTotal = median(warm.map((o) => o.total));
  const warmShown = median(warm.map((o) => o.shown));
  console.log(`study: 4 views 3328x4096 16-bit, JPEG 2000 lossless, ${(bytes / 1024 / 1024).toFixed(1)} MB; analysed before the viewer opens`);
  console.log(`cold (first open, empty cache): four views on screen ${ms(cold.shown)}, four full frames drawn ${ms(cold.total)} after navigation start (${perView(cold)})`);
  for (const [i, o] of warm.entries()) console.log(`  warm open ${i + 1}: on screen ${ms(o.shown)}, full ${ms(o.total)} (${perView(o)})`);
  const warmViews = HANGING.map((v) => `${v} ${ms(median(warm.map((o) => o.views[v])))}`).join(', ');
  console.log(
    `warm (reopened in the same browser context), median of ${WARM_RUNS}: four views on screen (display images) ${ms(warmShown)} (goal < ${ms(GOAL_MS)}); ` +
      `four full frames drawn, ready for window/level, ${ms(warmTotal)}; full frames per view ${warmViews}`,
  );
  console.log(`(on a machine with ${availableParallelism()} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end)`);
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(staticDir, { recursive: true, force: true });
}
