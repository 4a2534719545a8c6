import { defineConfig } from '@playwright/test';
import { scaled } from './tests/e2e/support/time';

// End-to-end tests drive the built extension in system Chromium (Playwright) and Firefox ESR
// (puppeteer-core); the browsers' paths are set in tests/e2e/support/browsers.ts.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Each test starts a browser; two cores run two at a time at most.
  workers: process.env.CI ? 2 : undefined,
  fullyParallel: false,
  // Limits, never verdicts: a busy machine raises them with E2E_TIME_SCALE (see tests/e2e/support/time.ts).
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: { trace: 'retain-on-failure' },
});
