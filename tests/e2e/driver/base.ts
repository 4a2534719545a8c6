import { rmSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { scaled } from '../support/time';
import {
  type Badge,
  type Engine,
  type ExtensionBrowser,
  type LaunchOptions,
  type PanelView,
  type Reply,
  type ResettableOption,
  resettableOf,
} from './types';

/** What both browsers' drivers share: messages and reads through a probe page of ours, tab bookkeeping. */
export abstract class BaseExtensionBrowser implements ExtensionBrowser {
  abstract readonly engine: Engine;
  abstract readonly origin: string;
  /** The extension page kept open to send messages and read extension state from. */
  private probePage: Page | undefined;
  /** Tabs open when the browser was ready (kept by `closeTabs`). */
  private readonly kept = new Set<Page>();

  protected constructor(
    public browser: Browser,
    readonly profileDir: string,
    protected readonly ownsProfile: boolean,
    protected options: LaunchOptions,
  ) {}

  url(path: string): string {
    return `${this.origin}/${path}`;
  }

  abstract open(path: string): Promise<Page>;
  abstract openTab(url: string): Promise<Page>;
  abstract goto(page: Page, url: string): Promise<void>;

  newTab(): Promise<Page> {
    return this.browser.newPage();
  }

  setViewport(page: Page, size: { width: number; height: number }): Promise<void> {
    return page.setViewport(size);
  }
  abstract badge(page: Page): Promise<Badge>;
  abstract colourScheme(scheme: 'light' | 'dark' | null, page: Page): Promise<void>;
  abstract openSidePanel(trigger: () => Promise<void>): Promise<PanelView>;
  abstract sidePanelOpen(): Promise<boolean>;
  abstract stopBackground(): Promise<void>;
  protected abstract relaunch(options: LaunchOptions): Promise<Browser>;
  /**
   * Makes the extension a new install in this browser (its data, alarms and extra grants gone, its
   * background started again) in the language and with the grants `next` names; false when this
   * browser cannot. `this.options` still holds the current ones.
   */
  protected abstract reinstall(next: LaunchOptions): Promise<boolean>;
  /** The page of ours that serves as the probe (one with the extension API and no UI of its own). */
  protected abstract probePath(): string;

  async waitForPage(path: string): Promise<Page> {
    const wanted = this.url(path);
    const end = Date.now() + scaled(15_000);
    for (;;) {
      for (const page of await this.browser.pages()) {
        if (page === this.probePage) continue;
        const href = await page.evaluate(() => location.href).catch(() => '');
        if (href.split('#')[0] === wanted) return page;
      }
      if (Date.now() > end) throw new Error(`The extension did not open ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The probe page, opened on first use. */
  protected async probe(): Promise<Page> {
    if (this.probePage === undefined || this.probePage.isClosed()) {
      this.probePage = await this.open(this.probePath());
      this.kept.add(this.probePage);
    }
    return this.probePage;
  }

  async inExtension<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    const page = await this.probe();
    return (await page.evaluate(fn as never, ...(args as unknown as never[]))) as T;
  }

  async send<T = unknown>(type: string, payload?: unknown): Promise<Reply<T>> {
    // The reply comes back as JSON: WebDriver BiDi sends an object met twice in a value once (the
    // second time by reference, which puppeteer reads as undefined), and a reply may hold one twice
    // (getStatus's pause is also its default account's). CDP's by-value result is JSON already.
    const json = await this.inExtension(
      async (type: string, payload: unknown) => {
        const api =
          (globalThis as unknown as { browser?: unknown; chrome?: unknown }).browser ??
          (globalThis as unknown as { chrome: unknown }).chrome;
        const { runtime } = api as { runtime: { sendMessage(m: unknown): Promise<unknown> } };
        return JSON.stringify(await runtime.sendMessage(payload === undefined ? { type } : { type, payload }));
      },
      type,
      payload,
    );
    return (json === undefined ? undefined : JSON.parse(json)) as Reply<T>;
  }

  async call<T = unknown>(type: string, payload?: unknown): Promise<T> {
    const reply = await this.send<T>(type, payload);
    if (!reply.ok) throw new Error(`${type} failed: ${reply.error.code}: ${reply.error.message}`);
    return reply.data;
  }

  /** Remembers the tabs open now as the browser's own (about:blank), kept across tests. */
  protected async keepOpenTabs(): Promise<void> {
    for (const page of await this.browser.pages()) this.kept.add(page);
  }

  /**
   * A view that runs functions on a document found by `documentExpression`, evaluated in `host`
   * (a function is sent as its source, so it may use only its arguments).
   */
  protected panelView(host: () => Promise<Page>, documentExpression: string): PanelView {
    return {
      evaluate: async (fn, ...args) => {
        const page = await host();
        const call = `(${fn.toString()})(${documentExpression}, ...${JSON.stringify(args)})`;
        return page.evaluate(call) as never;
      },
    };
  }

  async closeTabs(): Promise<void> {
    for (const page of await this.browser.pages()) {
      if (!this.kept.has(page)) await page.close().catch(() => undefined);
    }
  }

  async reset(options?: Pick<LaunchOptions, ResettableOption>): Promise<boolean> {
    const next: LaunchOptions = options === undefined ? this.options : { ...this.options, ...resettableOf(options) };
    await this.closeTabs();
    // Bounded: a store some view still holds may never let go; the caller then starts a new browser.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('The reset did not end in time')), scaled(20_000));
    });
    const done = await Promise.race([this.reinstall(next), limit]).finally(() => clearTimeout(timer));
    // The probe the reinstall last heard answer serves on (a new install's page, or the kept
    // install's); without a reinstall it may be the old install's: opened again on first use. The
    // welcome page a new install opened stays when the test asked to keep it.
    if (done) this.options = next;
    else await this.forgetProbe();
    // Waited for: a tab still opening reads as a blank one, and would be closed below.
    const welcome = done && next.keepWelcome === true ? await this.waitForPage('welcome.html') : undefined;
    for (const page of await this.browser.pages()) {
      if (!this.kept.has(page) && page !== welcome) await page.close().catch(() => undefined);
    }
    // In front, as the install showed it (the probe opened after it).
    await welcome?.bringToFront();
    return done;
  }

  /** Closes the probe page (if open); the next message opens a new one. */
  private async forgetProbe(): Promise<void> {
    const page = this.probePage;
    this.probePage = undefined;
    if (page === undefined) return;
    this.kept.delete(page);
    await page.close().catch(() => undefined);
  }

  /** Waits until the background answers a message (after a start or a reload of the extension). */
  protected async untilAnswering(): Promise<void> {
    const end = Date.now() + scaled(15_000);
    for (;;) {
      try {
        // One try may never be answered (a message sent while the extension went away): try again.
        const reply = await Promise.race([
          this.send('getStatus'),
          new Promise<undefined>((resolve) => setTimeout(resolve, scaled(3_000))),
        ]);
        if (reply?.ok) return;
      } catch {
        // The page was closed or not yet loadable while the extension reloaded: open it again.
      }
      await this.forgetProbe();
      if (Date.now() > end) throw new Error('The extension did not answer after its reload');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async restart(options: Omit<LaunchOptions, 'profileDir'> = {}, whileClosed?: () => Promise<void>): Promise<void> {
    await this.browser.close();
    await whileClosed?.();
    this.probePage = undefined;
    this.kept.clear();
    this.options = { ...this.options, ...options, profileDir: this.profileDir };
    this.browser = await this.relaunch(this.options);
    await this.keepOpenTabs();
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    if (this.ownsProfile) rmSync(this.profileDir, { recursive: true, force: true });
  }
}
