import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loginToken, startServerProcess } from '../bench/lib/spawn-server';

const server = await startServerProcess({ FIRST_SUPERUSER: 'admin@example.com' });
const token = await loginToken(server.base, 'admin@example.com', 'bench-password');
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', userDataDir: mkdtempSync(path.join(tmpdir(), 'prof-')), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const agg = new Map<string, number>();
for (let run = 0; run < 3; run++) {
  const page = await browser.newPage();
  await page.goto(`${server.base}/login`);
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: server.base, storageTypes: 'service_workers,cache_storage,indexeddb' });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.base}/`);
  await page.waitForSelector('h1');
  await new Promise((r) => setTimeout(r, 500));
  const { profile } = (await cdp.send('Profiler.stop')) as any;
  const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
  const dt = profile.timeDeltas as number[];
  const counts = new Map<number, number>();
  profile.samples.forEach((id: number, i: number) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)));
  for (const [id, us] of counts) {
    const n = byId.get(id);
    const cf = n.callFrame;
    const key = `${cf.functionName || "(anon)"} ${cf.url.split("/").pop()}:${cf.lineNumber}:${cf.columnNumber}`;
    agg.set(key, (agg.get(key) ?? 0) + us / 1000 / 3);
  }
  await page.close();
}
const top = [...agg.entries()].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 40);
for (const [k, ms] of top) console.log(ms.toFixed(1).padStart(7), k);
console.log('program', agg.get('(program) :-1')?.toFixed(1), 'gc', agg.get('(garbage collector) :-1')?.toFixed(1));
await browser.disconnect();
chrome.kill();
await server.stop();
