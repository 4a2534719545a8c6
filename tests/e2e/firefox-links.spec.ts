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
  test('the bar appears on the sandbox website; a real click reacts, a reply typed in its frame lands', async ({
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
    // The first button ("Well sourced") starts at the host's left edge: click 15 px in, mid-height.
    await page.mouse.click(host.x + 15, host.y + host.height / 2);
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
