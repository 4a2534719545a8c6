import type { ElementHandle, Page } from 'puppeteer-core';
import { aria } from './firefox';
import { scaled } from './time';

/**
 * The side panel and Outbox of the Firefox build, driven with puppeteer-core (the Playwright page
 * objects in tests/e2e/pages do not apply): found by role and name or by the text a user reads.
 */

/** Waits until the page's text contains `text`. */
export async function waitForText(page: Page, text: string, timeout = scaled(15_000)): Promise<void> {
  await page.waitForFunction((wanted) => document.body?.innerText.includes(wanted), { timeout }, text);
}

/** A protocol message from an add-on page, as its UI sends it; throws on `{ok:false}`. */
export async function message<T>(page: Page, type: string, payload?: unknown): Promise<T> {
  const reply = await page.evaluate(
    async (type, payload) => {
      const { runtime } = (
        globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).browser;
      return runtime.sendMessage(payload === undefined ? { type } : { type, payload });
    },
    type,
    payload,
  );
  const answer = reply as { ok: boolean; data: T; error?: { message: string } };
  if (!answer.ok) throw new Error(`${type}: ${answer.error?.message}`);
  return answer.data;
}

/** The element matched by `selector`, waited for. */
export async function find(page: Page | ElementHandle, selector: string): Promise<ElementHandle> {
  const found = await page.waitForSelector(selector, { timeout: scaled(15_000) });
  if (found === null) throw new Error(`not found: ${selector}`);
  return found as ElementHandle;
}

/** Types `text` into the composer and clicks Post; resolves once the composer is empty again (queued). */
export async function postFromPanel(panel: Page, text: string): Promise<void> {
  const box = await find(panel, aria('textbox', 'New post'));
  await box.type(text);
  await (await find(panel, aria('button', 'Post'))).click();
  await panel.waitForFunction((box) => (box as HTMLTextAreaElement).value === '', { timeout: scaled(15_000) }, box);
}

/** The timeline's post whose text contains `text`. */
export async function article(panel: Page, text: string): Promise<ElementHandle> {
  const handle = await panel.waitForFunction(
    (wanted) => [...document.querySelectorAll('article[data-post-id]')].find((a) => a.textContent?.includes(wanted)),
    { timeout: scaled(20_000) },
    text,
  );
  return handle.asElement() as ElementHandle;
}

/** Opens the post's reply box, writes and sends a reply, as `SidePanelPage.reply` does in Chromium. */
export async function replyTo(post: ElementHandle, text: string): Promise<void> {
  await (await find(post, aria('button', 'Reply'))).click();
  await (await find(post, aria('textbox', 'Reply'))).type(text);
  await (await find(post, aria('button', 'Send reply'))).click();
}

/** Shows the Outbox tab. */
export async function openOutbox(panel: Page): Promise<void> {
  await (await find(panel, aria('tab', 'Outbox'))).click();
  await panel.waitForSelector('section.outbox', { timeout: scaled(15_000) });
}

/** The Outbox entry whose text contains `text`, once its text also matches `state` (a regex source). */
export async function outboxItem(panel: Page, text: string, state = ''): Promise<ElementHandle> {
  const handle = await panel.waitForFunction(
    (wanted, pattern) =>
      [...document.querySelectorAll('li.outbox-entry')].find(
        (li) => li.textContent?.includes(wanted) && new RegExp(pattern).test((li as HTMLElement).innerText),
      ),
    { timeout: scaled(30_000) },
    text,
    state,
  );
  return handle.asElement() as ElementHandle;
}

/** How many Outbox entries contain `text`. */
export function outboxCount(panel: Page, text: string): Promise<number> {
  return panel.evaluate(
    (wanted) =>
      [...document.querySelectorAll('li.outbox-entry')].filter((li) => li.textContent?.includes(wanted)).length,
    text,
  );
}

/** The visible text of the element matched by `selector` ('' when there is none). */
export function textOf(page: Page, selector: string): Promise<string> {
  return page.evaluate((css) => (document.querySelector(css) as HTMLElement | null)?.innerText ?? '', selector);
}

/** Waits until the text of `selector` matches `pattern` (a regex source); returns that text. */
export async function waitForMatch(page: Page, selector: string, pattern: string, timeout = scaled(15_000)) {
  const handle = await page.waitForFunction(
    (css, source) => {
      const text = (document.querySelector(css) as HTMLElement | null)?.innerText ?? '';
      return new RegExp(source).test(text) ? text : undefined;
    },
    { timeout },
    selector,
    pattern,
  );
  return (await handle.jsonValue()) as string;
}
