import type { Page, WebWorker } from 'puppeteer-core';
import { GECKO_ID } from '../../../wxt.config';
import { scaled } from '../support/time';
import { inBrowserWindow, runShortcut, untilInBrowserWindow } from './firefox-chrome';
import type { ExtensionBrowser, PanelView } from './types';
import { find, steadyBox } from './ui';

/**
 * The extension's context-menu entries and its side panel command, in both browsers. Neither
 * browser lets a driver click its native context menu from the page, so each reaches it its own way:
 *
 * - Firefox: the real menu, in Firefox's own window (WebDriver BiDi's privileged scope,
 *   tests/e2e/support/firefox-chrome.ts): a right-click in the page opens it, the entry is chosen
 *   as Firefox's own tests choose one (`activateItem`), so the click is a user action.
 * - Chromium: CDP has no access to the browser's menus or its keyboard shortcuts. A click is
 *   dispatched to the listeners the service worker registered (`contextMenus.onClicked.dispatch`),
 *   with what Chrome would pass for a right-click on that target of that tab: the same handler
 *   code runs as for a real click, minus the user gesture (so the browser refuses to open the side
 *   panel from it).
 */

/** Where the right-click lands: on a link (a CSS selector of an `<a>`), or on text selected before (`selectText`). */
export type MenuTarget = { link: string } | { selection: string };

/** Firefox's id of our add-on in its window's elements (the add-on id made an identifier). */
const WIDGET = GECKO_ID.replace(/[^a-z0-9_-]/gi, '_');
/** The element of our entry `id` in Firefox's context menu. */
const firefoxItem = (id: string) => `${WIDGET}-menuitem-_${id}`;

/** Whether the extension has the menu entry `id` now: `update` fails on an unknown id, in both browsers. */
export function menuEntryExists(ext: ExtensionBrowser, id: string): Promise<boolean> {
  return ext.inExtension((menuId: string) => {
    const api =
      (globalThis as unknown as { browser?: unknown; chrome?: unknown }).browser ??
      (globalThis as unknown as { chrome: unknown }).chrome;
    const { contextMenus } = api as { contextMenus: { update(id: string, p: object): Promise<void> } };
    return contextMenus.update(menuId, {}).then(
      () => true,
      () => false,
    );
  }, id);
}

/** Selects the text of the element `selector` finds, as a user's drag over it does; returns it as quoted (spaces folded). */
export async function selectText(page: Page, selector: string): Promise<string> {
  return (await find(page, selector)).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const selection = getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return (selection?.toString() ?? '').trim().replace(/\s+/g, ' ');
  });
}

/**
 * Chooses our entry `id` (`dc-reply`, `dc-react:agree`) in the context menu of a right-click on
 * `target` in `page`; resolves once the click was handed to the extension.
 */
export async function chooseMenuEntry(
  ext: ExtensionBrowser,
  page: Page,
  target: MenuTarget,
  id: string,
): Promise<void> {
  await page.bringToFront();
  if (ext.engine === 'firefox') {
    await rightClickInFirefox(ext, page, target);
    try {
      await untilInBrowserWindow(
        ext.browser,
        `(() => {
          const menu = document.getElementById('contentAreaContextMenu');
          const item = document.getElementById(${JSON.stringify(firefoxItem(id))});
          if (menu.state !== 'open' || item === null || item.hidden || !menu.contains(item)) return false;
          // Several entries of an add-on are in a submenu named after it: opened first, as the pointer resting on it does.
          const popup = item.parentElement;
          if (popup !== menu && popup.state !== 'open') {
            popup.parentElement.openMenu(true);
            return false;
          }
          popup.activateItem(item);
          return true;
        })()`,
        `the context-menu entry ${id}`,
        scaled(10_000),
      );
    } catch (error) {
      const seen = await inBrowserWindow<string>(
        ext.browser,
        `(() => {
          const menu = document.getElementById('contentAreaContextMenu');
          const ours = [...menu.querySelectorAll('menuitem')].filter((item) => item.id.startsWith(${JSON.stringify(firefoxItem(''))}));
          return menu.state + ': ' + ours.map((item) => item.id + (item.hidden ? ' (hidden)' : '')).join(', ');
        })()`,
      );
      await closeContextMenu(ext);
      throw new Error(`${(error as Error).message}; the menu was ${seen}`);
    }
    return;
  }
  const info = await page.evaluate(
    (target: MenuTarget, menuItemId: string) => {
      const base = { menuItemId, editable: false, frameId: 0, pageUrl: location.href };
      if ('selection' in target) return { ...base, selectionText: getSelection()?.toString() ?? '' };
      const link = document.querySelector(target.link);
      if (!(link instanceof HTMLAnchorElement)) throw new Error(`No link ${target.link}`);
      return { ...base, linkUrl: link.href };
    },
    target,
    id,
  );
  await (await serviceWorker(ext)).evaluate(async (clickInfo: Record<string, unknown>) => {
    const { contextMenus, tabs } = (globalThis as unknown as { chrome: ChromeMenusApi }).chrome;
    const [tab] = await tabs.query({ active: true, lastFocusedWindow: true });
    contextMenus.onClicked.dispatch(clickInfo, tab);
  }, info);
}

/**
 * The labels of our entries in the context menu of a right-click on `target`, as the user sees them.
 * Firefox only: Chromium's native menu is out of a driver's reach (and Chrome has no API that lists
 * entries); there the flow checks the entries by id (`menuEntryExists`).
 */
export async function menuLabels(ext: ExtensionBrowser, page: Page, target: MenuTarget): Promise<string[]> {
  if (ext.engine !== 'firefox') throw new Error("Chromium's native context menu cannot be read by a driver");
  await page.bringToFront();
  await rightClickInFirefox(ext, page, target);
  try {
    const labels = await untilInBrowserWindow<string>(
      ext.browser,
      `(() => {
        const menu = document.getElementById('contentAreaContextMenu');
        if (menu.state !== 'open') return '';
        const ours = [...menu.querySelectorAll('menuitem')].filter(
          (item) => item.id.startsWith(${JSON.stringify(firefoxItem(''))}) && !item.hidden,
        );
        return ours.length === 0 ? '' : JSON.stringify(ours.map((item) => item.label));
      })()`,
      'our entries in the context menu',
      scaled(10_000),
    );
    return JSON.parse(labels) as string[];
  } finally {
    await closeContextMenu(ext);
  }
}

/**
 * Presses the keyboard shortcut the browser bound to our side panel command, as the user's keys do.
 * Firefox only: it runs the `<key>` Firefox made for the command in its window (a key pressed in a
 * page over WebDriver BiDi never reaches the browser's shortcuts). Chromium's shortcuts are the
 * browser's own accelerators, which CDP's key events (sent to the page) never reach.
 * Resolves to the keys it is bound to, as Firefox writes them (`alt,shift+D`).
 */
export async function pressSidePanelShortcut(ext: ExtensionBrowser): Promise<string> {
  if (ext.engine !== 'firefox') throw new Error("Chromium's keyboard shortcuts cannot be pressed by a driver");
  return runShortcut(ext.browser, GECKO_ID, 'sidebar-action');
}

/** A view of our panel page shown in a tab, read the way the real panel's view is (`PanelView`). */
export function panelInTab(page: Page): PanelView {
  return {
    evaluate: (fn, ...args) => page.evaluate(`(${fn.toString()})(document, ...${JSON.stringify(args)})`) as never,
  };
}

/**
 * Right-clicks the target in Firefox: the middle of the link, or a point inside the selected text.
 * Once the menu of a choice before has closed: a right-click while it is still closing opens none.
 */
async function rightClickInFirefox(ext: ExtensionBrowser, page: Page, target: MenuTarget): Promise<void> {
  await untilInBrowserWindow(
    ext.browser,
    `document.getElementById('contentAreaContextMenu').state === 'closed'`,
    'the context menu closed',
    scaled(10_000),
  );
  if ('link' in target) {
    await (await find(page, target.link)).click({ button: 'right' });
    return;
  }
  const box = await steadyBox(page, target.selection);
  await page.mouse.click(box.x + 10, box.y + box.height / 2, { button: 'right' });
}

/** Closes Firefox's context menu if it is open. */
async function closeContextMenu(ext: ExtensionBrowser): Promise<void> {
  await inBrowserWindow(ext.browser, `document.getElementById('contentAreaContextMenu').hidePopup(), null`);
}

/** Chromium's service worker, woken by a message if it was stopped. */
async function serviceWorker(ext: ExtensionBrowser): Promise<WebWorker> {
  await ext.call('getSettings');
  const target = await ext.browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url().startsWith(`${ext.origin}/`),
    { timeout: scaled(15_000) },
  );
  const worker = await target.worker();
  if (worker === null) throw new Error('The service worker has no handle');
  return worker;
}

/** What of Chrome's API the dispatched click uses. */
interface ChromeMenusApi {
  tabs: { query(q: object): Promise<unknown[]> };
  contextMenus: { onClicked: { dispatch(info: unknown, tab: unknown): void } };
}
