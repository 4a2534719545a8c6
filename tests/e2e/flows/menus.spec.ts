import { readFileSync } from 'node:fs';
import path from 'node:path';
import { newAccount, readPref } from '../driver/extension';
import {
  chooseMenuEntry,
  menuEntryExists,
  menuLabels,
  panelInTab,
  pressSidePanelShortcut,
  selectText,
} from '../driver/menus';
import { panelState } from '../driver/side-panel';
import { expect, test } from '../driver/test';
import type { PanelView } from '../driver/types';
import { find, until } from '../driver/ui';
import { outboxMark, outboxSince, untilWrites, writesOf } from '../driver/writes';
import { CHROME_BUILD, FIREFOX_BUILD } from '../support/browsers';
import { scaled } from '../support/time';

/**
 * The context menus (on a post link "React: <kind>" and "Reply…", on a selection "Post this quote")
 * and the keyboard command that opens the side panel (Chromium) or sidebar (Firefox). How a driver
 * reaches each browser's menu is in tests/e2e/driver/menus.ts: Firefox's real menu, Chromium's
 * listeners (its native menu is out of reach).
 */

/** The links the menu is tried on, added to the platform's home page: id → address. */
function menuLinks(baseUrl: string, first: string, second: string): Record<string, string> {
  return {
    // The first post, with a query the matcher must see through.
    'link-ref': `${baseUrl}/posts/${first}?ref=menu`,
    // Links the wide menu filter lets through that are no post links of the site: another port, a sub-page.
    'link-port': `http://127.0.0.1:1/posts/${second}`,
    'link-comments': `${baseUrl}/posts/${second}/comments`,
    // The second post, at a comment of its page.
    'link-reply': `${baseUrl}/posts/${second}#c_1`,
  };
}

/** The first post's own link on the home page (its time), and its text. */
const FIRST_LINK = 'article[data-post-id] .meta a';
const FIRST_BODY = 'article[data-post-id] p';

test('context menus: the entries exist and follow the settings; their clicks queue the right writes and drafts', async ({
  ext,
  control,
}) => {
  test.setTimeout(scaled(120_000));
  const { account } = await newAccount(ext, control);
  const mark = await outboxMark(ext);
  await until(
    async () => ((await menuEntryExists(ext, 'dc-react:well_sourced')) ? true : undefined),
    'the React entry',
  );
  expect(await menuEntryExists(ext, 'dc-reply')).toBe(true);
  expect(await menuEntryExists(ext, 'dc-quote')).toBe(true);
  expect(await menuEntryExists(ext, 'dc-react:agree')).toBe(false);

  // A kind added in the settings gets its entry.
  await ext.call('saveSettings', {
    reactionKinds: [
      { value: 'well_sourced', label: 'Well sourced' },
      { value: 'agree', label: 'Agree' },
    ],
  });
  await until(
    async () => ((await menuEntryExists(ext, 'dc-react:agree')) ? true : undefined),
    'the entry of the new kind',
  );

  // The platform's home page (with a query, which a quote's citation leaves out).
  const site = await ext.openTab(`${control.baseUrl}/?id=7`);
  await find(site, FIRST_LINK);
  const [first = '', second = ''] = await site.$$eval('article[data-post-id]', (articles) =>
    articles.slice(0, 2).map((article) => article.getAttribute('data-post-id') ?? ''),
  );
  await site.evaluate(
    (links: Record<string, string>) => {
      const nav = document.createElement('nav');
      for (const [id, href] of Object.entries(links)) {
        const link = Object.assign(document.createElement('a'), { id, href, textContent: id });
        nav.append(link, ' ');
      }
      document.body.prepend(nav);
    },
    menuLinks(control.baseUrl, first, second),
  );

  if (ext.engine === 'firefox') {
    // What the user sees on a right-click (Chromium's native menu cannot be read: its entries were
    // checked by id above). On a post link: a "React: …" per kind and "Reply…", no quote.
    expect(await menuLabels(ext, site, { link: FIRST_LINK })).toEqual([
      'React: Well sourced',
      'React: Agree',
      'Reply…',
    ]);
  }

  // React: on a post link, twice (with and without a query) while the first is still on its way
  // (the platform answers it late, for as long as one more click takes): one reaction.
  await control.control('POST', '/faults', {
    latencyMs: scaled(2_000),
    count: 1,
    method: 'POST',
    path: `/v1/posts/${first}/reactions`,
  });
  try {
    await chooseMenuEntry(ext, site, { link: '#link-ref' }, 'dc-react:agree');
    await chooseMenuEntry(ext, site, { link: FIRST_LINK }, 'dc-react:agree');
    const reactions = await untilWrites(control, account, 'reaction.created', 1);
    expect(reactions.map((write) => [write.postId, write.kind])).toEqual([[first, 'agree']]);
  } finally {
    await control.control('DELETE', '/faults');
  }

  // Links the menu is offered on that are no post links of the site: nothing.
  await chooseMenuEntry(ext, site, { link: '#link-port' }, 'dc-react:well_sourced');
  await chooseMenuEntry(ext, site, { link: '#link-comments' }, 'dc-react:well_sourced');

  // Reply…: the side panel's reply box of that post.
  let panel: PanelView;
  if (ext.engine === 'firefox') {
    // A menu click is a user action: Firefox opens the sidebar from it.
    panel = await ext.openSidePanel(() => chooseMenuEntry(ext, site, { link: '#link-reply' }, 'dc-reply'));
  } else {
    // The dispatched click carries no user gesture, so Chromium refuses to open its side panel: the
    // draft waits for the next panel, which picks it up when it opens.
    await chooseMenuEntry(ext, site, { link: '#link-reply' }, 'dc-reply');
    const probe = await ext.open('manifest.json');
    await expect
      .poll(() => readPref(probe, 'pendingDraft'), { timeout: scaled(10_000) })
      .toMatchObject({ kind: 'reply', postId: second, text: '' });
    panel = panelInTab(await ext.open('sidepanel.html'));
  }
  const replyBox = await until(
    () =>
      panel.evaluate((doc, postId: string) => {
        const box = doc.querySelector(`article[data-post-id="${postId}"] textarea`);
        return box === null ? undefined : (box as HTMLTextAreaElement).value;
      }, second),
    'the reply box of the post',
  );
  expect(replyBox).toBe('');
  expect((await panelState(panel, 'New post')).draft).toBe('');

  // Post this quote: the selection and the page it came from, by origin and path (no query).
  const quoted = await selectText(site, FIRST_BODY);
  expect(quoted).not.toBe('');
  if (ext.engine === 'firefox') {
    // On a selection: the quote only (Chromium's native menu cannot be read).
    expect(await menuLabels(ext, site, { selection: FIRST_BODY })).toEqual(['Post this quote']);
  }
  await chooseMenuEntry(ext, site, { selection: FIRST_BODY }, 'dc-quote');
  await expect
    .poll(async () => (await panelState(panel, 'New post')).draft, { timeout: scaled(10_000) })
    .toBe(`“${quoted}”\n\n${control.baseUrl}/`);

  // The Outbox settles with the one reaction, sent once; nothing else was written.
  const items = await until(async () => {
    const since = await outboxSince(ext, mark);
    return since.every((item) => item.state.status === 'sent') ? since : undefined;
  }, 'the Outbox to settle');
  expect(items.map((item) => item.request)).toEqual([{ kind: 'reaction', postId: first, reaction: 'agree' }]);
  expect((await writesOf(control, account)).map((write) => [write.type, write.postId, write.kind])).toEqual([
    ['reaction.created', first, 'agree'],
  ]);
  expect((await control.writeLog(account)).map((request) => request.path)).toEqual([`/v1/posts/${first}/reactions`]);
});

test('the side panel command is declared, bound to Alt+Shift+D, and its shortcut opens and closes the panel', async ({
  ext,
}) => {
  // Firefox has a built-in command for its sidebar; Chrome's is a named one the background handles.
  const firefox = ext.engine === 'firefox';
  const name = firefox ? '_execute_sidebar_action' : 'open-side-panel';
  const manifest = JSON.parse(readFileSync(path.join(firefox ? FIREFOX_BUILD : CHROME_BUILD, 'manifest.json'), 'utf8'));
  expect(manifest.commands).toEqual({
    [name]: { suggested_key: { default: 'Alt+Shift+D' }, description: '__MSG_commandOpenSidePanel__' },
  });
  expect(firefox ? manifest.sidebar_action.default_panel : manifest.side_panel.default_path).toBe('sidepanel.html');

  // The browser bound the suggested keys to it (what the options page shows).
  const commands = await ext.inExtension(() => {
    const api =
      (globalThis as unknown as { browser?: unknown; chrome?: unknown }).browser ??
      (globalThis as unknown as { chrome: unknown }).chrome;
    return (api as { commands: { getAll(): Promise<{ name?: string; shortcut?: string }[]> } }).commands.getAll();
  });
  expect(commands.find((command) => command.name === name)?.shortcut).toBe('Alt+Shift+D');

  // Chromium's shortcuts are the browser's own accelerators, which no driver can press (CDP's key
  // events go to the page); its command handler is unit-tested (tests/unit/background/commands.test.ts).
  if (firefox) {
    // Firefox runs the command the keys are bound to: our sidebar opens on the side panel page...
    let keys = '';
    const view = await ext.openSidePanel(async () => {
      keys = await pressSidePanelShortcut(ext);
    });
    expect(keys).toBe('alt,shift+D');
    expect(await view.evaluate((doc) => doc.location.pathname)).toBe('/sidepanel.html');
    // ...and the same keys close it again.
    await pressSidePanelShortcut(ext);
    await until(async () => ((await ext.sidePanelOpen()) ? undefined : true), 'the sidebar closed');
  }
});
