import type { Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { call, configure, listOutbox, readPref } from './support/extension-client';
import { resetSandbox, sandboxEvents, serviceWorker, waitForEvents } from './support/link-bars';

/** The menu entry exists (Chrome has no API to list entries; `update` fails on an unknown id). */
function menuExists(worker: Worker, id: string): Promise<boolean> {
  return worker.evaluate(
    (menuId) =>
      (
        globalThis as unknown as { chrome: { contextMenus: { update(id: string, p: object): Promise<void> } } }
      ).chrome.contextMenus
        .update(menuId, {})
        .then(
          () => true,
          () => false,
        ),
    id,
  );
}

/**
 * A click on a context-menu entry. The native menu cannot be clicked from a test, so the click is
 * dispatched to the listeners the background registered (`contextMenus.onClicked.dispatch` in the
 * service worker): the same handler code runs as for a real click, minus the user gesture.
 */
function clickMenu(worker: Worker, info: Record<string, unknown>, tabId = 1): Promise<void> {
  return clickMenuRepeatedly(worker, [info], tabId);
}

/**
 * Clicks dispatched one after another in the same task of the service worker, as a quick double
 * click: the later ones arrive while the first one's write is still in the Outbox (not yet sent),
 * whatever the timing of the test's round trips to the worker.
 */
function clickMenuRepeatedly(worker: Worker, infos: Record<string, unknown>[], tabId = 1): Promise<void> {
  return worker.evaluate(
    ([clickInfos, id]) => {
      const menus = (
        globalThis as unknown as {
          chrome: { contextMenus: { onClicked: { dispatch(info: unknown, tab: unknown): void } } };
        }
      ).chrome.contextMenus;
      for (const clickInfo of clickInfos)
        menus.onClicked.dispatch(
          { editable: false, pageUrl: 'https://news.example/today', ...clickInfo },
          { id, index: 0, windowId: 1 },
        );
    },
    [infos, tabId] as const,
  );
}

function pendingDraft(worker: Worker): Promise<unknown> {
  return readPref(worker, 'pendingDraft');
}

async function waitUntil<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('the menu entries exist and follow the settings; their handlers queue the right writes and drafts', async ({
  context,
  sandbox,
  extensionPage,
}) => {
  await resetSandbox(sandbox.baseUrl);
  const options = await extensionPage('options.html');
  const worker = await serviceWorker(context);
  await configure(options, sandbox.baseUrl, sandbox.testKey);
  await waitUntil(() => menuExists(worker, 'dc-react:well_sourced'), Boolean, 'the React entry');
  expect(await menuExists(worker, 'dc-reply')).toBe(true);
  expect(await menuExists(worker, 'dc-quote')).toBe(true);
  expect(await menuExists(worker, 'dc-react:agree')).toBe(false);

  await call(options, 'saveSettings', {
    reactionKinds: [
      { value: 'well_sourced', label: 'Well sourced' },
      { value: 'agree', label: 'Agree' },
    ],
  });
  await waitUntil(() => menuExists(worker, 'dc-react:agree'), Boolean, 'an entry for the new kind');

  const response = await fetch(`${sandbox.baseUrl}/v1/timelines/public?limit=2`, {
    headers: { Authorization: `Bearer ${sandbox.testKey}` },
  });
  const [first, second] = ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);

  // React: on a post link of the site, and repeated: one reaction.
  await clickMenuRepeatedly(worker, [
    { menuItemId: 'dc-react:agree', linkUrl: `${sandbox.baseUrl}/posts/${first}?ref=menu` },
    { menuItemId: 'dc-react:agree', linkUrl: `${sandbox.baseUrl}/posts/${first}` },
  ]);
  const reactions = await waitForEvents(sandbox.baseUrl, 'reaction.created', 1);
  expect(reactions.map((e) => [e.data.postId, e.data.kind])).toEqual([[first, 'agree']]);

  // Links the wide menu filter lets through but that are not post links of the site: nothing.
  for (const linkUrl of [`http://127.0.0.1:1/posts/${second}`, `${sandbox.baseUrl}/posts/${second}/comments`]) {
    await clickMenu(worker, { menuItemId: 'dc-react:well_sourced', linkUrl });
  }

  // Reply…: the side panel's reply composer gets the post (the panel opens only with a real gesture).
  await clickMenu(worker, { menuItemId: 'dc-reply', linkUrl: `${sandbox.baseUrl}/posts/${second}#c_1` });
  expect(await waitUntil(() => pendingDraft(worker), Boolean, 'the reply draft')).toMatchObject({
    kind: 'reply',
    postId: second,
    text: '',
  });

  // Post this quote: the selection and the page it came from, by origin and path (no query).
  await clickMenu(worker, {
    menuItemId: 'dc-quote',
    selectionText: 'Ridership rose 12% after the fare cut.',
    pageUrl: 'https://news.example/transit?id=7',
  });
  expect(
    await waitUntil(
      () => pendingDraft(worker),
      (draft) => (draft as { kind?: string } | null)?.kind === 'post',
      'the quote draft',
    ),
  ).toMatchObject({
    kind: 'post',
    text: '“Ridership rose 12% after the fare cut.”\n\nhttps://news.example/transit',
  });

  const items = await waitUntil(
    () => listOutbox(options),
    (list) => list.every((item) => item.state.status === 'sent'),
    'the Outbox to settle',
  );
  expect(items.map((item) => item.request)).toEqual(
    expect.arrayContaining([{ kind: 'reaction', postId: first, reaction: 'agree' }]),
  );
  expect(items.every((item) => item.request.kind === 'reaction' && item.request.postId === first)).toBe(true);
  // The repeated click was coalesced: exactly one Outbox item for that post and kind, sent once.
  expect(
    items.filter(
      (item) => item.request.kind === 'reaction' && item.request.postId === first && item.request.reaction === 'agree',
    ),
  ).toHaveLength(1);
  expect(items.map((item) => item.request)).toEqual([{ kind: 'reaction', postId: first, reaction: 'agree' }]);
  const settledEvents = await sandboxEvents(sandbox.baseUrl);
  expect(settledEvents.filter((e) => e.type !== 'reaction.created')).toEqual([]);
  expect(settledEvents.filter((e) => e.type === 'reaction.created').map((e) => [e.data.postId, e.data.kind])).toEqual([
    [first, 'agree'],
  ]);
});
