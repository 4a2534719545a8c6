import type { Browser } from 'puppeteer-core';

/**
 * Firefox's own window (browser.xhtml), reached over WebDriver BiDi in its privileged ("chrome")
 * scope, which `--remote-allow-system-access` opens (tests/e2e/driver/firefox.ts), or, in a
 * Firefox whose BiDi has no such scope (ESR 140), from a background tab of Firefox's own. A test sees
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

/** Puppeteer's WebDriver BiDi connection to `browser`, for the commands it has no API for. */
export function connectionOf(browser: Browser): BidiConnection {
  const connection: unknown = Reflect.get(browser, 'connection');
  if (typeof connection !== 'object' || connection === null || !('send' in connection)) {
    throw new Error('This puppeteer browser has no BiDi connection');
  }
  return connection as BidiConnection;
}

/** Where each browser's window is reached: its context in BiDi's chrome scope, or a privileged tab's. */
const reaches = new WeakMap<Browser, Promise<{ window: string } | { tab: string }>>();

/** A tiny page of Firefox's own (286 bytes), loaded in the parent process with the system principal. */
const PRIVILEGED_TAB_URL = 'chrome://global/content/win.xhtml';

async function reachOf(browser: Browser): Promise<{ window: string } | { tab: string }> {
  const connection = connectionOf(browser);
  const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome', maxDepth: 0 })).result as {
    contexts: { context: string; url: string }[];
  };
  const window = tree.contexts.find((context) => context.url === 'chrome://browser/content/browser.xhtml');
  if (window !== undefined) return { window: window.context };
  // Firefox before 141 (ESR 140, Debian 12's) has no chrome scope in BiDi: a background tab of
  // Firefox's own page reaches the window instead (`browsingContext.topChromeWindow`).
  const { context } = (await connection.send('browsingContext.create', { type: 'tab', background: true })).result as {
    context: string;
  };
  await connection.send('browsingContext.navigate', { context, url: PRIVILEGED_TAB_URL, wait: 'complete' });
  return { tab: context };
}

/**
 * Evaluates `expression` (awaited) in the browser window's privileged scope and returns its
 * value, which must be a string, number, boolean or null. Where BiDi has no chrome scope the
 * expression runs in a system sandbox whose globals are the window's, as a script of the window
 * would see them.
 */
export async function inBrowserWindow<T extends string | number | boolean | null>(
  browser: Browser,
  expression: string,
): Promise<T> {
  let reach = reaches.get(browser);
  if (reach === undefined) {
    reach = reachOf(browser);
    reaches.set(browser, reach);
    reach.catch(() => reaches.delete(browser));
  }
  const where = await reach;
  const evaluation =
    'window' in where
      ? { expression, target: { context: where.window } }
      : {
          expression: `(() => {
            const window = globalThis.browsingContext.topChromeWindow;
            globalThis.windowSandbox ??= Cu.Sandbox(Services.scriptSecurityManager.getSystemPrincipal(), { sandboxPrototype: window, wantXrays: false });
            return Promise.resolve(Cu.evalInSandbox(${JSON.stringify(expression)}, globalThis.windowSandbox));
          })()`,
          target: { context: where.tab },
        };
  const answer = (await connectionOf(browser).send('script.evaluate', { ...evaluation, awaitPromise: true }))
    .result as EvaluateResult;
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
