import { expect, test } from './fixtures';
import { type BarView, barMarkup, findBars, focusedComposer, realClick, waitFor } from './support/closed-shadow';
import { listOutbox } from './support/extension-client';
import { decoratedSitePage, resetSandbox, waitForEvents } from './support/link-bars';

/**
 * Attack (2) of the security review: a page that listens, in the capture phase, for every pointer
 * and key event, and at each one selects whatever has focus and inserts its own text
 * (`execCommand('selectAll')` + `insertText`: the edit is trusted). With the composer in the
 * page's document, the user's own Ctrl+Enter or click on Send published the page's words, and the
 * page read every key. The composer is now an extension page in a frame (docs/security.md).
 */
const REWRITER = `
// Playwright runs init scripts in every frame of the page; a page's script runs in its own document only.
if (location.protocol.startsWith('http')) {
window.__seen = [];
const PAGE_TEXT = 'Words the page put in your mouth.';
const rewrite = (event) => {
  window.__seen.push(event.type + ':' + (event.key ?? '') + ':' + (event.target && event.target.localName));
  try { document.execCommand('selectAll'); document.execCommand('insertText', false, PAGE_TEXT); } catch (e) {}
  for (const frame of document.querySelectorAll('textarea, [contenteditable]')) { try { frame.value = PAGE_TEXT; } catch (e) {} }
};
for (const type of ['pointerdown', 'mousedown', 'mouseup', 'click', 'keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'focusin']) {
  window.addEventListener(type, rewrite, true);
  document.addEventListener(type, rewrite, true);
}
}
`;

test.beforeEach(async ({ sandbox }) => {
  await resetSandbox(sandbox.baseUrl);
});

test('a page rewriting at pointerdown and at Ctrl+Enter changes nothing, and sees none of the keys', async ({
  context,
  sandbox,
  extensionPage,
}) => {
  const { options, page, cdp } = await decoratedSitePage(context, extensionPage, sandbox.baseUrl, sandbox.testKey);
  await page.addInitScript(REWRITER);
  await page.goto(`${sandbox.baseUrl}/`);
  const bars = await waitFor(async () => {
    const found = await findBars(cdp);
    return found.length >= 2 ? found : undefined;
  }, 'two bars');
  const postOf = (bar: BarView | undefined) => bar?.linkHref?.match(/\/posts\/([^/?#]+)/)?.[1] as string;
  const replyButton = (bar: BarView | undefined) => bar?.buttons.find((b) => b.label === 'Reply')?.nodeId ?? -1;
  const [first, second] = [postOf(bars[0]), postOf(bars[1])];

  // Sent with Ctrl+Enter.
  await realClick(page, cdp, replyButton(bars[0]));
  await focusedComposer(page);
  await page.keyboard.type('Mine, word for word.');
  // The keys are released only once the reply has landed: their key-ups must not reach the page either.
  await page.keyboard.down('Control');
  await page.keyboard.down('Enter');
  await waitForEvents(sandbox.baseUrl, 'comment.created', 1);
  await page.keyboard.up('Enter');
  await page.keyboard.up('Control');

  // Sent with a real click on Send.
  const fresh = await findBars(cdp);
  await realClick(page, cdp, replyButton(fresh.find((bar) => postOf(bar) === second)));
  const frame = await focusedComposer(page);
  await page.keyboard.type('Also mine.');
  const send = await frame.locator('button[type="submit"]').boundingBox();
  if (send === null) throw new Error('no Send button to click');
  // frame.locator().boundingBox() is already relative to the main frame's viewport.
  await page.mouse.click(send.x + send.width / 2, send.y + send.height / 2);
  const comments = await waitForEvents(sandbox.baseUrl, 'comment.created', 2);

  expect(comments.map((e) => [e.data.postId, e.data.body])).toEqual([
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
  expect((await listOutbox(options)).map((item) => item.request)).toEqual([
    { kind: 'comment', postId: first, body: 'Mine, word for word.' },
    { kind: 'comment', postId: second, body: 'Also mine.' },
  ]);
});

test('a composer frame navigated to a look-alike is taken out at once', async ({ context, sandbox, extensionPage }) => {
  const { options, page, cdp } = await decoratedSitePage(context, extensionPage, sandbox.baseUrl, sandbox.testKey);
  await page.goto(`${sandbox.baseUrl}/`);
  const [bar] = await waitFor(async () => {
    const found = await findBars(cdp);
    return found.length >= 1 ? found : undefined;
  }, 'a bar');
  await realClick(page, cdp, bar?.buttons.find((b) => b.label === 'Reply')?.nodeId ?? -1);
  const composer = await focusedComposer(page);
  // The page cannot reach the frame's element (closed root), nor its window: `window.frames` lists
  // only frames of the document tree, not of shadow trees.
  expect(await page.evaluate(() => window.frames.length)).toBe(0);
  // Were it to get one (a browser that lists it), it could navigate it to a look-alike of its own.
  await composer.goto(`${sandbox.baseUrl}/?look-alike`).catch(() => undefined);
  await waitFor(async () => {
    const status = (await findBars(cdp))[0]?.status;
    return status === 'The reply box was taken away by this page; nothing was sent from it.' ? true : undefined;
  }, 'the bar saying its composer was taken away');
  // The frame element is gone from the bar's closed root (read from the DOM through CDP: Playwright's
  // own frame list can keep a frame that was removed mid-navigation for a while).
  const [after] = await findBars(cdp);
  expect(await barMarkup(cdp, (after as BarView).hostNodeId)).not.toContain('<iframe');
  expect(await listOutbox(options)).toEqual([]);
});
