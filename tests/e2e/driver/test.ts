import { test as base } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server';
import { SandboxClient } from '../support/sandbox-client';
import { type Engine, type ExtensionBrowser, type LaunchOptions, launchExtension } from './index';

export { expect } from '@playwright/test';

interface Options {
  /** The browser of the project (playwright.config.ts): every flow runs in each. */
  engine: Engine;
  /** How the browser starts, for every test of a file (`test.use({ launch: { lang: 'de' } })`). */
  launch: LaunchOptions;
  /** A browser of the test's own, on a new profile, when that is what the test is about. */
  freshBrowser: boolean;
}

interface TestFixtures {
  /** The browser with the extension, shared by the tests of a spec file unless `freshBrowser`. */
  ext: ExtensionBrowser;
  /** The sandbox's test controls. */
  control: SandboxClient;
}

interface WorkerFixtures {
  /** A real sandbox with demo data on a free port, shared by the tests of one worker. */
  sandbox: RunningSandbox;
  /** The browser of the spec file running in this worker, kept across its tests. */
  shared: { key?: string; ext?: ExtensionBrowser };
}

/**
 * Playwright's `test` with a sandbox and the extension in the project's browser. A browser starts
 * once per spec file (a fresh profile per test costs seconds in each browser and tests nothing a
 * file's tests need); its tabs are closed after each test. Tests in a file run in order and each
 * sets up what it needs (its own account and key), so none depends on another's leftovers.
 */
export const test = base.extend<TestFixtures & Options, WorkerFixtures>({
  engine: ['chromium', { option: true }],
  launch: [{}, { option: true }],
  freshBrowser: [false, { option: true }],
  sandbox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring argument.
    async ({}, use) => {
      const sandbox = await startSandbox({ seed: true });
      await use(sandbox);
      await sandbox.close();
    },
    { scope: 'worker' },
  ],
  shared: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring argument.
    async ({}, use) => {
      const shared: { key?: string; ext?: ExtensionBrowser } = {};
      await use(shared);
      await shared.ext?.close();
    },
    { scope: 'worker' },
  ],
  ext: async ({ engine, launch, freshBrowser, shared }, use, testInfo) => {
    if (freshBrowser) {
      const ext = await launchExtension(engine, launch);
      try {
        await use(ext);
      } finally {
        await ext.close();
      }
      return;
    }
    const key = `${engine} ${testInfo.file} ${JSON.stringify(launch)}`;
    if (shared.key !== key || shared.ext === undefined) {
      await shared.ext?.close();
      shared.ext = undefined;
      shared.ext = await launchExtension(engine, launch);
      shared.key = key;
    }
    await use(shared.ext);
    if (testInfo.status !== testInfo.expectedStatus) {
      // A failed test may leave anything behind: the next test gets a new browser.
      await shared.ext.close();
      shared.ext = undefined;
    } else {
      await shared.ext.closeTabs();
    }
  },
  control: async ({ sandbox }, use) => {
    await use(new SandboxClient(sandbox.baseUrl));
  },
});
