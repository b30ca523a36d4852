/**
 * Lighthouse (desktop preset, Debian's Chromium) on /login and on a logged-in home, served by the
 * real server from a fresh `vite build`: performance and accessibility scores (median of 3 runs),
 * the metrics behind performance, and the initial JavaScript and CSS that each page loads (gzip).
 * Prints figures; asserts nothing.
 *
 *   npm run bench -- lighthouse
 *
 * With LIGHTHOUSE_REPORTS=DIR, each run's whole report is written there as JSON (long tasks, bootup
 * time, the LCP's phases: what to look at when a figure falls short). LIGHTHOUSE_RUNS=N (odd, 3 by
 * default, the figure) takes the median of more runs: on a noisy machine, comparing two
 * builds needs more than three.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { loginToken, startServerProcess } from './lib/spawn-server';
import { median } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Math.max(1, Math.floor(Number(process.env.LIGHTHOUSE_RUNS) || 3));
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
let reportCount = 0;
const SUPERUSER = 'admin@example.com';

execSync('npx vite build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const server = await startServerProcess({ FIRST_SUPERUSER: SUPERUSER });
const token = await loginToken(server.base, SUPERUSER, 'bench-password');

const profile = mkdtempSync(path.join(tmpdir(), 'sd-lighthouse-'));
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  userDataDir: profile,
  // The machine's network is closed: without these Chromium keeps trying Google's hosts.
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

interface Figures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsGzip: number;
  cssGzip: number;
  /** The element Lighthouse names as the largest contentful paint (its HTML snippet). */
  lcpElement: string;
  failedA11y: string[];
}

/** A run Lighthouse itself could not complete (it says to run it again), as opposed to a broken page. */
class NotMeasured extends Error {}

/** Attempts per figure: Lighthouse now and then loses the trace of a load (NO_NAVSTART) and asks for another run. */
const ATTEMPTS = 3;

/**
 * One figure: a first visit (firstVisit) and a Lighthouse run, run again when Lighthouse could not
 * complete it, saying so; a page that fails every attempt stops the bench with Lighthouse's reason.
 */
async function measure(url: string, session: string | null): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    await firstVisit(session);
    try {
      return await audit(url);
    } catch (e) {
      if (!(e instanceof NotMeasured) || attempt >= ATTEMPTS) throw e;
      console.error(`${e.message} (attempt ${attempt} of ${ATTEMPTS}); running it again`);
    }
  }
}

/** One Lighthouse run. Storage is kept between runs so the logged-in page stays logged in. */
async function audit(url: string): Promise<Figures> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true }, desktopConfig);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(path.join(REPORTS, `${++reportCount}-${new URL(url).pathname.replace(/\W+/g, '') || 'home'}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  // A run Lighthouse could not complete has no score: say why rather than print a 0.
  if (result.lhr.runtimeError || categories.performance.score === null) {
    throw new NotMeasured(`Lighthouse could not measure ${url}: ${result.lhr.runtimeError?.message ?? result.lhr.runWarnings.join('; ')}`);
  }
  const num = (id: string) => Number(audits[id]?.numericValue ?? NaN);
  // Transfer sizes are what went over the wire: the server sends brotli or gzip to Chromium.
  const requests = (audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number; url: string }> } | undefined)?.items ?? [];
  const sum = (type: string) => requests.filter((r) => r.resourceType === type && new URL(r.url).origin === new URL(url).origin).reduce((s, r) => s + (r.transferSize ?? 0), 0);
  const failedA11y = Object.values(audits)
    .filter((a) => a.score === 0 && result.lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id))
    .map((a) => a.id);
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    jsGzip: sum('Script'),
    cssGzip: sum('Stylesheet'),
    lcpElement: lcpElementOf(audits['largest-contentful-paint-element']?.details),
    failedA11y,
  };
}

/** The snippet of the LCP element in the audit's details (a table whose first row holds a node). */
function lcpElementOf(details: unknown): string {
  const find = (v: unknown): string | null => {
    if (!v || typeof v !== 'object') return null;
    const o = v as Record<string, unknown>;
    if (o.type === 'node' && typeof o.snippet === 'string') return o.snippet;
    for (const child of Object.values(o)) {
      const found = find(child);
      if (found) return found;
    }
    return null;
  };
  return find(details) ?? 'not named';
}

/**
 * A first visit, but with the session in local storage: Lighthouse's own storage reset would
 * clear the token too, so it is off and this clears the rest (HTTP cache, service worker and its
 * caches, IndexedDB) before every run.
 */
async function firstVisit(session: string | null) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${server.base}/login`);
  await page.evaluate((t) => (t ? localStorage.setItem('access_token', t) : localStorage.removeItem('access_token')), session);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: server.base, storageTypes: 'service_workers,cache_storage,indexeddb' });
  await page.close();
  await browser.disconnect();
}

function report(name: string, runs: Figures[]) {
  const m = (k: keyof Omit<Figures, 'failedA11y' | 'lcpElement'>) => median(runs.map((r) => r[k] as number));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`${name}, median of ${runs.length}:`);
  console.log(`  performance ${m('performance')} (runs ${runs.map((r) => r.performance).join(', ')}; goal >= 97), accessibility ${m('accessibility')} (goal 100)`);
  console.log(`  first contentful paint ${m('fcp').toFixed(0)} ms, largest contentful paint ${m('lcp').toFixed(0)} ms, total blocking time ${m('tbt').toFixed(0)} ms, layout shift ${m('cls').toFixed(3)}`);
  console.log(`  transferred on first load: JavaScript ${kb(m('jsGzip'))}, CSS ${kb(m('cssGzip'))} (compressed as served)`);
  console.log(`  largest contentful paint element: ${[...new Set(runs.map((r) => r.lcpElement.slice(0, 160)))].join(' | ')}`);
  const failed = [...new Set(runs.flatMap((r) => r.failedA11y))];
  if (failed.length) console.log(`  accessibility audits failed: ${failed.join(', ')}`);
}

try {
  const login: Figures[] = [];
  for (let i = 0; i < RUNS; i++) login.push(await measure(`${server.base}/login`, null));
  report('/login', login);

  const home: Figures[] = [];
  for (let i = 0; i < RUNS; i++) home.push(await measure(`${server.base}/`, token));
  report('/ (logged in as the superuser)', home);
} finally {
  chrome.kill();
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}
