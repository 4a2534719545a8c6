import { defineConfig } from '@playwright/test';
import { scaled } from './tests/e2e/support/time';

// End-to-end tests drive the built extension in system Chromium (Playwright) and Firefox ESR
// (puppeteer-core); the browsers' paths are set in tests/e2e/support/browsers.ts.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Each test starts a browser; two at a time, as CI runs them (on an idle 2-core machine the e2e
  // step takes ~6.8 min instead of ~8.6 with one; every wait is on a condition, scaled when busy).
  workers: 2,
  fullyParallel: false,
  // Limits, never verdicts: a busy machine raises them with E2E_TIME_SCALE (see tests/e2e/support/time.ts).
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: { trace: 'retain-on-failure' },
});
