import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/axe';
import { extensionIdOf, launchChromium, openExtensionPage, removeProfile, WorkerStopper } from './support/chromium';
import { call, configure, listOutbox } from './support/extension-client';
import { scaled } from './support/time';

/**
 * Issue 18: system notifications about writes, in Chromium. The profile starts with the optional
 * `notifications` permission recorded as granted (headless Chromium never answers a prompt), so the
 * options page's own request resolves at once, as after the user accepted it.
 */

const UNKNOWN_KIND = { value: 'convincing', label: 'Convincing' };
const NOTIFY_CARD = 'section[aria-labelledby="notify-title"]';

interface NotificationsApi {
  getAll(): Promise<Record<string, boolean>>;
  onClosed: { addListener(listener: (id: string) => void): void };
}

/**
 * Starts noting, in an extension page, every notification the extension shows: `notifications.getAll`
 * read every 100 ms, and `onClosed` (headless Chromium has no notification centre: a notification
 * closes by itself after about 8 s, so reading `getAll` now and then could miss one).
 */
async function watchNotices(page: Page): Promise<void> {
  await page.evaluate(() => {
    const api = (globalThis as unknown as { chrome: { notifications: NotificationsApi } }).chrome.notifications;
    const seen = new Set<string>();
    Object.assign(globalThis, { seenNotices: seen });
    api.onClosed.addListener((id) => seen.add(id));
    const read = async () => {
      for (const id of Object.keys(await api.getAll())) seen.add(id);
      setTimeout(read, 100);
    };
    void read();
  });
}

/** The ids of every notification seen since `watchNotices` on this page. */
function seenNotices(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(globalThis as unknown as { seenNotices: Set<string> }).seenNotices]);
}

/**
 * Moves a queued write's `createdAt` back in the extension's IndexedDB, from an extension tab, while
 * the service worker is stopped: as if the user had asked for it `ms` earlier (say, before the
 * browser was closed). The next worker start loads it so.
 */
async function askedEarlier(context: BrowserContext, extensionId: string, itemId: string, ms: number): Promise<void> {
  const stopper = await WorkerStopper.open(context, extensionId);
  await stopper.stop();
  const tab = await openExtensionPage(context, extensionId, 'manifest.json');
  try {
    await tab.evaluate(
      ([id, by]) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('debate-companion');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const store = db.transaction('outbox', 'readwrite').objectStore('outbox');
            const get = store.get(id);
            get.onsuccess = () => {
              const item = get.result as { createdAt: number; state: { status: string } };
              if (item.state.status !== 'queued') reject(new Error(`The write is ${item.state.status}, not queued`));
              item.createdAt -= by;
              store.put(item).onsuccess = () => {
                db.close();
                resolve();
              };
            };
          };
        }),
      [itemId, ms] as const,
    );
    // Stopped again: a worker something woke in between (an alarm) read the record before the change.
    await stopper.stop();
  } finally {
    await tab.close();
    await stopper.close();
  }
}

/** A reaction of a kind the platform refuses, queued and waited for until it has failed. */
async function failedReaction(page: Page): Promise<{ id: string }> {
  await call(page, 'saveSettings', {
    reactionKinds: [{ value: 'well_sourced', label: 'Well sourced' }, UNKNOWN_KIND],
  });
  const { items } = await call<{ items: { id: string }[] }>(page, 'getTimelinePage', { limit: 1 });
  const write = await call<{ id: string }>(page, 'enqueueWrite', {
    kind: 'reaction',
    postId: items[0]?.id ?? '',
    reaction: UNKNOWN_KIND.value,
  });
  await expect
    .poll(async () => (await listOutbox(page)).find((item) => item.id === write.id)?.state.status, {
      timeout: scaled(20_000),
    })
    .toBe('failed');
  return write;
}

test.describe('notifications (Chromium)', () => {
  let context: BrowserContext;
  let userDataDir: string;
  let extensionId: string;

  test.beforeEach(async () => {
    ({ context, userDataDir } = await launchChromium({ grantedApis: ['notifications'] }));
    extensionId = await extensionIdOf(context);
  });
  test.afterEach(async () => {
    await context.close();
    removeProfile(userDataDir);
  });

  test('turned on in options; a failed write, then more, make one notification; a late write too', async ({
    sandbox,
  }) => {
    test.setTimeout(scaled(120_000));
    let page = await openExtensionPage(context, extensionId, 'options.html');
    await configure(page, sandbox.baseUrl, sandbox.testKey);
    await call(page, 'checkKey');
    await call(page, 'saveSettings', {
      reactionKinds: [{ value: 'well_sourced', label: 'Well sourced' }, UNKNOWN_KIND],
    });

    // Quiet by default: the card is off. Turning it on asks for the permission (granted) and saves.
    await page.reload();
    const toggle = page.getByRole('checkbox', { name: 'Notify me about my writes' });
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText('Notifications are on.')).toBeVisible();
    await expect(toggle).toBeChecked();
    expect((await call<{ notify: boolean }>(page, 'getSettings')).notify).toBe(true);
    await expectAccessible(page, 'options, notifications card on', { include: [NOTIFY_CARD] });

    // A reaction the platform refuses fails: a notification names it.
    await watchNotices(page);
    const { items } = await call<{ items: { id: string }[] }>(page, 'getTimelinePage', { limit: 3 });
    const postIds = items.map((item) => item.id);
    const react = (postId: string) =>
      call<{ id: string }>(page, 'enqueueWrite', { kind: 'reaction', postId, reaction: UNKNOWN_KIND.value });
    const first = await react(postIds[0] ?? '');
    await expect.poll(() => seenNotices(page), { timeout: scaled(20_000) }).toContain(`notice:trouble:${first.id}`);

    // More failures within the minute (what a hostile page could cause): still that one notification.
    const more = await Promise.all(postIds.slice(1).map(react));
    await expect
      .poll(
        async () => {
          const outbox = await listOutbox(page);
          return more.every((write) => outbox.find((item) => item.id === write.id)?.state.status === 'failed');
        },
        { timeout: scaled(20_000) },
      )
      .toBe(true);
    const seen = await seenNotices(page);

    // A post asked for while the account had no key waits; it goes once the key is back, two
    // minutes after it was asked for: a notification says it was sent after the wait.
    await call(page, 'clearKey');
    const late = await call<{ id: string }>(page, 'enqueueWrite', {
      kind: 'post',
      body: 'Energy board: 38% of the district’s power came from the river dam last winter.',
    });
    await expect
      .poll(async () => (await listOutbox(page)).find((item) => item.id === late.id)?.state.status)
      .toBe('queued');
    // No extension page open while the write's record is changed: none wakes the worker meanwhile.
    await page.close();
    await askedEarlier(context, extensionId, late.id, 120_000);
    page = await openExtensionPage(context, extensionId, 'options.html');
    await watchNotices(page);
    await call(page, 'saveKey', { key: sandbox.testKey });
    await expect
      .poll(async () => (await listOutbox(page)).find((item) => item.id === late.id)?.state.status, {
        timeout: scaled(20_000),
      })
      .toBe('sent');
    await expect.poll(() => seenNotices(page), { timeout: scaled(20_000) }).toContain(`notice:landed:${late.id}`);

    // The later failures were held for the minute's summary (`notice:trouble:`, the Outbox as a
    // whole), never shown one by one: the summary can only come a minute after the first.
    seen.push(...(await seenNotices(page)));
    const trouble = [...new Set(seen.filter((id) => id.startsWith('notice:trouble:')))];
    expect(trouble.filter((id) => id !== 'notice:trouble:')).toEqual([`notice:trouble:${first.id}`]);
  });

  test('the page a notification opens shows the Outbox with that write focused', async ({ sandbox }) => {
    const page = await openExtensionPage(context, extensionId, 'options.html');
    await configure(page, sandbox.baseUrl, sandbox.testKey);
    await call(page, 'checkKey');
    const write = await failedReaction(page);

    // What a click on `notice:trouble:<id>` opens (entrypoints/background/notifier.ts, noticeTarget).
    const panel = await openExtensionPage(context, extensionId, `sidepanel.html#outbox/${write.id}`);
    await expect(panel.getByRole('tab', { name: /Outbox/ })).toHaveAttribute('aria-selected', 'true');
    const entry = panel.locator(`li[data-item="${write.id}"]`);
    await expect(entry).toBeFocused();
    await expect(entry).toBeInViewport();
    await expect(entry).toContainText('Convincing');
  });

  test('off: no notification for a failed write', async ({ sandbox }) => {
    const page = await openExtensionPage(context, extensionId, 'options.html');
    await watchNotices(page);
    await configure(page, sandbox.baseUrl, sandbox.testKey);
    const write = await failedReaction(page);
    // The notifier hears changes in order: the discard's is heard after the failure's.
    await call(page, 'discardItem', { id: write.id });
    expect(await seenNotices(page)).toEqual([]);
    await expectAccessible(page, 'options, notifications card off', { include: [NOTIFY_CARD] });
  });
});
