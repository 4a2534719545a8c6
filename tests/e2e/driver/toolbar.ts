import type { Target } from 'puppeteer-core';
import { GECKO_ID } from '../../../wxt.config';
import { scaled } from '../support/time';
import { inBrowserWindow, untilInBrowserWindow } from './firefox-chrome';
import type { ExtensionBrowser, PanelView } from './types';
import { until, untilInPage } from './ui';

/**
 * The toolbar button's real popup, opened as the user opens it, in both browsers:
 * - Chromium: `chrome.action.openPopup()` from an extension page (Chromium opens the action's popup
 *   on the toolbar as a click does); the popup is a page target of its own, read through it.
 * - Firefox: the button is clicked in Firefox's own window. `browserAction.openPopup()` needs a user
 *   action in MV2, so the click is made where a user makes it: a new install's button sits in the
 *   Extensions panel (the puzzle piece), so that panel opens first, then our entry in it is clicked
 *   (on the toolbar itself, when the user pinned it there). Firefox gives no driver a handle on the
 *   popup's page, so it is read through the extension's own view of it (`getViews({type:'popup'})`):
 *   the function runs in another extension page, on the popup's document, so it reaches the popup's
 *   window as `doc.defaultView` (as the sidebar's `PanelView` does).
 */
export interface ToolbarPopup extends PanelView {
  /** Closes the popup, as a click elsewhere does; resolves once it is gone. */
  close(): Promise<void>;
}

/** Firefox's id of our toolbar button (the add-on id made an identifier, then `-browser-action`). */
export const OUR_BUTTON = `${GECKO_ID.replace(/[^a-z0-9_-]/gi, '_').toLowerCase()}-browser-action`;

/** The addresses of the extension's pages open as the toolbar popup now (the browser's own list). */
export function popupViews(ext: ExtensionBrowser): Promise<string[]> {
  return ext.inExtension(() => {
    const api =
      (globalThis as unknown as { browser?: ExtensionApi }).browser ??
      (globalThis as unknown as { chrome: ExtensionApi }).chrome;
    return api.extension.getViews({ type: 'popup' }).map((view) => view.location.href);
  });
}

/** Opens the toolbar button's popup as the user does; resolves once its document has loaded. */
export function openToolbarPopup(ext: ExtensionBrowser): Promise<ToolbarPopup> {
  return ext.engine === 'chromium' ? openInChromium(ext) : openInFirefox(ext);
}

async function openInChromium(ext: ExtensionBrowser): Promise<ToolbarPopup> {
  const url = ext.url('popup.html');
  const before = new Set(ext.browser.targets());
  await ext.inExtension(() => (globalThis as unknown as { chrome: ExtensionApi }).chrome.action.openPopup());
  const target = await ext.browser.waitForTarget((t) => t.url() === url && !before.has(t), {
    timeout: scaled(15_000),
  });
  const page = await target.asPage();
  await untilInPage(page, () => document.readyState === 'complete', 'the popup loaded');
  const open = (t: Target) => ext.browser.targets().includes(t);
  return {
    evaluate: (fn, ...args) => page.evaluate(`(${fn.toString()})(document, ...${JSON.stringify(args)})`) as never,
    close: async () => {
      await page.evaluate(() => window.close()).catch(() => undefined);
      await until(async () => (open(target) ? undefined : true), 'the popup closed');
    },
  };
}

async function openInFirefox(ext: ExtensionBrowser): Promise<ToolbarPopup> {
  const widget = `CustomizableUI.getWidget(${JSON.stringify(OUR_BUTTON)}).forWindow(window).node`;
  const inPanel = await inBrowserWindow<boolean>(ext.browser, `!${widget}.checkVisibility()`);
  if (inPanel) {
    await inBrowserWindow(ext.browser, `document.getElementById('unified-extensions-button').click(), null`);
    await untilInBrowserWindow(
      ext.browser,
      `document.getElementById('unified-extensions-panel').state === 'open' && ${widget}.checkVisibility()`,
      'the Extensions panel',
      scaled(15_000),
    );
  }
  await inBrowserWindow(ext.browser, `${widget}.querySelector('.webextension-browser-action').click(), null`);
  const url = ext.url('popup.html');
  await until(
    () =>
      ext.inExtension((url: string) => {
        const api = (globalThis as unknown as { browser: ExtensionApi }).browser;
        const [view] = api.extension.getViews({ type: 'popup' });
        return view?.location.href === url && view.document.readyState === 'complete' ? true : undefined;
      }, url),
    'the toolbar popup',
  );
  const documentExpression = "browser.extension.getViews({ type: 'popup' })[0].document";
  return {
    evaluate: (fn, ...args) =>
      ext.inExtension(
        // A function made of the caller's source, run in the probe page, on the popup's document.
        new Function(`return (${fn.toString()})(${documentExpression}, ...${JSON.stringify(args)});`) as () => never,
      ),
    close: async () => {
      await ext.inExtension(() => {
        const api = (globalThis as unknown as { browser: ExtensionApi }).browser;
        for (const view of api.extension.getViews({ type: 'popup' })) view.close();
      });
      await until(async () => ((await popupViews(ext)).length === 0 ? true : undefined), 'the popup closed');
    },
  };
}

/** The extension API as the popup's driver uses it (`browser` in Firefox, `chrome` in Chromium). */
interface ExtensionApi {
  action: { openPopup(): Promise<void> };
  extension: { getViews(filter: { type: 'popup' }): Window[] };
}
