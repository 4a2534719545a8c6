import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page, type Target } from 'puppeteer-core';
import { CHROME_BUILD, CHROMIUM_PATH } from '../support/browsers';
import { scaled } from '../support/time';
import { BaseExtensionBrowser } from './base';
import { prepareProfile, QUIET_FLAGS, SANDBOX_GRANT } from './chromium-profile';
import { WorkerStopper } from './chromium-worker';
import type { Badge, LaunchOptions, PanelView } from './types';

/** The viewport of every tab, as a laptop's browser window (both browsers alike). */
export const VIEWPORT = { width: 1280, height: 720 };

/** System Chromium, headless, with the MV3 build loaded unpacked, driven over CDP. */
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
    const page = await this.browser.newPage();
    await page.goto(url);
    return page;
  }

  async goto(page: Page, url: string): Promise<void> {
    await page.goto(url);
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
    await page.waitForFunction(() => document.readyState === 'complete');
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

  /** A stopper kept open by the caller, to stop the worker again and again (the drills). */
  workerStopper(): Promise<WorkerStopper> {
    return WorkerStopper.open(this.browser, this.origin);
  }
}

/** The `chrome` API as the badge read uses it. */
interface ChromeApi {
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
  const installs = prepareProfile(
    profileDir,
    extensionDir,
    options.grantedOrigins ?? SANDBOX_GRANT,
    options.grantedApis ?? [],
  );
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    userDataDir: profileDir,
    defaultViewport: VIEWPORT,
    args: [
      ...QUIET_FLAGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      ...(options.lang === undefined ? [] : [`--lang=${options.lang}`]),
    ],
    ...(options.lang === undefined ? {} : { env: { ...process.env, LANGUAGE: options.lang } }),
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
