import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server, a fresh database and a real SMTP
 * server, all started once by tests/e2e/global-setup.ts (which hands the addresses to the tests
 * through environment variables).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: 2,
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    headless: true,
  },
});
