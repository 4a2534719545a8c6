import { defineConfig } from '@playwright/test';
import type { Engine } from './tests/e2e/driver/types';
import { scaled } from './tests/e2e/support/time';

// End-to-end tests drive the built extension in system Chromium and Firefox ESR through one driver
// (tests/e2e/driver: puppeteer-core over CDP and WebDriver BiDi). Every flow in tests/e2e/flows runs
// in both browsers, one project each (`npm run test:e2e:chromium`, `npm run test:e2e:firefox`).
const browsers: Engine[] = ['chromium', 'firefox'];

export default defineConfig<{ engine: Engine }>({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two at a time on a 2-core machine; every wait is on a condition, scaled when busy.
  workers: 2,
  fullyParallel: false,
  // Limits, never verdicts: a busy machine raises them with E2E_TIME_SCALE (see tests/e2e/support/time.ts).
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  retries: 0,
  reporter: [['list'], ['./tests/e2e/reporters/browser-times.ts']],
  outputDir: 'test-results',
  // Playwright's traces record its own pages: the driver's are puppeteer's, so none is kept.
  use: { trace: 'off' },
  projects: [
    ...browsers.map((engine) => ({ name: engine, testDir: 'tests/e2e/flows', use: { engine } })),
    // What the builds hold (manifests, sizes, code) and `npm start`: no flow in a browser of the driver's.
    { name: 'build', testDir: 'tests/e2e/build' },
  ],
});
