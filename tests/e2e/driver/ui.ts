import type { ElementHandle, Frame, Page } from 'puppeteer-core';
import { scaled } from '../support/time';
import { role } from './role-query';

export { role };

/** Where a user looks for something: a tab, a frame in it, or an element (a post, an Outbox entry). */
export type Scope = Page | Frame | ElementHandle;

function isElement(scope: Scope): scope is ElementHandle {
  return 'boundingBox' in scope;
}

/** Waits until `read` gives something other than `undefined` (a thrown read counts as not yet). */
export async function until<T>(read: () => Promise<T | undefined>, what: string, timeout = scaled(15_000)): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The element `selector` finds in `scope`, once it is there. Asked from here, not by puppeteer's
 * `waitForSelector`: its poller makes a function in the page with `Function()`, which an extension
 * page's CSP refuses in Firefox before 141 (ESR 140).
 */
export async function find(scope: Scope, selector: string, timeout = scaled(15_000)): Promise<ElementHandle> {
  return until(
    async () => ((await scope.$(selector)) as ElementHandle | null) ?? undefined,
    `the element ${selector}`,
    timeout,
  );
}

/**
 * Waits until `page` is loaded as a user meets it: its `load` has fired, and the side panel's live
 * page has replaced the picture of its last opening (fast-open/picture.ts), which can outlast the
 * load: the panel adds its modules after the picture's frame.
 */
export async function untilLoaded(page: Page): Promise<void> {
  await untilInPage(
    page,
    (picture) => document.readyState === 'complete' && document.querySelector(picture) === null,
    `${page.url()} loaded`,
    PICTURE_SHOWN,
  );
}

/** The side panel's `#app` while it shows the picture of the last opening (fast-open/picture.ts). */
export const PICTURE_SHOWN = '#app[data-picture]';

/** Waits until `fn`, run in `page` with `arg`, answers truthy (a page still loading counts as not yet). */
export async function untilInPage(page: Page, fn: (arg: string) => unknown, what: string, arg = ''): Promise<void> {
  await until(async () => ((await page.evaluate(fn, arg)) ? true : undefined), what);
}

/**
 * Waits until `read` answers the same `at` (an element's box, as a string) on two polls in a row,
 * and `ready` holds for that answer; returns it.
 */
function untilStill<T extends { at: string }>(
  read: () => Promise<T | undefined>,
  what: string,
  ready: (seen: T) => boolean = () => true,
): Promise<T> {
  let last: string | undefined;
  return until(async () => {
    const seen = await read();
    const still = seen !== undefined && seen.at === last;
    last = seen?.at;
    return still && ready(seen) ? seen : undefined;
  }, what);
}

/**
 * Where `selector`'s element is, once it has stopped moving (the same box on two reads a frame
 * apart): for a click by coordinates, which a layout still settling would send elsewhere.
 */
export async function steadyBox(
  scope: Scope,
  selector: string,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const element = await find(scope, selector);
  const seen = await untilStill(async () => {
    const box = await viewportBox(element);
    return box === null ? undefined : { at: JSON.stringify(box), box };
  }, `${selector} to stand still`);
  return seen.box;
}

/**
 * The element's box in the tab's viewport. Where the element is in a frame, Firefox before 141 (ESR
 * 140) cannot tell puppeteer where the frame is (BiDi's `locateNodes` by context): the frame's
 * viewport on the screen (`mozInnerScreenX`, Firefox's own) against the tab's says it instead.
 */
async function viewportBox(
  element: ElementHandle,
): Promise<{ x: number; y: number; width: number; height: number } | null> {
  if (element.frame.parentFrame() === null) return element.boundingBox();
  return element.boundingBox().catch(async () => {
    type Screen = { mozInnerScreenX: number; mozInnerScreenY: number };
    const [inFrame, tab] = await Promise.all([
      element.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const { mozInnerScreenX, mozInnerScreenY } = window as unknown as Screen;
        return { x: box.left + mozInnerScreenX, y: box.top + mozInnerScreenY, width: box.width, height: box.height };
      }),
      element.frame
        .page()
        .mainFrame()
        .evaluate(() => {
          const { mozInnerScreenX, mozInnerScreenY } = window as unknown as Screen;
          return { x: mozInnerScreenX, y: mozInnerScreenY };
        }),
    ]);
    return { ...inFrame, x: inFrame.x - tab.x, y: inFrame.y - tab.y };
  });
}

/** Every element `selector` finds in `scope` now. */
export function findAll(scope: Scope, selector: string): Promise<ElementHandle[]> {
  return scope.$$(selector) as Promise<ElementHandle[]>;
}

/** A user's click: on the element once it is visible, enabled and still. */
export async function click(scope: Scope, selector: string): Promise<void> {
  await clickSteady(await find(scope, selector));
}

/**
 * Clicks `element` once its box has stood still for a poll and the point the click goes to is on it
 * (a banner or a chooser appearing above a list moves the post under the pointer: a click by
 * coordinates computed before the move lands on the next post). A point something else covers for
 * a second is clicked anyway: a page covering our bar on purpose is what some flows test.
 */
async function clickSteady(element: ElementHandle): Promise<void> {
  let coveredPolls = 0;
  const seen = await untilStill(
    () =>
      element.evaluate((el) => {
        // Taken out of the page (drawn anew): no box will ever come; said at once, below.
        if (!el.isConnected) return { at: 'gone', on: false, usable: false, gone: true };
        const box = el.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
        const hit = inView ? (el.getRootNode() as Document | ShadowRoot).elementFromPoint(x, y) : null;
        const on = hit !== null && el.contains(hit);
        // Drawn (a box of its own) and enabled, as a user can click it.
        const usable =
          box.width > 0 &&
          box.height > 0 &&
          !(el as HTMLButtonElement).disabled &&
          el.getAttribute('aria-disabled') !== 'true';
        // Out of the viewport or clipped by a scrolled box it sits in: brought into view (nothing
        // moves when it is in view already).
        if (!on && usable) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        return { at: [box.left, box.top, box.width, box.height].join(), on, usable, gone: false };
      }),
    'the element to stand still under the pointer, drawn and enabled',
    (seen) => seen.gone || (seen.usable && (seen.on || ++coveredPolls >= 20)),
  );
  if (seen.gone) throw new Error('The element to click was taken out of the page (drawn anew) before the click');
  await element.click();
}

/**
 * A click on an element of a tab the user is not looking at: the side panel's page opened in a tab
 * stands for the panel beside the browsed page, and stays behind it. The element's own click: a
 * driver's click waits for the hidden tab to draw the element in view, which Chromium never does.
 */
export async function clickBehind(scope: Scope, selector: string): Promise<void> {
  await (await find(scope, selector)).evaluate((el) => (el as HTMLElement).click());
}

/**
 * Replaces the text of a field as Playwright's `fill` does: the field focused, its text selected and
 * replaced in one edit (`insertText`: one trusted `input` event, as a paste or a dictation makes).
 * Typing key by key is what the keyboard flows test (`page.keyboard.type`: bars, search, the reply
 * frame); through a driver each key is a round trip into the browser, and the flows typed thousands.
 */
export async function fill(scope: Scope, selector: string, text: string): Promise<void> {
  const field = await find(scope, selector);
  // Once it takes text (a composer is disabled while it sends, as a driver's own fill waits for).
  const held = await until(
    () =>
      field.evaluate((el, value) => {
        const input = el as HTMLInputElement | HTMLTextAreaElement;
        if (input.disabled || input.readOnly) return undefined;
        input.focus();
        input.select();
        if (value === '') document.execCommand('delete');
        else document.execCommand('insertText', false, value);
        return input.value;
      }, text),
    `${selector} to take text`,
  );
  if (held !== text) throw new Error(`Could not fill ${selector}: it holds "${held}"`);
}

/** Presses keys on the focused element: `'Control+Enter'`, `'Tab'`, `'ArrowDown'`. */
export async function press(page: Page, keys: string): Promise<void> {
  const parts = keys.split('+') as Parameters<Page['keyboard']['press']>[0][];
  const last = parts.pop();
  if (last === undefined) return;
  for (const modifier of parts) await page.keyboard.down(modifier);
  await page.keyboard.press(last);
  for (const modifier of parts.reverse()) await page.keyboard.up(modifier);
}

/**
 * The visible text of `scope` (or of what `selector` finds in it; '' when nothing is found). A CSS
 * selector is read in one call into the page: the waits below ask every 50 ms, and each round trip
 * costs both browsers CPU the flows wait on. Puppeteer's own selectors (`::-p-role`) are found by
 * the driver, and the handle released once read.
 */
export async function textOf(scope: Scope, selector?: string): Promise<string> {
  if (selector?.includes('::-p-')) {
    const found = await scope.$(selector);
    if (found === null) return '';
    try {
      return await found.evaluate((el) => (el as HTMLElement).innerText ?? el.textContent ?? '');
    } finally {
      void found.dispose().catch(() => undefined);
    }
  }
  if (isElement(scope)) {
    return scope.evaluate((root, wanted) => {
      const el = wanted === undefined ? root : root.querySelector(wanted);
      return el === null ? '' : ((el as HTMLElement).innerText ?? el.textContent ?? '');
    }, selector);
  }
  return scope.evaluate((wanted) => {
    const el = wanted === undefined ? document.body : document.querySelector(wanted);
    return el === null ? '' : ((el as HTMLElement).innerText ?? el.textContent ?? '');
  }, selector);
}

/** Waits until the text of `scope` (or of `selector` in it) contains `wanted` or matches it; returns that text. */
export async function waitForText(
  scope: Scope,
  wanted: string | RegExp,
  options: { selector?: string; timeout?: number } = {},
): Promise<string> {
  const test = (text: string) => (typeof wanted === 'string' ? text.includes(wanted) : wanted.test(text));
  return until(
    async () => {
      const text = await textOf(scope, options.selector);
      return test(text) ? text : undefined;
    },
    `the text ${String(wanted)}${options.selector ? ` in ${options.selector}` : ''}`,
    options.timeout,
  );
}

/** Waits until the text of `scope` no longer contains `gone`. */
export async function waitForNoText(scope: Scope, gone: string | RegExp, timeout?: number): Promise<void> {
  const test = (text: string) => (typeof gone === 'string' ? text.includes(gone) : gone.test(text));
  await until(async () => (test(await textOf(scope)) ? undefined : true), `no ${String(gone)}`, timeout);
}

/** The value of a form field. */
export async function fieldValue(scope: Scope, selector: string): Promise<string> {
  return (await find(scope, selector)).evaluate((el) => (el as HTMLInputElement).value);
}

/** True when the element is disabled (or `aria-disabled`). */
export async function isDisabled(scope: Scope, selector: string): Promise<boolean> {
  return (await find(scope, selector)).evaluate(
    (el) => (el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true',
  );
}

/** The element that has the focus: its tag and accessible text, to assert where the focus went. */
export function focused(page: Page | Frame): Promise<{ tag: string; text: string; label: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.localName ?? '',
      text: el?.innerText ?? '',
      label: el?.getAttribute('aria-label') ?? null,
    };
  });
}

/** The element in `scope` matched by `selector` whose text contains `text`, once there. */
export async function withText(scope: Scope, selector: string, text: string, timeout?: number): Promise<ElementHandle> {
  return until(
    async () => {
      for (const el of await findAll(scope, selector)) {
        if ((await el.evaluate((node) => node.textContent ?? '')).includes(text)) return el;
      }
      return undefined;
    },
    `${selector} with "${text}"`,
    timeout,
  );
}

/** A tag unique to this run, to tell a test's writes from the demo data and other tests'. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
