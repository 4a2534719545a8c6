import type { Browser, Page } from 'puppeteer-core';
import puppeteer from 'puppeteer-core';
import { GECKO_ID } from '../../../wxt.config';
import { FIREFOX_BUILD, FIREFOX_PATH } from './browsers';

/** A fixed internal UUID for our add-on, so its pages live at a known moz-extension:// origin. */
export const FIREFOX_EXTENSION_UUID = '0b7a3b8e-4d6f-4c1e-9a55-2f1d8c3e7a10';
export const FIREFOX_EXTENSION_ORIGIN = `moz-extension://${FIREFOX_EXTENSION_UUID}`;

/**
 * Starts Firefox ESR headless over WebDriver BiDi (Playwright's Firefox needs its own patched
 * build; Debian's does not work with it) and installs the built add-on temporarily.
 */
export async function launchFirefox(extensionDir = FIREFOX_BUILD): Promise<Browser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: FIREFOX_EXTENSION_UUID }),
    },
  });
  try {
    await browser.installExtension(extensionDir);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return browser;
}

/**
 * Opens an add-on page. `goto` on a moz-extension URL never resolves under BiDi although the page
 * loads, so navigation is fired with a short timeout and the caller waits for content instead.
 */
export async function openFirefoxExtensionPage(browser: Browser, page: string): Promise<Page> {
  const tab = await browser.newPage();
  await tab.goto(`${FIREFOX_EXTENSION_ORIGIN}/${page}`, { timeout: 2_000 }).catch(() => undefined);
  return tab;
}
