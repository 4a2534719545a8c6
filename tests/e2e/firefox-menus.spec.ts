import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { type RunningSandbox, startSandbox } from '../../sandbox/server';
import { GECKO_ID } from '../../wxt.config';
import { FIREFOX_BUILD } from './support/browsers';
import { aria, configureInOptions, launchFirefox, openFirefoxExtensionPage } from './support/firefox';
import {
  chooseContextMenuEntry,
  closeContextMenu,
  closeSidebar,
  contextMenuLabels,
  openSidebar,
  runShortcut,
  sidebarPageUrl,
  untilInBrowserWindow,
} from './support/firefox-chrome';
import { find } from './support/firefox-ui';
import { USER_SCOPES } from './support/new-account';
import { SandboxClient } from './support/sandbox-client';
import { scaled } from './support/time';

/** Firefox's id of our sidebar (the add-on id made an identifier, then `-sidebar-action`). */
const OUR_SIDEBAR = `${GECKO_ID.replace(/[^a-z0-9_-]/gi, '_')}-sidebar-action`;

/** Right-clicks at the middle of the element matched by `selector`; resolves once the page's menu shows `label`. */
async function rightClick(browser: Browser, page: Page, selector: string, label: string): Promise<string> {
  await (await find(page, selector)).click({ button: 'right' });
  return untilInBrowserWindow<string>(
    browser,
    `(() => { const m = document.getElementById('contentAreaContextMenu');
       const labels = [...m.querySelectorAll('menuitem')].filter((i) => !i.hidden).map((i) => i.label);
       return m.state === 'open' && labels.includes(${JSON.stringify(label)}) ? labels.join('\\n') : ''; })()`,
    `the context menu with "${label}"`,
    scaled(10_000),
  );
}

// Firefox ESR (the MV2 build): the native context menu and the sidebar command, seen and used
// through Firefox's own window (WebDriver BiDi's privileged scope, tests/e2e/support/firefox-chrome.ts).
test.describe('Firefox ESR: context menus and the sidebar command', () => {
  let browser: Browser;
  let sandbox: RunningSandbox;
  let control: SandboxClient;
  let account: string;

  test.beforeAll(async () => {
    [browser, sandbox] = await Promise.all([launchFirefox(), startSandbox({ seed: true })]);
    control = new SandboxClient(sandbox.baseUrl);
    const fresh = await control.newKey(USER_SCOPES);
    account = fresh.account;
    const options = await openFirefoxExtensionPage(browser, 'options.html');
    await configureInOptions(options, sandbox.baseUrl, fresh.key, scaled(15_000));
  });

  test.afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  test('the sidebar command is declared, bound to Alt+Shift+D, and its shortcut opens and closes our sidebar', async () => {
    const manifest = JSON.parse(readFileSync(path.join(FIREFOX_BUILD, 'manifest.json'), 'utf8'));
    expect(manifest.commands).toEqual({
      _execute_sidebar_action: {
        suggested_key: { default: 'Alt+Shift+D' },
        description: '__MSG_commandOpenSidePanel__',
      },
    });
    expect(manifest.sidebar_action.default_panel).toBe('sidepanel.html');

    // Firefox opens a new add-on's sidebar at install: closed first, as a user's click does.
    await closeSidebar(browser);
    expect(await openSidebar(browser)).toBe('');
    // Firefox bound the manifest's keys; running its shortcut is what pressing them does.
    expect(await runShortcut(browser, GECKO_ID, 'sidebar-action')).toBe('alt,shift+D');
    await untilInBrowserWindow(
      browser,
      `SidebarController.currentID === ${JSON.stringify(OUR_SIDEBAR)} && SidebarController.isOpen`,
      'our sidebar',
      scaled(10_000),
    );
    await untilInBrowserWindow(
      browser,
      `(() => { const f = document.getElementById('sidebar')?.contentDocument?.getElementById('webext-panels-browser'); return (f?.currentURI?.spec ?? '').endsWith('/sidepanel.html'); })()`,
      'the side panel page in the sidebar',
      scaled(10_000),
    );
    expect(await sidebarPageUrl(browser)).toMatch(/^moz-extension:\/\/[^/]+\/sidepanel\.html$/);
    // The same keys close it again.
    await runShortcut(browser, GECKO_ID, 'sidebar-action');
    await untilInBrowserWindow(browser, '!SidebarController.isOpen', 'the sidebar closed', scaled(10_000));
  });

  test('on a post link "React: …" reacts and "Reply…" opens the sidebar; on a selection "Post this quote" drafts it', async () => {
    test.setTimeout(scaled(60_000));
    const page = await browser.newPage();
    await page.goto(`${sandbox.baseUrl}/`);
    const link = 'article[data-post-id] .meta a';
    const postId = await (await find(page, link)).evaluate((a) => a.getAttribute('href')?.replace('/posts/', ''));

    // A post link: one entry per reaction kind and "Reply…"; no quote without a selection.
    const labels = await rightClick(browser, page, link, 'React: Well sourced');
    expect(labels).toContain('Reply…');
    expect(labels).not.toContain('Post this quote');
    expect(await chooseContextMenuEntry(browser, 'React: Well sourced', scaled(5_000))).toBe(true);
    await expect
      .poll(
        async () =>
          (
            await control.control<{
              events: { type: string; data: { postId?: string; kind?: string; author?: { id: string } } }[];
            }>('GET', '/events')
          ).events
            .filter((e) => e.type === 'reaction.created' && e.data.author?.id === account)
            .map((e) => [e.data.postId, e.data.kind]),
        { timeout: scaled(20_000) },
      )
      .toEqual([[postId, 'well_sourced']]);

    // "Reply…" opens the sidebar (a menu click is a user action) on the side panel.
    await closeSidebar(browser);
    await rightClick(browser, page, link, 'Reply…');
    await chooseContextMenuEntry(browser, 'Reply…', scaled(5_000));
    await untilInBrowserWindow(
      browser,
      `SidebarController.isOpen && SidebarController.currentID === ${JSON.stringify(OUR_SIDEBAR)}`,
      'the sidebar opened by Reply…',
      scaled(10_000),
    );

    // A selection: "Post this quote" only; the quote and the page it came from reach the composer.
    const quoted = await page.evaluate(() => {
      const body = document.querySelector('article[data-post-id] p') as HTMLElement;
      const range = document.createRange();
      range.selectNodeContents(body);
      const selection = getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return selection?.toString().trim().replace(/\s+/g, ' ') ?? '';
    });
    expect(quoted).not.toBe('');
    const box = await (await find(page, 'article[data-post-id] p')).boundingBox();
    if (box === null) throw new Error('The selected text has no box');
    await page.mouse.click(box.x + 10, box.y + box.height / 2, { button: 'right' });
    await untilInBrowserWindow(
      browser,
      `(() => { const m = document.getElementById('contentAreaContextMenu'); return m.state === 'open' && [...m.querySelectorAll('menuitem')].some((i) => !i.hidden && i.label === 'Post this quote'); })()`,
      'the selection menu',
      scaled(10_000),
    );
    expect(await contextMenuLabels(browser)).not.toContain('React: Well sourced');
    await chooseContextMenuEntry(browser, 'Post this quote', scaled(5_000));
    // The sidebar "Reply…" opened takes the quote into its composer and saves it as the post draft
    // 400 ms later (or, not loaded yet, leaves it for the next panel): a panel opened as a tab shows
    // it once either has happened. The sidebar's own page cannot be read from here.
    const wanted = `“${quoted}”\n\n${sandbox.baseUrl}/`;
    let panel: Page | undefined;
    await expect
      .poll(
        async () => {
          await panel?.close();
          panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
          const composer = await find(panel, aria('textbox', 'New post'));
          return composer.evaluate((box) => (box as HTMLTextAreaElement).value);
        },
        { timeout: scaled(20_000), message: 'the quote in the composer of a panel' },
      )
      .toContain(wanted);
    await closeContextMenu(browser);
    await panel?.close();
    await page.close();
  });
});
