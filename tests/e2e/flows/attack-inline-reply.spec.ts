import type { Page } from 'puppeteer-core';
import { barMarkup, clickBarButton, focusedComposer, waitForBars, waitForStatus } from '../driver/bars';
import { decorateSandboxSite } from '../driver/link-scripts';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';
import { steadyBox } from '../driver/ui';
import { outboxMark, outboxSince, untilWrites } from '../driver/writes';

/**
 * Attack (2) of the security review: a page that listens, in the capture phase, for every pointer
 * and key event, and at each one selects whatever has focus and inserts its own text
 * (`execCommand('selectAll')` + `insertText`: the edit is trusted). With the composer in the
 * page's document, the user's own Ctrl+Enter or click on Send published the page's words, and the
 * page read every key. The composer is now an extension page in a frame (docs/security.md).
 */
function rewriter(): void {
  // Run before the page's own scripts in every document of the tab: the page's script runs in its own only.
  if (!location.protocol.startsWith('http')) return;
  const seen: string[] = [];
  (window as unknown as { __seen: string[] }).__seen = seen;
  const PAGE_TEXT = 'Words the page put in your mouth.';
  const rewrite = (event: Event) => {
    const target = event.target as Element | null;
    seen.push(`${event.type}:${(event as KeyboardEvent).key ?? ''}:${target?.localName}`);
    try {
      document.execCommand('selectAll');
      document.execCommand('insertText', false, PAGE_TEXT);
    } catch {}
    for (const box of document.querySelectorAll('textarea, [contenteditable]')) {
      try {
        (box as HTMLTextAreaElement).value = PAGE_TEXT;
      } catch {}
    }
  };
  const types = ['pointerdown', 'mousedown', 'mouseup', 'click', 'keydown', 'keypress', 'keyup', 'beforeinput'];
  for (const type of [...types, 'input', 'focusin']) {
    window.addEventListener(type, rewrite, true);
    document.addEventListener(type, rewrite, true);
  }
}

/** The platform's home page in a new tab, with `prepare` run in each of its documents before the page's scripts. */
async function openSite(ext: ExtensionBrowser, url: string, prepare?: () => void): Promise<Page> {
  const page = await ext.newTab();
  if (prepare !== undefined) await page.evaluateOnNewDocument(prepare);
  await ext.goto(page, url);
  return page;
}

test('a page rewriting at pointerdown and at Ctrl+Enter changes nothing, and sees none of the keys', async ({
  ext,
  control,
}) => {
  const { account } = await decorateSandboxSite(ext, control);
  const mark = await outboxMark(ext);
  const page = await openSite(ext, `${control.baseUrl}/`, rewriter);
  const [first, second] = (await waitForBars(ext, page, 2, 'two bars')).map((bar) => bar.postId as string);
  if (first === undefined || second === undefined) throw new Error('fewer than two bars');

  // Sent with Ctrl+Enter.
  await clickBarButton(ext, page, { postId: first }, 'Reply');
  await focusedComposer(page);
  await page.keyboard.type('Mine, word for word.');
  // The keys are released only once the reply has landed: their key-ups must not reach the page either.
  await page.keyboard.down('Control');
  await page.keyboard.down('Enter');
  await untilWrites(control, account, 'comment.created', 1);
  await page.keyboard.up('Enter');
  await page.keyboard.up('Control');
  // The first bar settles (its composer closed, its status drawn) before the second opens below it.
  await waitForStatus(ext, page, { postId: first }, 'Reply: sent');

  // Sent with a real click on Send.
  await clickBarButton(ext, page, { postId: second }, 'Reply');
  const frame = await focusedComposer(page);
  await page.keyboard.type('Also mine.');
  // An element's box in a frame is given in the main frame's viewport.
  const send = await steadyBox(frame, 'button[type="submit"]');
  await page.mouse.click(send.x + send.width / 2, send.y + send.height / 2);
  const comments = await untilWrites(control, account, 'comment.created', 2);

  expect(comments.map((e) => [e.postId, e.body])).toEqual([
    [first, 'Mine, word for word.'],
    [second, 'Also mine.'],
  ]);
  // The page's listeners saw the clicks on Reply (on the bar's host), never a key of the replies nor the Send click.
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  expect(seen.some((entry) => entry.startsWith('pointerdown:'))).toBe(true);
  expect(seen.filter((entry) => /^key(down|up|press):/.test(entry))).toEqual([]);
  expect(seen.filter((entry) => /^(beforeinput|input):/.test(entry))).toEqual([]);
  expect(seen.filter((entry) => entry.endsWith(':iframe'))).toEqual([]);
  // Nothing else went out: exactly the two replies.
  expect((await outboxSince(ext, mark)).map((item) => item.request)).toEqual([
    { kind: 'comment', postId: first, body: 'Mine, word for word.' },
    { kind: 'comment', postId: second, body: 'Also mine.' },
  ]);
});

test('a composer frame navigated to a look-alike is taken out at once', async ({ ext, control }) => {
  await decorateSandboxSite(ext, control);
  const mark = await outboxMark(ext);
  const page = await openSite(ext, `${control.baseUrl}/`);
  await waitForBars(ext, page, 1, 'a bar');
  await clickBarButton(ext, page, { index: 0 }, 'Reply');
  const composer = await focusedComposer(page);
  const lookAlike = `${control.baseUrl}/?look-alike`;
  // The page cannot reach the frame's element (closed root), nor its window: `window.frames` lists
  // only frames of the document tree, not of shadow trees (in both browsers).
  expect(await page.evaluate(() => window.frames.length)).toBe(0);
  // Were it to get one (a browser that lists it), it could navigate it to a look-alike of its own.
  void composer.goto(lookAlike).catch(() => undefined);
  await waitForStatus(ext, page, { index: 0 }, 'The reply box was taken away by this page; nothing was sent from it.');
  // The frame element is gone from the bar's closed root.
  expect(await barMarkup(ext, page, { index: 0 })).not.toContain('<iframe');
  expect(await outboxSince(ext, mark)).toEqual([]);
});
