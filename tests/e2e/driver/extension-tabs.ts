import type { ExtensionBrowser } from './types';

/**
 * Tabs showing pages of ours, read the way the extension itself sees them
 * (`extension.getViews({ type: 'tab' })`), in both browsers. A tab that a page of ours opens through
 * a link (`<a target="_blank" rel="noopener">`) is invisible to puppeteer over WebDriver BiDi in
 * Firefox ESR: the tab is there and shows the page, but its browsing context replaces the one
 * puppeteer was told of, so `browser.pages()` holds a page that no longer answers, or none.
 */

/** The paths of our pages open in tabs now (`/welcome.html`). */
export function extensionTabPaths(ext: ExtensionBrowser): Promise<string[]> {
  return ext.inExtension(() => {
    const api =
      (globalThis as unknown as { browser?: unknown; chrome?: unknown }).browser ??
      (globalThis as unknown as { chrome: unknown }).chrome;
    const { extension } = api as { extension: { getViews(o: object): Window[] } };
    return extension.getViews({ type: 'tab' }).map((view) => view.location.pathname);
  });
}

/** What a CSS selector finds in the loaded document of our tab at `path`. */
export interface TabRead {
  /** How many elements it finds. */
  count: number;
  /** The visible text of the first ('' when none). */
  text: string;
}

/** Reads `selector` in our tab showing `path` (`welcome.html`); undefined while no such tab has loaded. */
export function readExtensionTab(ext: ExtensionBrowser, path: string, selector: string): Promise<TabRead | undefined> {
  return ext.inExtension(
    (wanted: string, selector: string) => {
      const api =
        (globalThis as unknown as { browser?: unknown; chrome?: unknown }).browser ??
        (globalThis as unknown as { chrome: unknown }).chrome;
      const { extension } = api as { extension: { getViews(o: object): Window[] } };
      const view = extension.getViews({ type: 'tab' }).find((tab) => tab.location.pathname === wanted);
      if (view === undefined || view.document.readyState !== 'complete') return undefined;
      const found = [...view.document.querySelectorAll(selector)];
      return { count: found.length, text: (found[0] as HTMLElement | undefined)?.innerText ?? '' };
    },
    `/${path}`,
    selector,
  );
}
