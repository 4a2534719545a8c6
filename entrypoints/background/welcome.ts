import { browser } from 'wxt/browser';
import { welcomeShownItem } from '@/lib/storage/welcome-shown';

/** The welcome page, an extension page of its own (entrypoints/welcome). */
const WELCOME_PAGE = '/welcome.html';

/**
 * The `runtime.onInstalled` listener's part for the first run: a new install opens the welcome page
 * in a tab, once. An update, a browser update or a shared module's never do (the user has seen it,
 * and may have closed it on purpose); options link to it for later.
 */
export async function welcomeOnInstall(details: { reason: string }): Promise<void> {
  if (details.reason !== 'install' || (await welcomeShownItem.getValue())) return;
  // Marked first: a tab that fails to open is logged, not tried at every start.
  await welcomeShownItem.setValue(true);
  await browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PAGE) });
}
