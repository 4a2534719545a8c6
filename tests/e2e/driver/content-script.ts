import type { CDPSession, Page } from 'puppeteer-core';
import { frameIdOf } from './pages';
import type { ExtensionBrowser } from './types';

/**
 * Runs a function in a web page's tab as our content script runs: in the extension's isolated world
 * (Chromium) or its content-script sandbox (Firefox), where the bars' closed shadow roots are open
 * to us (`chrome.dom.openOrClosedShadowRoot`, Firefox's `element.openOrClosedShadowRoot`) and the
 * extension's content-script APIs are at hand. What a compromised renderer or a curious content
 * script could reach, and what a test reads the bars through. Nothing runs in the page's own world.
 *
 * - Chromium: CDP `Runtime.evaluate` in the execution context Chrome made for our isolated world in
 *   the tab's main frame (there once one of our content scripts has run in it).
 * - Firefox: `tabs.executeScript` with the code, from an extension page (WebDriver BiDi has no way
 *   into an add-on's sandbox; the page and the add-on need the host access the scripts have).
 *
 * `fn` is sent as its source: it may use only its arguments (JSON values). Its value must be JSON.
 */
export async function inContentScript<T, A extends unknown[]>(
  ext: ExtensionBrowser,
  page: Page,
  fn: (...args: A) => T | Promise<T>,
  ...args: A
): Promise<T> {
  const expression = `(async () => JSON.stringify(await (${fn.toString()})(...${JSON.stringify(args)})))()`;
  const json =
    ext.engine === 'chromium'
      ? await inIsolatedWorld(ext, page, expression)
      : await inFirefoxSandbox(ext, page, expression);
  return (json === undefined ? undefined : JSON.parse(json)) as T;
}

/** True when one of our content scripts has run in the tab's main frame (so `inContentScript` can). */
export async function contentScriptRan(ext: ExtensionBrowser, page: Page): Promise<boolean> {
  return inContentScript(ext, page, () => true).catch(() => false);
}

interface WorldWatch {
  session: CDPSession;
  /** Our isolated worlds' contexts by frame id, the newest last. */
  worlds: Map<string, number[]>;
}

const watches = new WeakMap<Page, Promise<WorldWatch>>();

/** A CDP session on the tab that keeps the ids of our isolated worlds as Chrome makes and drops them. */
function worldWatch(ext: ExtensionBrowser, page: Page): Promise<WorldWatch> {
  let watch = watches.get(page);
  if (watch === undefined) {
    watch = (async () => {
      const name = await ext.inExtension(
        () =>
          (
            globalThis as unknown as { chrome: { runtime: { getManifest(): { name: string } } } }
          ).chrome.runtime.getManifest().name,
      );
      const session = await page.createCDPSession();
      const worlds = new Map<string, number[]>();
      session.on('Runtime.executionContextCreated', ({ context }) => {
        const aux = context.auxData as { type?: string; frameId?: string } | undefined;
        if (aux?.type !== 'isolated' || context.name !== name || aux.frameId === undefined) return;
        worlds.set(aux.frameId, [...(worlds.get(aux.frameId) ?? []), context.id]);
      });
      session.on('Runtime.executionContextDestroyed', ({ executionContextId }) => {
        for (const [frame, ids] of worlds)
          worlds.set(
            frame,
            ids.filter((id) => id !== executionContextId),
          );
      });
      session.on('Runtime.executionContextsCleared', () => worlds.clear());
      // Enabling reports the contexts that exist already.
      await session.send('Runtime.enable');
      return { session, worlds };
    })();
    watches.set(page, watch);
  }
  return watch;
}

async function inIsolatedWorld(ext: ExtensionBrowser, page: Page, expression: string): Promise<string | undefined> {
  const { session, worlds } = await worldWatch(ext, page);
  const frameId = frameIdOf(page);
  const contextId = worlds.get(frameId)?.at(-1);
  if (contextId === undefined) throw new Error('None of our content scripts has run in this tab');
  const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
    expression,
    contextId,
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails !== undefined) {
    throw new Error(
      `In our content script's world: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`,
    );
  }
  return result.value as string | undefined;
}

const tabIds = new WeakMap<Page, number>();

/** The extension's id of the tab `page` shows (found once, with the tab in front, as the badge read does). */
export async function tabIdOf(ext: ExtensionBrowser, page: Page): Promise<number> {
  const known = tabIds.get(page);
  if (known !== undefined) return known;
  // The probe page first: opening it later would put it in front.
  await ext.inExtension(() => null);
  await page.bringToFront();
  const id = await ext.inExtension(async () => {
    const api =
      (globalThis as unknown as { browser?: TabsApi; chrome: TabsApi }).browser ??
      (globalThis as unknown as { chrome: TabsApi }).chrome;
    const [tab] = await api.tabs.query({ active: true, lastFocusedWindow: true });
    return tab?.id ?? -1;
  });
  if (id < 0) throw new Error('No active tab');
  tabIds.set(page, id);
  return id;
}

interface TabsApi {
  tabs: { query(q: object): Promise<{ id?: number }[]> };
}

async function inFirefoxSandbox(ext: ExtensionBrowser, page: Page, expression: string): Promise<string | undefined> {
  const tabId = await tabIdOf(ext, page);
  return ext.inExtension(
    async (tabId: number, code: string) => {
      const { tabs } = (
        globalThis as unknown as {
          browser: { tabs: { executeScript(id: number, d: object): Promise<unknown[]> } };
        }
      ).browser;
      const [value] = await tabs.executeScript(tabId, { code, frameId: 0 });
      return value as string | undefined;
    },
    tabId,
    expression,
  );
}
