import { browser } from 'wxt/browser';

/**
 * The keyboard command that opens and closes the side panel: a named command handled by the
 * background in Chrome (lib/browser/panel-command.ts), the built-in `_execute_sidebar_action` in
 * Firefox, which the browser toggles itself (declared in wxt.config.ts).
 */
export const OPEN_SIDE_PANEL_COMMAND = 'open-side-panel';
export const FIREFOX_SIDEBAR_COMMAND = '_execute_sidebar_action';

/** Firefox's sidebar API (MV2), which the Chrome-typed `browser` does not describe. */
export interface SidebarAction {
  open(): Promise<void>;
}

/** Firefox's sidebar API, where the browser has one (the side panel's counterpart). */
export function sidebarAction(): SidebarAction | undefined {
  const candidate: unknown = Reflect.get(browser, 'sidebarAction');
  return typeof candidate === 'object' && candidate !== null && 'open' in candidate
    ? (candidate as SidebarAction)
    : undefined;
}

/**
 * Opens the side panel (Chrome) or sidebar (Firefox). Both browsers allow it only in answer to a
 * user action, so callers run it from the handler of one (a click, a context-menu entry, a command)
 * and call it before any `await` of their own (the browser call itself is made synchronously);
 * returns false when the browser refused. Shared by the background and the popup.
 */
export async function openSidePanel(target: { tabId?: number; windowId?: number }): Promise<boolean> {
  try {
    const sidebar = sidebarAction();
    if (sidebar !== undefined) {
      await sidebar.open();
      return true;
    }
    if (browser.sidePanel === undefined) return false;
    if (target.tabId !== undefined) await browser.sidePanel.open({ tabId: target.tabId });
    else if (target.windowId !== undefined) await browser.sidePanel.open({ windowId: target.windowId });
    else return false;
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens the side panel in the window of the page that asks (the popup's, or a tab's), named by the
 * browser's own constant: a page that first asked for its window's id lost a click made before the
 * answer came (no window to open in), and an `await` before the call would lose the gesture.
 */
export function openSidePanelHere(): Promise<boolean> {
  return openSidePanel({ windowId: browser.windows?.WINDOW_ID_CURRENT });
}
