import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page, type Target } from 'puppeteer-core';
import { CHROME_BUILD, CHROMIUM_PATH, HEADED, HEADED_SCALE } from '../support/browsers';
import { scaled } from '../support/time';
import { BaseExtensionBrowser } from './base';
import { prepareProfile, QUIET_FLAGS, SANDBOX_GRANT } from './chromium-profile';
import { WorkerStopper } from './chromium-worker';
import type { Badge, LaunchOptions, PanelView } from './types';
import { untilLoaded } from './ui';

/** The viewport of every tab, as a laptop's browser window (both browsers alike). */
export const VIEWPORT = { width: 1280, height: 720 };

/** A headed window's size (CSS pixels): the viewport and the browser's bars above it. */
const WINDOW = `${VIEWPORT.width},${VIEWPORT.height + 100}`;

/** System Chromium, headless (unless `DC_HEADED=1`), with the MV3 build loaded unpacked, driven over CDP. */
export class ChromiumExtension extends BaseExtensionBrowser {
  readonly engine = 'chromium';
  private sidePanelTarget: Target | undefined;

  private constructor(
    browser: Browser,
    readonly origin: string,
    profileDir: string,
    ownsProfile: boolean,
    options: LaunchOptions,
  ) {
    super(browser, profileDir, ownsProfile, options);
  }

  static async launch(options: LaunchOptions = {}): Promise<ChromiumExtension> {
    const ownsProfile = options.profileDir === undefined;
    const profileDir = options.profileDir ?? mkdtempSync(path.join(tmpdir(), 'dc-chromium-'));
    const { browser, origin } = await startChromium({ ...options, profileDir });
    const driver = new ChromiumExtension(browser, origin, profileDir, ownsProfile, { ...options, profileDir });
    await driver.keepOpenTabs();
    return driver;
  }

  protected async relaunch(options: LaunchOptions): Promise<Browser> {
    return (await startChromium(options)).browser;
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

  async goto(page: Page, url: string): Promise<void> {
    await page.goto(url);
    await untilLoaded(page);
  }

  async badge(page: Page): Promise<Badge> {
    await page.bringToFront();
    return this.inExtension(async () => {
      const { action, tabs } = (globalThis as unknown as { chrome: ChromeApi }).chrome;
      const [tab] = await tabs.query({ active: true, lastFocusedWindow: true });
      const tabId = tab?.id;
      const [text, colour, title] = await Promise.all([
        action.getBadgeText({ tabId }),
        action.getBadgeBackgroundColor({ tabId }),
        action.getTitle({ tabId }),
      ]);
      return { text, colour: `rgba(${colour.join(', ')})`, title };
    });
  }

  async colourScheme(scheme: 'light' | 'dark' | null, page: Page): Promise<void> {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme ?? '' }]);
  }

  async openSidePanel(trigger: () => Promise<void>): Promise<PanelView> {
    const url = this.url('sidepanel.html');
    const tabs = new Set((await this.browser.pages()).map((page) => page.target()));
    await trigger();
    const target = await this.browser.waitForTarget((t) => t.url() === url && !tabs.has(t), {
      timeout: scaled(15_000),
    });
    this.sidePanelTarget = target;
    const page = await target.asPage();
    await untilLoaded(page);
    return this.panelView(async () => page, 'document');
  }

  async sidePanelOpen(): Promise<boolean> {
    const target = this.sidePanelTarget;
    if (target === undefined) return false;
    return this.browser.targets().some((t) => t === target && t.url() === this.url('sidepanel.html'));
  }

  async stopBackground(): Promise<void> {
    const stopper = await this.workerStopper();
    try {
      await stopper.stop();
    } finally {
      await stopper.close();
    }
  }

  /**
   * Takes back what a test granted beyond the launch's grants, clears alarms and notifications,
   * stops the worker, empties every store of the extension and stops the worker again (a storage
   * event may have woken it): its next start, at the next message, finds what a new install finds
   * and rebuilds its content scripts and menus from it, as every start does. Chromium keeps the
   * install itself: it grants host access again after an uninstall only from a user's click, and
   * `runtime.reload()` of a build loaded from the command line leaves it unloaded. So `next` may
   * name fewer grants than held, not more, the launch's language only, and no welcome page kept.
   */
  protected async reinstall(next: LaunchOptions): Promise<boolean> {
    // Its language comes at launch only; the install's welcome page comes with a new install only.
    if ((next.lang ?? 'en') !== (this.options.lang ?? 'en') || next.keepWelcome === true) return false;
    const grants = {
      origins: [...(next.grantedOrigins ?? SANDBOX_GRANT)],
      permissions: [...(next.grantedApis ?? [])],
    };
    // The real side panel (no tab: `closeTabs` leaves it) would keep the old install's page open.
    for (const target of this.browser.targets()) {
      if (target.url() !== this.url('sidepanel.html')) continue;
      await target
        .asPage()
        .then((page) => page.close())
        .catch(() => undefined);
    }
    this.sidePanelTarget = undefined;
    const held = await this.inExtension(takeBackGrants, grants);
    if (!held) return false;
    const stopper = await this.workerStopper();
    try {
      await stopper.stop();
      await stopper.page.evaluate(emptyStores);
      await stopper.stop();
    } finally {
      await stopper.close();
    }
    await this.untilAnswering();
    return true;
  }

  /** A stopper kept open by the caller, to stop the worker again and again (the drills). */
  workerStopper(): Promise<WorkerStopper> {
    return WorkerStopper.open(this.browser, this.origin);
  }
}

/** The `chrome` API as the badge read and the reset use it. */
interface ChromeApi {
  runtime: { getManifest(): { optional_permissions?: string[] } };
  alarms: { clearAll(): Promise<boolean> };
  notifications?: { getAll(): Promise<Record<string, boolean>>; clear(id: string): Promise<boolean> };
  permissions: {
    getAll(): Promise<{ permissions?: string[]; origins?: string[] }>;
    remove(p: { permissions?: string[]; origins?: string[] }): Promise<boolean>;
    contains(p: { permissions?: string[]; origins?: string[] }): Promise<boolean>;
  };
  storage: { local: { clear(): Promise<void> }; session?: { clear(): Promise<void> } };
  tabs: { query(q: object): Promise<{ id?: number }[]> };
  action: {
    getBadgeText(d: { tabId?: number }): Promise<string>;
    getBadgeBackgroundColor(d: { tabId?: number }): Promise<number[]>;
    getTitle(d: { tabId?: number }): Promise<string>;
  };
}

/**
 * Starts Chromium on `options.profileDir` with the build loaded. On a new profile the extension is
 * installed and opens its welcome page: closed once it came, unless `keepWelcome`.
 */
async function startChromium(options: LaunchOptions): Promise<{ browser: Browser; origin: string }> {
  const extensionDir = options.extensionDir ?? CHROME_BUILD;
  const profileDir = options.profileDir as string;
  const lang = options.lang ?? 'en';
  const installs = prepareProfile(
    profileDir,
    extensionDir,
    options.grantedOrigins ?? SANDBOX_GRANT,
    options.grantedApis ?? [],
    HEADED,
  );
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: !HEADED,
    userDataDir: profileDir,
    defaultViewport: HEADED ? { ...VIEWPORT, deviceScaleFactor: HEADED_SCALE } : VIEWPORT,
    args: [
      ...QUIET_FLAGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      // English unless asked otherwise, whatever the machine's language (Firefox's too: en-US).
      `--lang=${lang === 'en' ? 'en-US' : lang}`,
      // A window as wide as the tabs' viewport, at the screen's corner (Xvfb has no window manager).
      ...(HEADED
        ? [`--force-device-scale-factor=${HEADED_SCALE}`, '--window-position=0,0', `--window-size=${WINDOW}`]
        : []),
    ],
    env: { ...process.env, LANGUAGE: lang },
  });
  try {
    const worker = await browser.waitForTarget((t) => t.type() === 'service_worker', { timeout: scaled(15_000) });
    const origin = `chrome-extension://${new URL(worker.url()).host}`;
    if (installs && options.keepWelcome !== true) {
      const welcome = await browser.waitForTarget((t) => t.url() === `${origin}/welcome.html`, {
        timeout: scaled(15_000),
      });
      await (await welcome.asPage()).close();
    }
    return { browser, origin };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * In an extension page: clears alarms and notifications, takes back each grant beyond `grants`
 * (the required ones refuse, and stay), and tells whether `grants` are all still held.
 */
async function takeBackGrants(grants: { origins: string[]; permissions: string[] }): Promise<boolean> {
  const { chrome } = globalThis as unknown as { chrome: ChromeApi };
  await chrome.alarms.clearAll();
  if (chrome.notifications !== undefined) {
    for (const id of Object.keys(await chrome.notifications.getAll())) await chrome.notifications.clear(id);
  }
  const optional = chrome.runtime.getManifest().optional_permissions ?? [];
  const granted = await chrome.permissions.getAll();
  const extras = [
    ...(granted.permissions ?? [])
      .filter((name) => optional.includes(name) && !grants.permissions.includes(name))
      .map((name) => ({ permissions: [name] })),
    ...(granted.origins ?? [])
      .filter((origin) => !grants.origins.includes(origin))
      .map((origin) => ({ origins: [origin] })),
  ];
  for (const extra of extras) await chrome.permissions.remove(extra).catch(() => false);
  return chrome.permissions.contains(grants);
}

/** In an extension page, the worker stopped: deletes every database and clears every storage area. */
async function emptyStores(): Promise<void> {
  const { chrome } = globalThis as unknown as { chrome: ChromeApi };
  for (const { name } of await indexedDB.databases()) {
    if (name === undefined) continue;
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
  }
  await chrome.storage.local.clear();
  await chrome.storage.session?.clear();
  localStorage.clear();
  sessionStorage.clear();
}
