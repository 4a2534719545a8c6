import type { Page } from 'puppeteer-core';
import { scaled } from '../support/time';
import type { ExtensionBrowser } from './types';

/**
 * Reloads a tab as the user's F5 does and resolves once the new document has loaded. The old
 * document is marked first, so a wait cannot be met by it (Firefox's driver navigates without
 * waiting on BiDi's navigation, which never reports one to a moz-extension address as done).
 */
export async function reload(ext: ExtensionBrowser, page: Page): Promise<void> {
  const href = await page.evaluate(() => {
    (window as unknown as { beforeReload?: boolean }).beforeReload = true;
    return location.href;
  });
  await ext.goto(page, href);
  await page.waitForFunction(
    () => (window as unknown as { beforeReload?: boolean }).beforeReload !== true && document.readyState === 'complete',
    { timeout: scaled(15_000), polling: 50 },
  );
}
