// E2E in Debian's Chromium against a real server; `npm run test:e2e` (scripts/e2e.mjs) starts the
// servers and sets E2E_BASE_URL. Never downloads a browser.
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// The headless shell when it is installed (scripts/ensure-chromium.mjs says why); E2E_CHROMIUM
// chooses another, e.g. /usr/bin/chromium to watch the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.E2E_CHROMIUM || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A 2-core machine running two browsers and three servers: a long test may need a minute, a screen
  // a few more seconds to answer.
  timeout: 60_000,
  expect: { timeout: 12_000 },
  forbidOnly: true,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    locale: 'es-PR',
    timezoneId: 'America/Puerto_Rico',
    viewport: { width: 1280, height: 800 },
    // A trace records every action of every test, kept or not: recording took 40 % of the
    // suite's time. E2E_TRACE=1 records them again and keeps those of the tests that fail.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
