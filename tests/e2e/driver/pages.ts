import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser } from './types';
import { untilInPage, untilLoaded } from './ui';

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
  await untilLoaded(page);
}

/** The id the browser's protocol gives `page`'s main frame: a CDP frame id, a BiDi browsing context. */
export function frameIdOf(page: Page): string {
  return Reflect.get(page.mainFrame(), '_id') as string;
}
