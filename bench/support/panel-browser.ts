import type { BrowserContext, Page } from '@playwright/test';
import { PANEL_CACHE_KEY, PICTURE_KEY } from '../../entrypoints/sidepanel/fast-open/panel-cache-key';
import { extensionIdOf, launchChromium, openExtensionPage, removeProfile } from '../../tests/e2e/support/chromium';
import { configure } from '../../tests/e2e/support/extension-client';
import { USABLE_PROBE } from './usable-probe';

/** What an opening empties first (the keys of what the panel keeps between openings). */
export const FORGET = {
  /** Nothing: the picture of the last opening, then the live panel with its posts, then the fresh ones. */
  nothing: [],
  /** The first posts come from the API, as on the very first opening. */
  everything: [PANEL_CACHE_KEY, PICTURE_KEY],
} as const;

/** How long to leave a page alone before asking for its mark, and between asks (ms). */
const SETTLE_MS = 400;

/**
 * Opens an extension page once and answers the times from navigation start to `marks` (for the
 * panel: first timeline items painted, and the live panel's items painted; each set after the frame
 * that drew them). The page is left alone until it
 * has had time to set them: Playwright's `waitForFunction` would inject its own script and poll on
 * every frame while the page loads, and the time that takes would be counted as ours.
 */
export async function openOnce(context: BrowserContext, url: string, marks: string[]): Promise<number[]> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    for (let waited = 0; waited < 30_000; waited += SETTLE_MS) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const times = await page.evaluate(
        (marks) => marks.map((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null),
        marks,
      );
      if (times.every((time) => time !== null)) return times as number[];
    }
    throw new Error(`${url} did not set the marks ${marks.join(', ')} within 30 s.`);
  } finally {
    await page.close();
  }
}

/** A headless Chromium with one build of the extension, configured against the sandbox, every page probed for "usable". */
export interface PanelBrowser {
  context: BrowserContext;
  id: string;
  /** The extension page the keys are emptied from. */
  setup: Page;
  /** The side panel's page. */
  url: string;
  close(): Promise<void>;
}

export async function panelBrowser(
  extensionDir: string,
  sandbox: { baseUrl: string; testKey: string },
): Promise<PanelBrowser> {
  const { context, userDataDir } = await launchChromium({ extensionDir });
  try {
    // Every page of the extension gets the probe that clicks the first Reply (usable-probe.ts).
    await context.addInitScript(USABLE_PROBE);
    const id = await extensionIdOf(context);
    const setup = await openExtensionPage(context, id, 'options.html');
    await configure(setup, sandbox.baseUrl, sandbox.testKey);
    return {
      context,
      id,
      setup,
      url: `chrome-extension://${id}/sidepanel.html`,
      close: async () => {
        await context.close();
        removeProfile(userDataDir);
      },
    };
  } catch (error) {
    await context.close();
    removeProfile(userDataDir);
    throw error;
  }
}

/** Empties what the panel keeps under `keys` (FORGET), from the extension's setup page. */
export async function forget(browser: PanelBrowser, keys: readonly string[]): Promise<void> {
  await browser.setup.evaluate((keys) => {
    for (const key of keys) localStorage.removeItem(key);
  }, keys);
}

/** One opening of the panel with `keys` emptied first; the times to `marks` (ms). */
export async function openPanel(browser: PanelBrowser, keys: readonly string[], marks: string[]): Promise<number[]> {
  await forget(browser, keys);
  return openOnce(browser.context, browser.url, marks);
}
