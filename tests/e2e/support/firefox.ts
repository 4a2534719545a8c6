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
 *
 * The store build holds no host access until the options page asks for the API's origin, and a
 * headless browser's prompt cannot be answered: `extensions.webextOptionalPermissionPrompts` off
 * makes Firefox grant an optional permission requested from a user action at once, as if the user
 * had clicked "Allow" (the request still needs the real click).
 *
 * With `profileDir` the browser runs on that profile and leaves it in place: a second launch on it
 * is the same user's browser restarted (the add-on is installed again, its data kept).
 */
export async function launchFirefox(
  extensionDir = FIREFOX_BUILD,
  { profileDir }: { profileDir?: string } = {},
): Promise<Browser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    args: ['--remote-allow-system-access'],
    // A profile of the test's (kept, to relaunch on it) or a throwaway one of puppeteer's.
    ...(profileDir === undefined ? {} : { userDataDir: profileDir }),
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: FIREFOX_EXTENSION_UUID }),
      'extensions.webextOptionalPermissionPrompts': false,
      // A temporary add-on is uninstalled when the browser closes; installed again on the same
      // profile it keeps its data and granted origins, as a permanently installed one does.
      'extensions.webextensions.keepStorageOnUninstall': true,
      'extensions.webextensions.keepUuidOnUninstall': true,
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

/** An element found the way a user finds it: by role and accessible name (puppeteer's ARIA query). */
export const aria = (role: string, name: string) => `::-p-aria([name="${name}"][role="${role}"])`;

/**
 * Sets the API base URL and key on the options page and clicks Save, as a user does: the click is
 * what lets the page ask for the API's origin. Resolves once the page says "Saved.".
 */
export async function configureInOptions(page: Page, baseUrl: string, key: string, timeout = 15_000): Promise<void> {
  const field = await page.waitForSelector(aria('textbox', 'API base URL'), { timeout });
  await field?.click({ count: 3 });
  await field?.type(baseUrl);
  // A password field has no ARIA role (Firefox exposes none): found by its name alone.
  await (await page.waitForSelector('::-p-aria(API key)'))?.type(key);
  await (await page.waitForSelector(aria('button', 'Save')))?.click();
  await page.waitForFunction(() => document.body?.innerText.includes('Saved.'), { timeout });
}
