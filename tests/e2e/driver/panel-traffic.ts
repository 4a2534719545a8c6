import type { Page } from 'puppeteer-core';
import { PREFS_CHANNEL } from '../../../lib/storage/prefs';
import type { ExtensionBrowser } from './types';

/** What crossed between the side panel and the background since the panel opened. */
export interface PanelTraffic {
  /** Messages the panel sent, by name. */
  sent: Record<string, number>;
  /** Pushes the background sent down the panel's state ports. */
  pushes: {
    status?: unknown;
    statusChange?: { head?: Record<string, unknown>; accounts?: { id: string; pending: number }[]; order?: string[] };
    outbox?: { reset: boolean; items: { id: string }[]; removed: string[] };
    settings?: { mutedWords: string[]; reactionKinds: unknown[] };
  }[];
  /** Ports the panel opened. */
  ports: number;
}

/**
 * Counts, inside the side panel, what it sends and what its ports receive: installed before the
 * panel's own script (Chromium runs a driver's script on every new document of the tab).
 */
const PANEL_COUNTER = `
if (location.pathname === '/sidepanel.html') {
  const counts = { sent: {}, pushes: [], ports: 0 };
  window.__counts = counts;
  const runtime = chrome.runtime;
  const send = runtime.sendMessage.bind(runtime);
  runtime.sendMessage = (message, ...rest) => {
    const name = message && message.type;
    counts.sent[name] = (counts.sent[name] || 0) + 1;
    return send(message, ...rest);
  };
  const connect = runtime.connect.bind(runtime);
  runtime.connect = (...args) => {
    const port = connect(...args);
    counts.ports += 1;
    port.onMessage.addListener((push) => counts.pushes.push(push));
    return port;
  };
}
`;

/**
 * The side panel in a tab, with what crosses between it and the background counted from its first
 * message on. Chromium: counted in the panel, by a script run before the panel's own. Firefox runs
 * no driver's script before an extension page's own (BiDi's preload scripts skip `moz-extension:`
 * documents), so there the other end counts: the background page (MV2, persistent, reachable from
 * any page of ours) listens too, to the same messages and connections, and counts what it pushes.
 */
export async function countedPanel(ext: ExtensionBrowser): Promise<{ page: Page; traffic(): Promise<PanelTraffic> }> {
  const page = await ext.newTab();
  if (ext.engine === 'chromium') {
    await page.evaluateOnNewDocument(PANEL_COUNTER);
    await ext.goto(page, ext.url('sidepanel.html'));
    return { page, traffic: () => page.evaluate(() => (window as unknown as { __counts: PanelTraffic }).__counts) };
  }
  await ext.inExtension(() => {
    const background = (globalThis as unknown as FirefoxGlobal).browser.extension.getBackgroundPage();
    const counts: PanelTraffic = { sent: {}, pushes: [], ports: 0 };
    background.__panelCounts = counts;
    const fromPanel = (sender?: { url?: string }) => (sender?.url ?? '').endsWith('/sidepanel.html');
    const { runtime } = background.browser;
    runtime.onMessage.addListener((message, sender) => {
      const name = (message as { type?: string } | null)?.type ?? 'undefined';
      if (fromPanel(sender)) counts.sent[name] = (counts.sent[name] ?? 0) + 1;
    });
    runtime.onConnect.addListener((port) => {
      if (!fromPanel(port.sender)) return;
      counts.ports += 1;
      const post = port.postMessage.bind(port);
      port.postMessage = (push: unknown) => {
        counts.pushes.push(JSON.parse(JSON.stringify(push)));
        post(push);
      };
    });
  });
  await ext.goto(page, ext.url('sidepanel.html'));
  return {
    page,
    traffic: () =>
      ext.inExtension(() =>
        JSON.parse(
          JSON.stringify((globalThis as unknown as FirefoxGlobal).browser.extension.getBackgroundPage().__panelCounts),
        ),
      ),
  };
}

/** What of Firefox's `browser` the background's counter uses. */
interface FirefoxGlobal {
  browser: {
    extension: {
      getBackgroundPage(): {
        __panelCounts?: PanelTraffic;
        browser: {
          runtime: {
            onMessage: { addListener(fn: (message: unknown, sender: { url?: string }) => void): void };
            onConnect: {
              addListener(fn: (port: { sender?: { url?: string }; postMessage(message: unknown): void }) => void): void;
            };
          };
        };
      };
    };
  };
}

/**
 * Counts, from now on, the panel's reads of storage (IndexedDB opens and reads, `storage.*` gets),
 * installed in the panel page itself (both browsers: it is there already); `storageReads` reads the count.
 */
export async function countStorageReads(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counter = { reads: 0 };
    (window as unknown as { __storageReads: typeof counter }).__storageReads = counter;
    const count = <A extends unknown[], R>(fn: (...args: A) => R) =>
      function (this: unknown, ...args: A): R {
        counter.reads += 1;
        return fn.apply(this, args);
      };
    IDBFactory.prototype.open = count(IDBFactory.prototype.open);
    for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
      proto.get = count(proto.get);
      proto.getAll = count(proto.getAll);
      proto.openCursor = count(proto.openCursor);
    }
    const api =
      (globalThis as unknown as { browser?: StorageApi; chrome?: StorageApi }).browser ??
      (globalThis as unknown as { chrome?: StorageApi }).chrome;
    for (const area of [api?.storage?.local, api?.storage?.session]) {
      if (area !== undefined) area.get = count(area.get.bind(area));
    }
  });
  return () => page.evaluate(() => (window as unknown as { __storageReads: { reads: number } }).__storageReads.reads);
}

interface StorageApi {
  storage?: { local?: { get: (...args: unknown[]) => unknown }; session?: { get: (...args: unknown[]) => unknown } };
}

/**
 * Says, on the channel the prefs store tells changes on, that each of `names` changed, as another
 * extension context's write would; resolves once the page's own listeners have had the messages
 * (a listener of the page's, added last, heard them all, then one more task passed).
 */
export async function tellPrefChanges(page: Page, names: readonly string[]): Promise<void> {
  await page.evaluate(
    (channelName, names) =>
      new Promise<void>((resolve) => {
        const hearer = new BroadcastChannel(channelName);
        let heard = 0;
        hearer.onmessage = () => {
          heard += 1;
          if (heard < names.length) return;
          hearer.close();
          setTimeout(resolve, 0);
        };
        const teller = new BroadcastChannel(channelName);
        for (const name of names) teller.postMessage(name);
        teller.close();
      }),
    PREFS_CHANNEL,
    names,
  );
}
