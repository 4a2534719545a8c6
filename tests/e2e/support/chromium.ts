import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, type CDPSession, chromium, expect, type Page } from '@playwright/test';
import {
  prepareProfile,
  QUIET_FLAGS,
  recordHostGrant,
  SANDBOX_GRANT,
  unpackedExtensionId,
} from '../driver/chromium-profile';
import { CHROME_BUILD, CHROMIUM_PATH } from './browsers';

import { scaled } from './time';

export { QUIET_FLAGS, recordHostGrant, SANDBOX_GRANT, unpackedExtensionId };

export interface ChromiumLaunch {
  context: BrowserContext;
  /** The profile directory: pass it to a later launch to reopen the same profile. */
  userDataDir: string;
}

/**
 * Starts system Chromium headless with the built extension loaded, on a new profile or on the
 * given one (to test what survives a browser restart).
 *
 * Headless Chromium shows the permission prompt and never answers it, so a new profile starts with
 * `grantedOrigins` (default: the sandbox's, {@link SANDBOX_GRANT}) recorded as the user's answer to
 * the options page's request: the extension comes up holding that access, and the options page's
 * own `permissions.request` for it resolves at once. Pass `[]` for a profile that granted nothing.
 *
 * On a new profile the extension is installed, and opens its welcome page in a tab: it is closed
 * here once it came, so a test starts with no extension page of ours open (an open page reconnects
 * and wakes a stopped worker), unless `keepWelcome` says the test is about it.
 */
export async function launchChromium(
  options: {
    userDataDir?: string;
    extensionDir?: string;
    grantedOrigins?: readonly string[];
    /** More command-line flags, such as `--lang=de` (the extension's messages follow the browser's language). */
    args?: readonly string[];
    /** Optional API permissions recorded as granted the same way (`notifications`). */
    grantedApis?: readonly string[];
    keepWelcome?: boolean;
  } = {},
) {
  const userDataDir = options.userDataDir ?? newProfileDir();
  const extensionDir = options.extensionDir ?? CHROME_BUILD;
  const installs = !existsSync(path.join(userDataDir, 'Default'));
  prepareProfile(userDataDir, extensionDir, options.grantedOrigins ?? SANDBOX_GRANT, options.grantedApis ?? []);
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...QUIET_FLAGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      ...(options.args ?? []),
    ],
  });
  if (installs && options.keepWelcome !== true) await (await welcomePage(context)).close();
  return { context, userDataDir } satisfies ChromiumLaunch;
}

/** The welcome page the extension opens by itself on install, once its address is loaded. */
export async function welcomePage(context: BrowserContext): Promise<Page> {
  const find = () => context.pages().find((page) => page.url().endsWith('/welcome.html'));
  await expect
    .poll(() => find() !== undefined, { timeout: scaled(15_000), message: 'the welcome page opens' })
    .toBe(true);
  const page = find();
  if (page === undefined) throw new Error('The welcome page closed as soon as it opened');
  return page;
}

/** A new, empty Chromium profile directory. */
export function newProfileDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'dc-chromium-'));
}

/** Removes a profile made by launchChromium (after its context is closed). */
export function removeProfile(userDataDir: string): void {
  rmSync(userDataDir, { recursive: true, force: true });
}

/** The extension's id: the host of its service worker's URL. */
export async function extensionIdOf(context: BrowserContext): Promise<string> {
  const worker =
    context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: scaled(15_000) }));
  return new URL(worker.url()).host;
}

/** Opens an extension page (`options.html`, `sidepanel.html`, …) in a new tab and waits for it to load. */
export async function openExtensionPage(context: BrowserContext, extensionId: string, page: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(`chrome-extension://${extensionId}/${page}`);
  return tab;
}

/**
 * Stops the extension's service worker the way the browser does when it is idle, through CDP
 * from an extension tab (Playwright's own worker handle hangs while the worker is stopped), and
 * waits until CDP reports it stopped. The next event (message, alarm) starts it again.
 */
export async function stopServiceWorker(context: BrowserContext, extensionId: string): Promise<void> {
  const stopper = await WorkerStopper.open(context, extensionId);
  try {
    await stopper.stop();
  } finally {
    await stopper.close();
  }
}

/**
 * A CDP session kept open on an extension tab (`manifest.json`: no script, so it never wakes the
 * worker), so a test can stop the worker within milliseconds of an event, as often as it likes.
 */
export class WorkerStopper {
  private readonly status = new Map<string, string>();
  private registrations = new Set<string>();
  /** How many times CDP reported a version of the worker stopped. */
  private stopsSeen = 0;

  private constructor(
    private readonly tab: Page,
    private readonly cdp: CDPSession,
  ) {}

  static async open(context: BrowserContext, extensionId: string): Promise<WorkerStopper> {
    const tab = await openExtensionPage(context, extensionId, 'manifest.json');
    const cdp = await context.newCDPSession(tab);
    const stopper = new WorkerStopper(tab, cdp);
    const scope = `chrome-extension://${extensionId}/`;
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) if (r.scopeURL === scope) stopper.registrations.add(r.registrationId);
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        if (!stopper.registrations.has(v.registrationId)) continue;
        if (v.runningStatus === 'stopped' && stopper.status.get(v.versionId) !== 'stopped') stopper.stopsSeen += 1;
        stopper.status.set(v.versionId, v.runningStatus);
      }
    });
    await cdp.send('ServiceWorker.enable');
    return stopper;
  }

  /**
   * Sends the stop at once; resolves when CDP reports the worker stopped: every version stopped now,
   * or a stop seen since the command (an alarm that is due may start it again at once, as it would
   * after any stop; polling the status alone would miss that stop).
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    const before = this.stopsSeen;
    await this.cdp.send('ServiceWorker.stopAllWorkers');
    const deadline = Date.now() + timeoutMs;
    const stopped = () =>
      this.stopsSeen > before || (this.status.size > 0 && [...this.status.values()].every((s) => s === 'stopped'));
    // A stop sent while the worker is still starting is not always taken: ask again each second.
    for (let polls = 1; !stopped(); polls += 1) {
      if (Date.now() > deadline)
        throw new Error(`The service worker did not stop: ${JSON.stringify([...this.status])}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (polls % 50 === 0 && !stopped()) await this.cdp.send('ServiceWorker.stopAllWorkers');
    }
  }

  /**
   * The newest time (epoch ms) the Outbox stored a 429 it heard, read from the extension origin's
   * IndexedDB through this tab (no message: the worker is not woken); 0 when none.
   */
  async lastStoredRefusal(): Promise<number> {
    const states = (await this.readAll('accounts')) as { rateLimitedBy?: { at: number; lost?: boolean } }[];
    const heard = states.filter((state) => state.rateLimitedBy !== undefined && state.rateLimitedBy.lost !== true);
    return Math.max(0, ...heard.map((state) => state.rateLimitedBy?.at ?? 0));
  }

  /** True while the Outbox holds a write `sending` (read the same way, without waking the worker). */
  async isSending(): Promise<boolean> {
    const items = (await this.readAll('outbox')) as { state: { status: string } }[];
    return items.some((item) => item.state.status === 'sending');
  }

  /** Every record of one of the extension's IndexedDB stores, read from this extension-origin tab; [] when absent. */
  private readAll(store: 'accounts' | 'outbox'): Promise<unknown[]> {
    return this.tab.evaluate(readStoreInPage, store);
  }

  async close(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
    await this.tab.close();
  }
}

/**
 * Every record of one of the extension's IndexedDB stores, [] when absent: run in an extension-origin
 * tab (`page.evaluate(readStoreInPage, name)`), it reads the bare database and never wakes the worker.
 */
export function readStoreInPage(name: string): Promise<unknown[]> {
  return new Promise<unknown[]>((resolve) => {
    const open = indexedDB.open('debate-companion');
    open.onerror = () => resolve([]);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(name)) {
        db.close();
        resolve([]);
        return;
      }
      const all = db.transaction(name).objectStore(name).getAll();
      all.onsuccess = () => {
        db.close();
        resolve(all.result);
      };
      all.onerror = () => {
        db.close();
        resolve([]);
      };
    };
  });
}
