/**
 * The browsers of the content-script benchmark: Chromium with or without the extension, the
 * extension configured for the platform's site and allowed on every site.
 */

import { type BrowserContext, chromium } from '@playwright/test';
import { relaunchWithAllSitesGranted } from '../../tests/e2e/support/all-sites';
import { CHROMIUM_PATH } from '../../tests/e2e/support/browsers';
import {
  extensionIdOf,
  launchChromium,
  newProfileDir,
  openExtensionPage,
  QUIET_FLAGS,
  removeProfile,
} from '../../tests/e2e/support/chromium';
import { call } from '../../tests/e2e/support/extension-client';

/** The platform's site as the extension is configured for it; the pages are served from another origin. */
export const SITE = 'http://127.0.0.1:9';

/** Waits `ms`: for idle work in the page, or between polls of the extension. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A browser with the extension, or without it (the baseline). */
export type Mode = 'with' | 'without';

/**
 * Chromium without the extension, or with it configured for SITE and "Decorate post links on all
 * sites" on (the all-sites grant written into the profile as the e2e tests do: headless Chromium
 * never answers the permission prompt). The benchmark pages are another site, as a news site is.
 */
export async function launch(
  withExtension: boolean,
): Promise<{ context: BrowserContext; cleanup: () => Promise<void> }> {
  if (!withExtension) {
    const context = await chromium.launchPersistentContext('', {
      executablePath: CHROMIUM_PATH,
      headless: true,
      // The same flags as the run with the extension: only the extension differs.
      args: QUIET_FLAGS,
    });
    return { context, cleanup: () => context.close() };
  }
  const userDataDir = newProfileDir();
  const first = (await launchChromium({ userDataDir })).context;
  const id = await extensionIdOf(first);
  await call(await openExtensionPage(first, id, 'options.html'), 'saveSettings', { baseUrl: SITE });
  const context = await relaunchWithAllSitesGranted(first, userDataDir);
  const options = await openExtensionPage(context, id, 'options.html');
  await call(options, 'saveSettings', { decorateAllSites: true });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  for (let i = 0; i < 100; i += 1) {
    const [script] = await worker.evaluate(() =>
      (
        globalThis as unknown as {
          chrome: { scripting: { getRegisteredContentScripts(): Promise<{ matches?: string[] }[]> } };
        }
      ).chrome.scripting.getRegisteredContentScripts(),
    );
    if (script?.matches?.includes('https://*/*')) break;
    await sleep(100);
  }
  await options.close();
  return {
    context,
    cleanup: async () => {
      await context.close();
      removeProfile(userDataDir);
    },
  };
}
