import { type BrowserContext, test as base, type Page } from '@playwright/test';
import type { Browser } from 'puppeteer-core';
import { type RunningSandbox, startSandbox } from '../../sandbox/server';
import { extensionIdOf, launchChromium, newProfileDir, openExtensionPage, removeProfile } from './support/chromium';
import { launchFirefox } from './support/firefox';

export { expect } from '@playwright/test';

interface TestFixtures {
  /** Chromium with the built extension loaded, on a fresh profile. */
  context: BrowserContext;
  /** The profile directory of `context`, to relaunch on the same profile. */
  userDataDir: string;
  /** The loaded extension's id. */
  extensionId: string;
  /** Opens `options.html`, `sidepanel.html`, … of the extension in a new tab. */
  extensionPage: (page: string) => Promise<Page>;
  /** Firefox ESR with the MV2 build installed (puppeteer-core over WebDriver BiDi), closed after the test. */
  firefox: Browser;
}

interface WorkerFixtures {
  /** A real sandbox with demo data on a free port, shared by the tests of one worker. */
  sandbox: RunningSandbox;
}

/** Playwright's `test` with the sandbox and a Chromium that has the extension loaded. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  sandbox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring argument.
    async ({}, use) => {
      const sandbox = await startSandbox({ seed: true });
      await use(sandbox);
      await sandbox.close();
    },
    { scope: 'worker' },
  ],
  userDataDir: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring argument.
    async ({}, use) => {
      const userDataDir = newProfileDir();
      await use(userDataDir);
      removeProfile(userDataDir);
    },
    { scope: 'test' },
  ],
  context: async ({ userDataDir }, use) => {
    const { context } = await launchChromium({ userDataDir });
    await use(context);
    await context.close();
  },
  extensionId: async ({ context }, use) => {
    await use(await extensionIdOf(context));
  },
  extensionPage: async ({ context, extensionId }, use) => {
    await use((page) => openExtensionPage(context, extensionId, page));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring argument.
  firefox: async ({}, use) => {
    const browser = await launchFirefox();
    await use(browser);
    await browser.close();
  },
});
