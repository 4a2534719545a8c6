import type { Frame, Page } from 'puppeteer-core';
import { MIN_POINTER_REST_MS, MIN_VISIBLE_MS } from '../../../entrypoints/link-bar/trusted';
import { inContentScript } from './content-script';
import type { ExtensionBrowser } from './types';
import { until } from './ui';

/**
 * The inline bars on a web page. Each lives in a closed shadow root on a plain `span` after a post
 * link: the page (and puppeteer's queries, Firefox's accessibility locator included) sees the span
 * and nothing inside it. A test reads them where our own content script does (content-script.ts):
 * one reading for both browsers. A user's click is a real pointer click: moved onto the button,
 * rested, pressed.
 */

/** One button of a bar. */
export interface BarButton {
  /** Its visible text, without the state mark. */
  label: string;
  hidden: boolean;
  pressed: boolean;
}

/** One bar as a user sees it. */
export interface BarView {
  /** The place of its host among the page's bar hosts. */
  index: number;
  /** The `href` attribute of the link the bar follows. */
  linkHref: string | null;
  /** The post id in that link (`/posts/<id>`). */
  postId: string | undefined;
  /** `closed` for every bar of ours. */
  mode: string;
  /** Empty while the bar rests (far from the viewport). */
  buttons: BarButton[];
  /** The status line. */
  status: string;
  /** The reply composer is open (its frame in the bar). */
  composerOpen: boolean;
}

/** Which bar: the first one after a link to this post, the one after the link with this exact `href`, or the nth. */
export type BarKey = { postId: string } | { href: string } | { index: number };

type Op = { kind: 'read' } | { kind: 'aim' | 'focus'; key: BarKey; label: string } | { kind: 'markup'; key: BarKey };

/** Everything the bar reads and aims need, run as our content script (self-contained: sent as source). */
function inBars(op: Op): unknown {
  const api = (
    globalThis as unknown as { chrome?: { dom?: { openOrClosedShadowRoot?(e: Element): ShadowRoot | null } } }
  ).chrome;
  const rootOf = (host: Element): ShadowRoot | null =>
    api?.dom?.openOrClosedShadowRoot?.(host) ??
    (host as Element & { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot ??
    null;
  const postIdOf = (href: string | null) => href?.match(/\/posts\/([^/?#]+)/)?.[1];
  const visibleText = (node: Node): string => {
    if (node.nodeType === 3) return node.nodeValue ?? '';
    if (node.nodeType !== 1 || (node as Element).getAttribute('aria-hidden') === 'true') return '';
    return [...node.childNodes].map(visibleText).join('');
  };
  const bars = [...document.querySelectorAll('a + span')]
    .map((host) => ({ host, root: rootOf(host) }))
    .filter((bar): bar is { host: Element; root: ShadowRoot } => bar.root !== null)
    .map(({ host, root }, index) => {
      const linkHref = (host.previousElementSibling as Element).getAttribute('href');
      return { host, root, index, linkHref, postId: postIdOf(linkHref) };
    });
  const find = (key: BarKey) => {
    const bar = bars.find((b) =>
      'index' in key ? b.index === key.index : 'href' in key ? b.linkHref === key.href : b.postId === key.postId,
    );
    if (bar === undefined) throw new Error(`No bar for ${JSON.stringify(key)}`);
    return bar;
  };
  if (op.kind === 'read') {
    return bars.map(({ root, index, linkHref, postId }) => ({
      index,
      linkHref,
      postId,
      mode: root.mode,
      buttons: [...root.querySelectorAll('button')].map((b) => ({
        label: visibleText(b).trim(),
        hidden: b.hidden,
        pressed: b.getAttribute('aria-pressed') === 'true',
      })),
      status: root.querySelector('[role="status"]')?.textContent ?? '',
      composerOpen: root.querySelector('iframe') !== null,
    }));
  }
  const { root } = find(op.key);
  if (op.kind === 'markup') {
    // What the bar draws, its style sheet left out (Firefox gives each root a <style>, Chromium adopts one).
    return [...root.children]
      .filter((child) => child.localName !== 'style')
      .map((child) => child.outerHTML)
      .join('');
  }
  const button = [...root.querySelectorAll('button')].find((b) => visibleText(b).trim() === op.label);
  if (button === undefined) throw new Error(`No "${op.label}" button in the bar`);
  if (op.kind === 'focus') {
    button.focus();
    return root.activeElement === button;
  }
  const inView = (box: DOMRect) =>
    box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
  if (!inView(button.getBoundingClientRect())) button.scrollIntoView({ block: 'center' });
  const box = button.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** Every bar of the page (drawn once at least), in the order of the page. */
export async function findBars(ext: ExtensionBrowser, page: Page): Promise<BarView[]> {
  return (await inContentScript(ext, page, inBars, { kind: 'read' })) as BarView[];
}

/** Waits until at least `count` bars are drawn (have their buttons); returns every bar. */
export function waitForBars(
  ext: ExtensionBrowser,
  page: Page,
  count: number,
  what = `${count} bars`,
): Promise<BarView[]> {
  return until(async () => {
    const bars = await findBars(ext, page);
    return bars.filter((bar) => bar.buttons.length > 0).length >= count ? bars : undefined;
  }, what);
}

/** The bar `key` names, read now. */
export async function barOf(ext: ExtensionBrowser, page: Page, key: BarKey): Promise<BarView> {
  const bars = await findBars(ext, page);
  const bar = bars.find((b) =>
    'index' in key ? b.index === key.index : 'href' in key ? b.linkHref === key.href : b.postId === key.postId,
  );
  if (bar === undefined) throw new Error(`No bar for ${JSON.stringify(key)}`);
  return bar;
}

/** The status line of the bar `key` names. */
export async function barStatus(ext: ExtensionBrowser, page: Page, key: BarKey): Promise<string> {
  return (await barOf(ext, page, key)).status;
}

/** Waits until the status line of the bar `key` names says `wanted` (or matches it); returns it. */
export function waitForStatus(
  ext: ExtensionBrowser,
  page: Page,
  key: BarKey,
  wanted: string | RegExp,
): Promise<string> {
  let seen: string | undefined;
  return until(
    async () => {
      const status = await barStatus(ext, page, key);
      seen = status;
      return (typeof wanted === 'string' ? status === wanted : wanted.test(status)) ? status : undefined;
    },
    `the status ${String(wanted)} on the bar of ${JSON.stringify(key)}`,
  ).catch((error: Error) => {
    throw new Error(`${error.message} (last seen: ${JSON.stringify(seen)})`);
  });
}

/** The markup inside the bar's closed root (its style sheet apart): what it draws, to audit elsewhere. */
export async function barMarkup(ext: ExtensionBrowser, page: Page, key: BarKey): Promise<string> {
  return (await inContentScript(ext, page, inBars, { kind: 'markup', key })) as string;
}

/**
 * How long the pointer rests on a bar before the click: the bar counts a click only after the
 * pointer rested {@link MIN_POINTER_REST_MS} and, in Chromium (IntersectionObserver v2), the bar was
 * seen {@link MIN_VISIBLE_MS} (entrypoints/link-bar/trusted.ts). A product rule, not a guess
 * at the machine: the bar compares event time stamps. The margin covers the observer's first report
 * (its 100 ms delay, a frame or two more on a busy machine).
 */
function restBeforeClick(ext: ExtensionBrowser): number {
  return (ext.engine === 'chromium' ? Math.max(MIN_VISIBLE_MS, MIN_POINTER_REST_MS) : MIN_POINTER_REST_MS) + 400;
}

/** Where the button labelled `label` of the bar `key` names is, in the viewport (scrolled into it first). */
export async function barButtonAt(
  ext: ExtensionBrowser,
  page: Page,
  key: BarKey,
  label: string,
): Promise<{ x: number; y: number }> {
  return (await inContentScript(ext, page, inBars, { kind: 'aim', key, label })) as { x: number; y: number };
}

/**
 * A user's click on a bar's button: the pointer moves onto it, rests, and clicks (a trusted click).
 * A bar that moved while the pointer rested (the page's layout shifted) is aimed at again, as a user would.
 */
export async function clickBarButton(ext: ExtensionBrowser, page: Page, key: BarKey, label: string): Promise<void> {
  await page.bringToFront();
  let at = await barButtonAt(ext, page, key, label);
  for (;;) {
    await page.mouse.move(at.x, at.y);
    await new Promise((resolve) => setTimeout(resolve, restBeforeClick(ext)));
    const now = await barButtonAt(ext, page, key, label);
    if (Math.abs(now.x - at.x) <= 1 && Math.abs(now.y - at.y) <= 1) break;
    at = now;
  }
  await page.mouse.down();
  await page.mouse.up();
}

/**
 * A user's key press on a bar's button: the focus on it (where Tab from its link takes it), then
 * Enter. A key press on the focused button is the user's own in both browsers (never held for Undo).
 */
export async function pressBarButton(ext: ExtensionBrowser, page: Page, key: BarKey, label: string): Promise<void> {
  await page.bringToFront();
  if (!(await inContentScript(ext, page, inBars, { kind: 'focus', key, label }))) {
    throw new Error(`The "${label}" button did not take the focus`);
  }
  await page.keyboard.press('Enter');
}

/**
 * What the page itself sees of the bars: their hosts, plain spans right after links (a span of the
 * page's own there has a class), and how many of them have a root it can open (none of ours).
 */
export function barHostsSeenByPage(page: Page): Promise<{ hosts: number; open: number }> {
  return page.evaluate(() => {
    const hosts = [...document.querySelectorAll('a + span:not([class])')];
    return { hosts: hosts.length, open: hosts.filter((host) => host.shadowRoot !== null).length };
  });
}

/**
 * Waits until `count` post links have their bar's host, drawn or resting (a bar far from the
 * viewport rests as an empty host, with no root, until the reader comes near it).
 */
export function waitForBarHosts(page: Page, count: number, what = `${count} bar hosts`): Promise<true> {
  return until(async () => ((await barHostsSeenByPage(page)).hosts >= count ? true : undefined), what);
}

/**
 * The inline reply composer (our extension page in a frame inside the bar) once it has the focus:
 * keys typed before it loaded would go to the bar's Reply button, as a user's would.
 */
export function focusedComposer(page: Page): Promise<Frame> {
  return until(async () => {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      const focused = await frame
        .evaluate(
          () =>
            location.pathname === '/reply-frame.html' &&
            document.hasFocus() &&
            document.activeElement?.localName === 'textarea',
        )
        .catch(() => false);
      if (focused) return frame;
    }
    return undefined;
  }, 'the reply composer, focused');
}

/** The post id in a link's `href`. */
export function postIdOf(href: string | null | undefined): string | undefined {
  return href?.match(/\/posts\/([^/?#]+)/)?.[1];
}
