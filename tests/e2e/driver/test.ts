import { test as base } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server';
import { SandboxClient } from '../support/sandbox-client';
import { type Engine, type ExtensionBrowser, type LaunchOptions, launchExtension } from './index';
import { RESETTABLE_OPTIONS, resettableOf } from './types';

export { expect } from '@playwright/test';

interface Options {
  /** The browser of the project (playwright.config.ts): every flow runs in each. */
  engine: Engine;
  /** How the browser starts, for every test of a file (`test.use({ launch: { lang: 'de' } })`). */
  launch: LaunchOptions;
  /** A browser of the test's own, on a new profile, when that is what the test is about. */
  freshBrowser: boolean;
  /**
   * Tests of one spec file that meet the extension as a new install of their own, as another file's
   * would (`test.use({ installGroup: 'name' })` in a describe): one file can then run several flows
   * in a browser started once for what they share (a language).
   */
  installGroup: string;
  /** Each test of the file meets a new install of its own (a reset, or a new browser where one cannot make it). */
  installEachTest: boolean;
}

interface TestFixtures {
  /** The browser with the extension, shared by the tests of a spec file unless `freshBrowser`. */
  ext: ExtensionBrowser;
  /** The sandbox's test controls. */
  control: SandboxClient;
}

interface Shared {
  /** The engine and launch options it was started with. */
  key?: string;
  /** The spec file (and install group) it last served. */
  file?: string;
  /** The language and grants the extension was last installed with (`resettableOf`, as JSON). */
  wanted?: string;
  ext?: ExtensionBrowser;
}

interface WorkerFixtures {
  /** A real sandbox with demo data on a free port, shared by the tests of one worker. */
  sandbox: RunningSandbox;
  /** The browser of this worker, kept across its tests and spec files while their launch is the same. */
  shared: Shared;
}

/**
 * Playwright's `test` with a sandbox and the extension in the project's browser. A browser starts
 * once per worker and launch options (a new browser costs 5–7 s of CPU, a third of the suite's when
 * each file had its own): its tabs are closed after each test, and at the first test of another
 * spec file the extension is made a new install again in it (`ExtensionBrowser.reset`). Tests in a
 * file run in order and each sets up what it needs (its own account and key), so none depends on
 * another's leftovers.
 */
export const test = base.extend<TestFixtures & Options, WorkerFixtures>({
  engine: ['chromium', { option: true }],
  launch: [{}, { option: true }],
  freshBrowser: [false, { option: true }],
  installGroup: ['', { option: true }],
  installEachTest: [false, { option: true }],
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
      const shared: Shared = {};
      await use(shared);
      await shared.ext?.close();
    },
    { scope: 'worker' },
  ],
  ext: async ({ engine, launch, freshBrowser, installGroup, installEachTest, shared }, use, testInfo) => {
    /** What the browser cost this test before it began, for the reporter's table (`browser-times.ts`). */
    const timed = async <T>(what: 'launch' | 'reset', work: () => Promise<T>): Promise<T> => {
      const start = Date.now();
      const result = await work();
      // A reset this browser could not make: its time counts with the launch that follows it.
      const label = result === false ? 'refused' : what;
      testInfo.annotations.push({ type: 'browser-setup', description: `${label} ${Date.now() - start}` });
      return result;
    };
    if (freshBrowser) {
      const ext = await timed('launch', () => launchExtension(engine, launch));
      try {
        await use(ext);
      } finally {
        await ext.close();
      }
      return;
    }
    // The browser is kept while what a reset cannot change is the same (the language and grants it
    // may change: `ExtensionBrowser.reset`).
    const fixed = Object.entries(launch).filter(([name]) => !(RESETTABLE_OPTIONS as readonly string[]).includes(name));
    const key = `${engine} ${JSON.stringify(fixed.sort(([a], [b]) => a.localeCompare(b)))}`;
    // English is the default language: a file that names it and one that does not want the same.
    const wanted = JSON.stringify({ ...resettableOf(launch), lang: launch.lang ?? 'en' });
    const file = `${testInfo.file}#${installGroup}${installEachTest ? `#${testInfo.testId}` : ''}`;
    if (shared.ext !== undefined && shared.key === key && (shared.file !== file || shared.wanted !== wanted)) {
      // Another spec file, or other grants or language: the extension as a new install finds it, in
      // the same browser when it can (else a new browser below).
      const current = shared.ext;
      const reset = await timed('reset', () => current.reset(launch)).catch((error: unknown) => {
        console.warn(`Resetting the extension failed, a new browser starts: ${error}`);
        return false;
      });
      if (!reset) {
        await shared.ext.close();
        shared.ext = undefined;
      }
    }
    if (shared.key !== key || shared.ext === undefined) {
      await shared.ext?.close();
      shared.ext = undefined;
      shared.ext = await timed('launch', () => launchExtension(engine, launch));
      shared.key = key;
    }
    shared.file = file;
    shared.wanted = wanted;
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
    const control = new SandboxClient(sandbox.baseUrl);
    await use(control);
    // The worker's sandbox serves the next test as the dialect speaks.
    await control.budgetHeaders(null);
  },
});
