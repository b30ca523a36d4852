/**
 * From the click on Submit to the result shown in the browser, beside upload to completed for the
 * same study in the same run: a full-field four-view JPEG 2000 study submitted through /submit in
 * Debian's Chromium against the real server (its own process, embedded PGlite). Completion is the
 * moment the server pushes the completed task on its event stream (GET /tasks/{id}/events), read
 * by this process; "shown" is the moment the wizard's result step holds the study score. The goal
 * (issue 19): shown at most 0.5 s after completed; but the spec shows results 2 s after a watched
 * task completes (product-spec section 4, TIMING.resultDelayMs), so the figure that the goal is
 * about is the gap less that delay: how late the page learns of the completion and draws it.
 * Median of 3 studies, each by a new person.
 * Prints figures; asserts nothing.
 *
 *   npm run bench -- result-shown
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { VIEW_KEYS } from '../core/contract';
import { TIMING } from '../core/decisions';
import { generateStudy } from '../server/phantom/generate';
import { writeStudy } from '../server/phantom/write';
import { SubmitPage } from '../tests/e2e/fixtures/submit-page';
import { loginToken, startServerProcess } from './lib/spawn-server';
import { median } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 3;
const ADMIN = 'admin@example.com';
const PASSWORD = 'bench-password';

const staticDir = mkdtempSync(path.join(tmpdir(), 'sd-result-shown-dist-'));
execSync(`npx vite build --outDir ${JSON.stringify(staticDir)} --emptyOutDir`, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const server = await startServerProcess({ SEED_DEMO: 'false', STATIC_DIR: staticDir });
const admin = await loginToken(server.base, ADMIN, PASSWORD);

const study = generateStudy({ seed: 42, width: 3328, height: 4096, density: 0.3, mass: { breast: 'right' }, bitsStored: 16 });
const files = await writeStudy(study, { transferSyntax: 'jpeg2000' });
const pickDir = mkdtempSync(path.join(tmpdir(), 'sd-result-shown-'));
const paths = VIEW_KEYS.map((key) => {
  const p = path.join(pickDir, `${key}.dcm`);
  writeFileSync(p, files[key]);
  return p;
});

async function api<T>(pathname: string, init: RequestInit & { token: string }): Promise<T> {
  const res = await fetch(`${server.base}/api/v1${pathname}`, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${init.token}`, ...init.headers } });
  if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Resolves with the time the server pushes the task as completed. */
async function completedAt(id: string, token: string): Promise<number> {
  const res = await fetch(`${server.base}/api/v1/tasks/${id}/events`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`the event stream answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (/"status":\s*"completed"/.test(text)) {
      const at = performance.now();
      await reader.cancel().catch(() => undefined);
      return at;
    }
    if (/"status":\s*"failed"/.test(text)) throw new Error(`task ${id} failed`);
  }
  throw new Error(`the event stream of ${id} ended before the task completed`);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const completed: number[] = [];
const shown: number[] = [];
try {
  for (let run = 0; run <= RUNS; run++) {
    // Each run is a new person, so the wizard starts at its first step.
    const email = `bench-${Date.now()}-${run}@example.com`;
    await api('/users/', { method: 'POST', token: admin, body: JSON.stringify({ email, password: PASSWORD, full_name: 'Bench Person', birthdate: '1970-01-01', submission_limit: 1, is_active: true }) });
    const token = await loginToken(server.base, email, PASSWORD);
    const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1440, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('access_token', t), token);
    const page = await context.newPage();
    const wizard = new SubmitPage(page);
    await wizard.goto();
    await wizard.toUpload();
    await wizard.pick(paths);
    await wizard.toSubmitStep();
    await wizard.terms().check();
    const created = page.waitForResponse((r) => /\/api\/v1\/tasks\/$/.test(r.url()) && r.request().method() === 'POST', { timeout: 120_000 });
    const t0 = performance.now();
    await wizard.submit().click();
    // The page moves on as soon as the upload is answered: the task's id comes from the API.
    await created;
    const tCreated = performance.now();
    const { id } = await api<{ id: string }>('/tasks/last', { token });
    const done = completedAt(id, token);
    await page.getByTestId('score-bar-percent').waitFor({ timeout: 120_000 });
    const tShown = performance.now();
    const tDone = await done;
    await context.close();
    // The first study warms the server's processing threads, as a running product's are.
    if (run === 0) continue;
    completed.push(tDone - t0);
    shown.push(tShown - t0);
    console.log(
      `  study ${run}: upload to completed ${(tDone - t0).toFixed(0)} ms (click to the upload answered ${(tCreated - t0).toFixed(0)} ms), ` +
        `click to result shown ${(tShown - t0).toFixed(0)} ms (+${(tShown - tDone).toFixed(0)} ms)`,
    );
    // The worker's own account of the processing (process-task.ts logs it): where the rest went.
    const account = server.output().match(new RegExp(`task ${id} completed in .*`));
    if (account) console.log(`    server: ${account[0]}`);
  }
  const gap = shown.map((s, i) => s - completed[i]);
  console.log(
    `full-field JPEG 2000 study through /submit, median of ${RUNS}: upload to completed ${median(completed).toFixed(0)} ms, ` +
      `click on Submit to result shown ${median(shown).toFixed(0)} ms, ${median(gap).toFixed(0)} ms after completed, ` +
      `${(median(gap) - TIMING.resultDelayMs).toFixed(0)} ms beyond the spec's ${TIMING.resultDelayMs} ms delay (goal <= 500 ms)`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(pickDir, { recursive: true, force: true });
  rmSync(staticDir, { recursive: true, force: true });
}
