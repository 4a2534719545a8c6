import type { Browser, Page } from 'puppeteer-core';

/** The two browsers every flow runs in. */
export type Engine = 'chromium' | 'firefox';

/** How a browser with the extension starts. */
export interface LaunchOptions {
  /** A profile to reopen (a restart); absent: a new one, removed on close. */
  profileDir?: string;
  /** Another build (an older or a packed one); default: the project's build for the engine. */
  extensionDir?: string;
  /**
   * Host access recorded as granted, as after the user's "Allow" (a headless browser's prompt
   * cannot be answered). Default: the sandbox's loopback origin. `[]`: nothing granted.
   */
  grantedOrigins?: readonly string[];
  /** Optional API permissions recorded as granted (`notifications`, `tabs`). */
  grantedApis?: readonly string[];
  /** The browser's language (the extension's words follow it). */
  lang?: 'en' | 'de' | 'fr';
  /** Keep the welcome page the extension opens on install (closed by default, once it came). */
  keepWelcome?: boolean;
}

/** The launch options `reset` may change: the others need a new browser. */
export const RESETTABLE_OPTIONS = ['lang', 'grantedApis', 'grantedOrigins', 'keepWelcome'] as const;
export type ResettableOption = (typeof RESETTABLE_OPTIONS)[number];

/** What a reset may change of `options`, each named (an absent one as undefined: its default). */
export function resettableOf(options: LaunchOptions): Pick<LaunchOptions, ResettableOption> {
  return {
    lang: options.lang,
    grantedApis: options.grantedApis,
    grantedOrigins: options.grantedOrigins,
    keepWelcome: options.keepWelcome,
  };
}

/** A reply of the background, as an extension page receives it. */
export type Reply<T = unknown> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

/** The badge of the toolbar button for one tab. */
export interface Badge {
  text: string;
  /** `rgba(r, g, b, a)`. */
  colour: string;
  title: string;
}

/**
 * The page inside the browser's real side panel or sidebar. Firefox gives no driver a handle on the
 * sidebar's page, so both browsers read and change it the same way: a function run on its document.
 */
export interface PanelView {
  evaluate<T, A extends unknown[]>(fn: (doc: Document, ...args: A) => T | Promise<T>, ...args: A): Promise<T>;
}

/**
 * A browser with the built extension installed: what a user touches (the extension's pages, web
 * pages, the side panel or sidebar, the popup, the toolbar) and what a test needs to see (messages,
 * the badge, a worker stop, a restart). One implementation per browser; flows are written against
 * this once.
 */
export interface ExtensionBrowser {
  readonly engine: Engine;
  /** The puppeteer browser (Chromium over CDP, Firefox over WebDriver BiDi). */
  readonly browser: Browser;
  /** `chrome-extension://ID` or `moz-extension://UUID`. */
  readonly origin: string;
  /** The profile directory (kept until `close`). */
  readonly profileDir: string;
  /** The address of an extension page (`options.html`). */
  url(path: string): string;
  /** A new blank tab, in front. */
  newTab(): Promise<Page>;
  /** Sets a tab's viewport (CSS pixels), as a window of that size shows it. */
  setViewport(page: Page, size: { width: number; height: number }): Promise<void>;
  /** Opens an extension page in a new tab; resolves once its document has loaded. */
  open(path: string): Promise<Page>;
  /** Opens a web page in a new tab; resolves once it has loaded. */
  openTab(url: string): Promise<Page>;
  /** Navigates a tab, resolving once the new document has loaded. */
  goto(page: Page, url: string): Promise<void>;
  /** The tab the extension (or a click of the user) opened at `path` of ours, once it is there. */
  waitForPage(path: string): Promise<Page>;
  /** A protocol message from an extension page, as the UI sends it. */
  send<T = unknown>(type: string, payload?: unknown): Promise<Reply<T>>;
  /** Like `send`, throwing on `{ok:false}`. */
  call<T = unknown>(type: string, payload?: unknown): Promise<T>;
  /** Runs `fn` in an extension page (its `browser`/`chrome` global at hand). */
  inExtension<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** The toolbar badge for `page`'s tab. */
  badge(page: Page): Promise<Badge>;
  /** Light or dark, as the operating system's setting is seen by pages (all of the browser's pages). */
  colourScheme(scheme: 'light' | 'dark' | null, page: Page): Promise<void>;
  /**
   * Opens the browser's real side panel (Chromium) or sidebar (Firefox) from `trigger`, an action
   * in an extension page that is a user gesture (a click on "Open side panel"); resolves to a view
   * of the page shown there.
   */
  openSidePanel(trigger: () => Promise<void>): Promise<PanelView>;
  /** True while the real side panel / sidebar shows the extension's page. */
  sidePanelOpen(): Promise<boolean>;
  /** Stops the background as the browser does when idle (Chromium's service worker; Firefox keeps its page). */
  stopBackground(): Promise<void>;
  /**
   * The extension as a new install finds it, in this browser (seconds of CPU cheaper than a new
   * browser, for the next spec file): its tabs closed, its data, alarms, notifications and the
   * grants a test added gone, its background started again, in the language and with the grants
   * `options` name (absent: the launch's). False when this browser cannot: Chromium takes its
   * language only at launch, and grants host access only from a user's click, so it can take
   * grants back but not give them (Firefox can do both).
   */
  reset(options?: Pick<LaunchOptions, ResettableOption>): Promise<boolean>;
  /**
   * Closes the browser and starts it again on the same profile (the same user's browser restarted);
   * `whileClosed` runs in between (time passing while the browser is closed).
   */
  restart(options?: Omit<LaunchOptions, 'profileDir'>, whileClosed?: () => Promise<void>): Promise<void>;
  /** Closes every tab the test opened (the browser stays, for the next test of the file). */
  closeTabs(): Promise<void>;
  /** Closes the browser and removes a profile it made. */
  close(): Promise<void>;
}
