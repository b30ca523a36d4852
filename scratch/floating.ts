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
const page = await browser.newPage();
await page.setViewport({ width: 1350, height: 940 });
await page.goto(`${server.base}/login`);
await page.evaluate((t) => localStorage.setItem('access_token', t), token);
await page.evaluateOnNewDocument(() => {
  const orig = window.getComputedStyle;
  (window as any).__gcs = [];
  window.getComputedStyle = function (el: Element, p?: string | null) {
    (window as any).__gcs.push(`${(el as HTMLElement).tagName}.${(el as HTMLElement).className?.toString().slice(0, 60)} ${new Error().stack?.split('\n').slice(2, 6).join(' | ')}`);
    return orig.call(window, el, p);
  } as any;
  const f = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (o?: FocusOptions) {
    (window as any).__gcs.push(`FOCUS ${this.tagName}.${this.className?.toString().slice(0, 60)} ${new Error().stack?.split('\n').slice(2, 5).join(' | ')}`);
    return f.call(this, o);
  };
});
await page.goto(`${server.base}/`);
await page.waitForSelector('h1');
await new Promise((r) => setTimeout(r, 800));
const calls: string[] = await page.evaluate(() => (window as any).__gcs);
console.log(calls.length);
for (const c of calls.slice(0, 30)) console.log(c.slice(0, 400));
await browser.disconnect();
chrome.kill();
await server.stop();
