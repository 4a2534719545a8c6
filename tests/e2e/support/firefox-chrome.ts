import type { Browser } from 'puppeteer-core';

/**
 * Firefox's own window (browser.xhtml), reached over WebDriver BiDi in its privileged ("chrome")
 * scope, which `--remote-allow-system-access` opens (tests/e2e/support/firefox.ts). A test sees
 * there what the user sees around the page: the native context menu and the sidebar. Puppeteer has
 * no API for that scope, so the raw BiDi commands go through its connection.
 */

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

interface EvaluateResult {
  type: 'success' | 'exception';
  result?: { type: string; value?: unknown };
  exceptionDetails?: { text: string };
}

function connectionOf(browser: Browser): BidiConnection {
  const connection: unknown = Reflect.get(browser, 'connection');
  if (typeof connection !== 'object' || connection === null || !('send' in connection)) {
    throw new Error('This puppeteer browser has no BiDi connection');
  }
  return connection as BidiConnection;
}

/**
 * Evaluates `expression` (awaited) in the browser window's privileged scope and returns its
 * value, which must be a string, number, boolean or null.
 */
export async function inBrowserWindow<T extends string | number | boolean | null>(
  browser: Browser,
  expression: string,
): Promise<T> {
  const connection = connectionOf(browser);
  const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome', maxDepth: 0 })).result as {
    contexts: { context: string; url: string }[];
  };
  const window = tree.contexts.find((context) => context.url === 'chrome://browser/content/browser.xhtml');
  if (window === undefined) throw new Error('No browser window in the privileged scope');
  const answer = (
    await connection.send('script.evaluate', { expression, target: { context: window.context }, awaitPromise: true })
  ).result as EvaluateResult;
  if (answer.type === 'exception') throw new Error(`In the browser window: ${answer.exceptionDetails?.text}`);
  return (answer.result?.value ?? null) as T;
}

/** Waits until `expression`, evaluated in the browser window, is truthy; returns its value. */
export async function untilInBrowserWindow<T extends string | number | boolean>(
  browser: Browser,
  expression: string,
  what: string,
  timeout: number,
): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await inBrowserWindow<T | null>(browser, expression);
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The labels of the page's context menu (open or not), ours among them once it was shown. */
export function contextMenuLabels(browser: Browser): Promise<string> {
  return inBrowserWindow(
    browser,
    `[...document.getElementById('contentAreaContextMenu').querySelectorAll('menuitem')]
       .filter((item) => !item.hidden).map((item) => item.label).join('\\n')`,
  );
}

/**
 * Chooses the entry labelled `label` in the open context menu, as a user's click on it does
 * (`activateItem` is how Firefox's own tests pick a menu entry: it fires the item's command and
 * closes the menu). An add-on with several entries has them in a submenu named after it: that
 * submenu is opened first, as the pointer resting on it does. Resolves true once chosen.
 */
export function chooseContextMenuEntry(browser: Browser, label: string, timeout: number): Promise<boolean> {
  return untilInBrowserWindow<boolean>(
    browser,
    `(() => {
      const menu = document.getElementById('contentAreaContextMenu');
      if (menu.state !== 'open') return false;
      const item = [...menu.querySelectorAll('menuitem')].find((entry) => !entry.hidden && entry.label === ${JSON.stringify(label)});
      if (item === undefined) return false;
      const popup = item.parentElement;
      if (popup !== menu && popup.state !== 'open') {
        popup.parentElement.openMenu(true);
        return false;
      }
      popup.activateItem(item);
      return true;
    })()`,
    `the context-menu entry "${label}"`,
    timeout,
  );
}

/**
 * Runs the keyboard shortcut Firefox bound for the add-on's command `name` (its `<key>` element in
 * the browser window), as Firefox does when the user presses those keys: a key pressed in a page
 * over WebDriver BiDi is synthesized in the page's process and never reaches the browser's
 * shortcuts. Resolves to the keys it is bound to ("alt,shift+D").
 */
export function runShortcut(browser: Browser, addonId: string, name: string): Promise<string> {
  const id = `ext-key-id-${addonId.replace(/[^a-z0-9_-]/gi, '_')}-${name}`;
  return inBrowserWindow(
    browser,
    `(() => {
      const key = document.getElementById(${JSON.stringify(id)});
      if (key === null) return '';
      key.doCommand();
      return key.getAttribute('modifiers') + '+' + key.getAttribute('key');
    })()`,
  );
}

/** Closes the page's context menu if it is open. */
export function closeContextMenu(browser: Browser): Promise<null> {
  return inBrowserWindow(browser, `document.getElementById('contentAreaContextMenu').hidePopup(), null`);
}

/** Which sidebar is open ('' when none): Firefox names an add-on's `<id>-sidebar-action`. */
export function openSidebar(browser: Browser): Promise<string> {
  return inBrowserWindow(browser, `SidebarController.isOpen ? String(SidebarController.currentID) : ''`);
}

/** Closes the sidebar, as the user's click on its close button does. */
export function closeSidebar(browser: Browser): Promise<null> {
  return inBrowserWindow(browser, `SidebarController.hide(), null`);
}

/** The URL the open sidebar shows (the add-on's page inside Firefox's sidebar frame), or ''. */
export function sidebarPageUrl(browser: Browser): Promise<string> {
  return inBrowserWindow(
    browser,
    `(() => {
      const frame = document.getElementById('sidebar');
      const inner = frame?.contentDocument?.getElementById('webext-panels-browser');
      return inner?.currentURI?.spec ?? '';
    })()`,
  );
}
