import type { Page } from 'puppeteer-core';
import { connectionOf } from './firefox-chrome';
import type { ExtensionBrowser } from './types';
import { untilInPage } from './ui';

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
  await untilInPage(
    page,
    () => (window as unknown as { beforeReload?: boolean }).beforeReload !== true && document.readyState === 'complete',
    'the reloaded page',
  );
}

/**
 * Sets the page's viewport (CSS pixels), as a window of that size shows it. In Firefox only BiDi's
 * `browsingContext.setViewport`: puppeteer's `setViewport` also overrides the screen's orientation,
 * a command Firefox before 141 (ESR 140) does not know.
 */
export async function setViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  if (!(await page.browser().version()).toLowerCase().includes('firefox')) {
    await page.setViewport(size);
    return;
  }
  const context = Reflect.get(page.mainFrame(), '_id') as string;
  await connectionOf(page.browser()).send('browsingContext.setViewport', { context, viewport: size });
}
