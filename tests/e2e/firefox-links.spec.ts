import { MIN_POINTER_REST_MS } from '../../entrypoints/link-bar.content/trusted';
import { expect, test } from './fixtures';
import { configureInOptions, openFirefoxExtensionPage } from './support/firefox';
import { resetSandbox, waitForEvents } from './support/link-bars';
import { scaled } from './support/time';

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// Firefox ESR (puppeteer-core over WebDriver BiDi) with the MV2 build: the same link script,
// registered at run time, and the same bar in a closed shadow root.
test.describe('Firefox ESR inline bars', () => {
  test('the bar appears on the sandbox website; a click under a decoy is held and undone, a real click reacts, a reply typed in its frame lands', async ({
    sandbox,
    firefox: browser,
  }) => {
    await resetSandbox(sandbox.baseUrl);
    const options = await openFirefoxExtensionPage(browser, 'options.html');
    await options.waitForSelector('h1', { timeout: scaled(15_000) });
    // Saved from the options page, whose click asks for the sandbox's origin (the store build has none).
    await configureInOptions(options, sandbox.baseUrl, sandbox.testKey, scaled(15_000));
    await until(
      () =>
        options.evaluate(async () => {
          const scripting = (
            globalThis as unknown as {
              browser: { scripting: { getRegisteredContentScripts(): Promise<{ matches?: string[] }[]> } };
            }
          ).browser.scripting;
          const [script] = await scripting.getRegisteredContentScripts();
          return script?.matches?.includes('http://127.0.0.1/*') ? true : undefined;
        }),
      'the link script registration',
    );

    const page = await browser.newPage();
    await page.goto(`${sandbox.baseUrl}/`);
    // The page (and the test) see the bar's host, a plain span after the post's link, and nothing inside it.
    const host = await until(
      () =>
        page.evaluate(() => {
          const span = document.querySelector('article[data-post-id] .meta a + span');
          if (span === null) return undefined;
          const box = span.getBoundingClientRect();
          const link = span.previousElementSibling as HTMLAnchorElement;
          return box.width > 20
            ? {
                x: box.left,
                y: box.top,
                height: box.height,
                href: link.getAttribute('href'),
                shadowRoot: span.shadowRoot === null,
              }
            : undefined;
        }),
      'the inline bar',
    );
    expect(host.shadowRoot).toBe(true);
    const outboxItems = () =>
      options.evaluate(async () => {
        const runtime = (
          globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
        ).browser.runtime;
        const reply = (await runtime.sendMessage({ type: 'listOutbox', payload: {} })) as {
          data: { items: unknown[] };
        };
        return reply.data.items.length;
      });
    // The first button ("Well sourced") starts at the bar's left edge: 15 px in, mid-height. A
    // user's click: the pointer rests on the bar first (trusted.ts).
    const click = async () => {
      // Where the bar starts now (its first line box: a status line may have made it wrap).
      const start = await page.evaluate((href) => {
        const link = document.querySelector(`article a[href="${href}"]`);
        const box = link?.nextElementSibling?.getClientRects()[0];
        return box === undefined ? undefined : { x: box.left, y: box.top + box.height / 2 };
      }, host.href);
      if (start === undefined) throw new Error('the bar is gone');
      await page.mouse.move(start.x + 15, start.y);
      await new Promise((resolve) => setTimeout(resolve, MIN_POINTER_REST_MS + 200));
      await page.mouse.down();
      await page.mouse.up();
    };

    // Firefox has no IntersectionObserver v2: an opaque decoy with `pointer-events: none` over the
    // bar is invisible to the bar. Its click is held for the Undo window instead of sent at once,
    // and Undo (here from the keyboard, past "Well sourced" and "Reply") drops it: nothing is sent.
    await page.evaluate(({ x, y }) => {
      const decoy = document.createElement('div');
      decoy.id = 'decoy';
      decoy.textContent = 'Play the video';
      decoy.setAttribute(
        'style',
        `position:fixed;left:${x - 40}px;top:${y - 20}px;width:300px;height:60px;background:#222;color:#fff;pointer-events:none;z-index:9`,
      );
      document.body.append(decoy);
    }, host);
    await click();
    await until(async () => ((await outboxItems()) === 1 ? true : undefined), 'the held reaction');
    await page.evaluate(() => document.getElementById('decoy')?.remove());
    await page.focus(`article a[href="${host.href}"]`);
    for (let n = 0; n < 3; n += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await until(async () => ((await outboxItems()) === 0 ? true : undefined), 'the reaction undone');

    // The user's own click with nothing over the bar: held for the window too, then sent.
    await click();
    const [reaction] = await waitForEvents(sandbox.baseUrl, 'reaction.created', 1);
    expect(reaction?.data.postId).toBe(host.href?.replace('/posts/', ''));
    expect(reaction?.data.kind).toBe('well_sourced');

    // Reply from the keyboard: Tab from the link past "Well sourced" to Reply, Enter opens the
    // composer (our extension page in a frame), which takes the focus; Ctrl+Enter sends.
    await page.focus(`article a[href="${host.href}"]`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await until(async () => {
      // Puppeteer's BiDi frames keep the URL they started with (about:blank): the composer is the child frame.
      for (const frame of page.frames()) {
        if (frame === page.mainFrame()) continue;
        const focused = await frame.evaluate(
          () => document.hasFocus() && document.activeElement?.localName === 'textarea',
        );
        if (focused) return true;
      }
      return undefined;
    }, 'the reply composer, focused');
    await page.keyboard.type('Replied in Firefox.');
    await page.keyboard.down('Control');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Control');
    const [comment] = await waitForEvents(sandbox.baseUrl, 'comment.created', 1);
    expect([comment?.data.postId, comment?.data.body]).toEqual([
      host.href?.replace('/posts/', ''),
      'Replied in Firefox.',
    ]);
  });
});
