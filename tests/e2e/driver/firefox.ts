import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { GECKO_ID } from '../../../wxt.config';
import { FIREFOX_BUILD, FIREFOX_PATH, HEADED, HEADED_SCALE } from '../support/browsers';
import { scaled } from '../support/time';
import { BaseExtensionBrowser } from './base';
import { VIEWPORT } from './chromium';
import { SANDBOX_GRANT } from './chromium-profile';
import { connectionOf, inBrowserWindow, untilInBrowserWindow } from './firefox-chrome';
import { frameIdOf } from './pages';
import { OUR_BUTTON } from './toolbar';
import type { Badge, LaunchOptions, PanelView } from './types';
import { PICTURE_SHOWN, until, untilInPage, untilLoaded } from './ui';

/** A fixed internal UUID for our add-on, so its pages live at a known moz-extension:// origin. */
export const FIREFOX_EXTENSION_UUID = '0b7a3b8e-4d6f-4c1e-9a55-2f1d8c3e7a10';
const ORIGIN = `moz-extension://${FIREFOX_EXTENSION_UUID}`;
/** Firefox's id of our sidebar (the add-on id made an identifier, then `-sidebar-action`). */
export const OUR_SIDEBAR = `${GECKO_ID.replace(/[^a-z0-9_-]/gi, '_')}-sidebar-action`;
/** Where Debian's language packs (`firefox-esr-l10n-*`) put theirs. */
const LANGPACKS = '/usr/lib/firefox-esr/browser/extensions';

/** Firefox ESR, headless (unless `DC_HEADED=1`), with the MV2 build installed, driven over WebDriver BiDi. */
export class FirefoxExtension extends BaseExtensionBrowser {
  readonly engine = 'firefox';
  readonly origin = ORIGIN;

  private constructor(browser: Browser, profileDir: string, ownsProfile: boolean, options: LaunchOptions) {
    super(browser, profileDir, ownsProfile, options);
  }

  static async launch(options: LaunchOptions = {}): Promise<FirefoxExtension> {
    const ownsProfile = options.profileDir === undefined;
    const profileDir = options.profileDir ?? mkdtempSync(path.join(tmpdir(), 'dc-firefox-'));
    const browser = await startFirefox({ ...options, profileDir }, true);
    const driver = new FirefoxExtension(browser, profileDir, ownsProfile, { ...options, profileDir });
    await driver.keepOpenTabs();
    return driver;
  }

  protected relaunch(options: LaunchOptions): Promise<Browser> {
    return startFirefox(options, false);
  }

  protected probePath(): string {
    return 'manifest.json';
  }

  async open(pagePath: string): Promise<Page> {
    return this.openTab(this.url(pagePath));
  }

  async openTab(url: string): Promise<Page> {
    const page = await this.newTab();
    await this.goto(page, url);
    return page;
  }

  /**
   * A new tab in front, in the window of the tabs open: before 141 (ESR 140) BiDi otherwise puts it
   * in the window opened last, which in a headless Firefox that showed a notification is the
   * notification's own (its alert), where no tab can go.
   */
  override async newTab(): Promise<Page> {
    const [reference] = await this.browser.pages();
    if (reference === undefined) return this.browser.newPage();
    const { context } = (
      await connectionOf(this.browser).send('browsingContext.create', {
        type: 'tab',
        referenceContext: frameIdOf(reference),
      })
    ).result as { context: string };
    const page = await until(
      async () => (await this.browser.pages()).find((open) => frameIdOf(open) === context),
      'the new tab',
    );
    await this.setViewport(page, VIEWPORT);
    return page;
  }

  /**
   * BiDi's own `browsingContext.setViewport`: puppeteer's `setViewport` also overrides the screen's
   * orientation, a command Firefox before 141 (ESR 140) does not know.
   */
  override async setViewport(page: Page, size: { width: number; height: number }): Promise<void> {
    await connectionOf(this.browser).send('browsingContext.setViewport', { context: frameIdOf(page), viewport: size });
  }

  /**
   * Navigates without waiting on the navigation itself (BiDi never reports one to a moz-extension
   * address as done), then waits until the new document has loaded.
   */
  async goto(page: Page, url: string): Promise<void> {
    await connectionOf(this.browser).send('browsingContext.navigate', { context: frameIdOf(page), url, wait: 'none' });
    await untilInPage(
      page,
      (wanted: string) => location.href === wanted && document.readyState === 'complete',
      `${url} loaded`,
      url,
    );
    await untilLoaded(page);
  }

  async badge(page: Page): Promise<Badge> {
    await page.bringToFront();
    return this.inExtension(async () => {
      const { browserAction, tabs } = (globalThis as unknown as { browser: FirefoxApi }).browser;
      const [tab] = await tabs.query({ active: true, lastFocusedWindow: true });
      const tabId = tab?.id;
      const [text, colour, title] = await Promise.all([
        browserAction.getBadgeText({ tabId }),
        browserAction.getBadgeBackgroundColor({ tabId }),
        browserAction.getTitle({ tabId }),
      ]);
      return { text, colour: `rgba(${colour.join(', ')})`, title };
    });
  }

  /** Firefox's content colour scheme override (0 dark, 1 light), for every page at once. */
  async colourScheme(scheme: 'light' | 'dark' | null): Promise<void> {
    const pref = 'layout.css.prefers-color-scheme.content-override';
    await inBrowserWindow(
      this.browser,
      scheme === null
        ? `Services.prefs.clearUserPref('${pref}'), null`
        : `Services.prefs.setIntPref('${pref}', ${scheme === 'dark' ? 0 : 1}), null`,
    );
  }

  async openSidePanel(trigger: () => Promise<void>): Promise<PanelView> {
    await inBrowserWindow(this.browser, 'SidebarController.hide(), null');
    await trigger();
    await untilInBrowserWindow(
      this.browser,
      `SidebarController.isOpen && SidebarController.currentID === ${JSON.stringify(OUR_SIDEBAR)}`,
      'our sidebar',
      scaled(15_000),
    );
    const view = this.panelView(() => this.probe(), "browser.extension.getViews({ type: 'sidebar' })[0].document");
    // The sidebar's document has loaded once the extension lists it.
    await this.inExtension(async (picture: string) => {
      const { extension } = (globalThis as unknown as { browser: { extension: { getViews(o: object): Window[] } } })
        .browser;
      for (;;) {
        const [panel] = extension.getViews({ type: 'sidebar' });
        // Loaded, and the live panel in place of the picture of its last opening (ui.ts, untilLoaded).
        if (panel?.document.readyState === 'complete' && panel.document.querySelector(picture) === null) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }, PICTURE_SHOWN);
    return view;
  }

  async sidePanelOpen(): Promise<boolean> {
    return inBrowserWindow<boolean>(
      this.browser,
      `SidebarController.isOpen && SidebarController.currentID === ${JSON.stringify(OUR_SIDEBAR)}`,
    );
  }

  async stopBackground(): Promise<void> {
    throw new Error("Firefox keeps the add-on's background page running: there is no worker to stop.");
  }

  /**
   * Uninstalls the add-on as a user does (Firefox removes its data with it: storage, IndexedDB,
   * grants), then installs it again: a new install, welcome page and all, in the same browser.
   */
  protected async reinstall(next: LaunchOptions): Promise<boolean> {
    await inBrowserWindow(this.browser, 'SidebarController.hide(), null');
    await this.colourScheme(null);
    // Firefox follows its language pref at once (the language packs are installed): the add-on
    // installed again below starts in it, as after a restart in that language.
    if ((next.lang ?? 'en') !== (this.options.lang ?? 'en')) {
      const requested = JSON.stringify(requestedLocale(next.lang));
      await inBrowserWindow(this.browser, `Services.prefs.setCharPref('intl.locale.requested', ${requested}), null`);
    }
    const keep = 'extensions.webextensions.keepStorageOnUninstall';
    await inBrowserWindow(this.browser, `Services.prefs.setBoolPref('${keep}', false), null`);
    try {
      await this.browser.uninstallExtension(GECKO_ID);
    } finally {
      await inBrowserWindow(this.browser, `Services.prefs.setBoolPref('${keep}', true), null`);
    }
    // Firefox clears the removed add-on's data in the background; the new install keeps the same
    // UUID here (FIREFOX_EXTENSION_UUID), so it could still find the old IndexedDB on a busy machine
    // (seen, twice: no welcome page, as the old "welcome shown" was read). So: the old add-on wholly
    // shut down (its background page can no longer write), its data cleared, and the origin's
    // storage seen empty before the new install starts.
    await untilInBrowserWindow(
      this.browser,
      `WebExtensionPolicy.getByID(${JSON.stringify(GECKO_ID)}) === null`,
      'the removed add-on to shut down',
      scaled(15_000),
    );
    const principal = `Services.scriptSecurityManager.createContentPrincipalFromOrigin(${JSON.stringify(ORIGIN)})`;
    await inBrowserWindow(
      this.browser,
      `new Promise((resolve) => {
        Services.clearData.deleteDataFromPrincipal(${principal}, false, Ci.nsIClearDataService.CLEAR_ALL, () => resolve(null));
      })`,
    );
    await untilInBrowserWindow(
      this.browser,
      `new Promise((resolve) => {
        Services.qms.getUsageForPrincipal(${principal}, (done) => resolve(done.resultCode === 0 && done.result.usage === 0));
      })`,
      "the removed add-on's storage to be empty",
      scaled(15_000),
    );
    await installAddon(this.browser, next, true);
    await this.untilAnswering();
    return true;
  }
}

/** The `browser` API as the badge read uses it. */
interface FirefoxApi {
  tabs: { query(q: object): Promise<{ id?: number }[]> };
  browserAction: {
    getBadgeText(d: { tabId?: number }): Promise<string>;
    getBadgeBackgroundColor(d: { tabId?: number }): Promise<number[]>;
    getTitle(d: { tabId?: number }): Promise<string>;
  };
}

/** Firefox's `intl.locale.requested` for a language of the suite; throws when its language pack is missing. */
function requestedLocale(lang: LaunchOptions['lang']): string {
  if (lang === undefined || lang === 'en') return 'en-US';
  if (!existsSync(path.join(LANGPACKS, `langpack-${lang}@firefox-esr.mozilla.org.xpi`))) {
    throw new Error(`Firefox's ${lang} language pack is missing: apt-get install firefox-esr-l10n-${lang}`);
  }
  return lang;
}

/**
 * Starts Firefox ESR on `options.profileDir` and installs the add-on temporarily (installed again on
 * the same profile it keeps its data, granted origins and UUID, as a permanently installed one does).
 * `extensions.webextOptionalPermissionPrompts` off grants an optional permission requested from a
 * user action at once, as if the user had clicked "Allow"; what `grantedOrigins`/`grantedApis` name
 * is granted up front, as the user's earlier answer. On a new install the add-on opens its welcome
 * page and Firefox its sidebar: both closed once they came, unless `keepWelcome`.
 */
async function startFirefox(options: LaunchOptions, installs: boolean): Promise<Browser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: !HEADED,
    userDataDir: options.profileDir,
    defaultViewport: HEADED ? { ...VIEWPORT, deviceScaleFactor: HEADED_SCALE } : VIEWPORT,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: FIREFOX_EXTENSION_UUID }),
      'extensions.webextOptionalPermissionPrompts': false,
      'extensions.webextensions.keepStorageOnUninstall': true,
      'extensions.webextensions.keepUuidOnUninstall': true,
      // The language packs Debian installs beside Firefox, enabled, and the language asked for.
      'extensions.autoDisableScopes': 0,
      'intl.locale.requested': requestedLocale(options.lang),
      ...(HEADED ? { 'layout.css.devPixelsPerPx': String(HEADED_SCALE) } : {}),
    },
  });
  try {
    // Headed: the window at the screen's corner, the viewport's width and the bars above it.
    const place = `window.moveTo(0, 0), window.resizeTo(${VIEWPORT.width}, ${VIEWPORT.height + 100}), null`;
    // Reached first here: where that takes a tab of Firefox's own (ESR 140), it is one the browser
    // was ready with, kept by `closeTabs`.
    await inBrowserWindow(browser, HEADED ? place : 'null');
    await installAddon(browser, options, installs);
    return browser;
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * Installs the add-on (temporarily, as `web-ext run` does) and grants what `options` name; on a new
 * install closes the views it opens, unless `keepWelcome`.
 */
async function installAddon(browser: Browser, options: LaunchOptions, installs: boolean): Promise<void> {
  await browser.installExtension(options.extensionDir ?? FIREFOX_BUILD);
  const origins = options.grantedOrigins ?? SANDBOX_GRANT;
  const apis = options.grantedApis ?? [];
  if (origins.length + apis.length > 0) {
    await inBrowserWindow(
      browser,
      `(async () => {
        const { ExtensionPermissions } = ChromeUtils.importESModule('resource://gre/modules/ExtensionPermissions.sys.mjs');
        const policy = WebExtensionPolicy.getByID(${JSON.stringify(GECKO_ID)});
        await ExtensionPermissions.add(policy.id, { permissions: ${JSON.stringify(apis)}, origins: ${JSON.stringify(origins)} }, policy.extension);
        return null;
      })()`,
    );
  }
  // Headed, the button is pinned on the toolbar (a new install's sits in the Extensions panel), as
  // the user's "Pin to Toolbar" puts it: its badge is then seen.
  if (HEADED) {
    const area = `CustomizableUI.addWidgetToArea(${JSON.stringify(OUR_BUTTON)}, CustomizableUI.AREA_NAVBAR), null`;
    await inBrowserWindow(browser, area);
  }
  if (installs && options.keepWelcome !== true) await closeFirstRunViews(browser);
}

/** Closes the welcome tab and the sidebar a new install opens, once both came. */
async function closeFirstRunViews(browser: Browser): Promise<void> {
  const end = Date.now() + scaled(15_000);
  for (;;) {
    for (const page of await browser.pages()) {
      const href = await page.evaluate(() => location.href).catch(() => '');
      if (href === `${ORIGIN}/welcome.html`) {
        await page.close();
        await untilInBrowserWindow(browser, 'SidebarController.isOpen', 'the first-run sidebar', scaled(15_000));
        await inBrowserWindow(browser, 'SidebarController.hide(), null');
        return;
      }
    }
    if (Date.now() > end) throw new Error('The add-on did not open its welcome page on install');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
