import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/entrypoints/background/handlers';
import { BackgroundServices } from '@/entrypoints/background/services';
import { statusOf } from '@/entrypoints/background/status';
import type { Handlers } from '@/lib/messages/router';
import { openDebateDb } from '@/lib/storage/db';
import { SavedPostsBook } from '@/lib/storage/saved-book';
import { readSettings, updateSettings } from '@/lib/storage/settings';
import { noLinks } from '../support/links';
import { useEnglishMessages } from '../support/locale';

const A = 'http://127.0.0.1:8787';
const B = 'http://127.0.0.1:8788';
const fromPanel = {
  sender: { kind: 'extension', url: 'chrome-extension://x/sidepanel.html', tabId: undefined },
} as never;
const fromPage = { sender: { kind: 'content', url: `${A}/posts/p_1`, tabId: 3, frameId: 0 } } as never;

async function setup() {
  await (await openDebateDb()).delete('prefs', 'accounts');
  await updateSettings({ baseUrl: '', reactionKinds: [{ value: 'well_sourced', label: 'Well sourced' }] });
  const services = new BackgroundServices();
  const handlers: Handlers = createHandlers({
    services,
    status: () => statusOf(services),
    kick: vi.fn(),
    notify: vi.fn(),
    drafts: {} as never,
    saved: new SavedPostsBook(),
    sync: {} as never,
    links: noLinks(),
  });
  return { services, handlers };
}

beforeEach(() => {
  fakeBrowser.reset();
  // The bars' config names the default reaction kind in the browser's words.
  useEnglishMessages();
  // Every key check answers "who you are" from the key's last characters, at once.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const key = request.headers.get('authorization')?.slice(-4) ?? '';
      return new Response(JSON.stringify({ account: { id: key, handle: `user_${key}` }, scopes: ['posts:write'] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('several accounts', () => {
  it('adds two, checks each with its own key, makes the first the default and follows it in the settings', async () => {
    const { handlers } = await setup();
    const first = await handlers.addAccount({ baseUrl: A, key: 'dcp_key_aaaa', label: 'Personal' }, fromPanel);
    const second = await handlers.addAccount({ baseUrl: B, key: 'dcp_key_bbbb' }, fromPanel);
    expect(first).toMatchObject({ name: 'Personal', isDefault: true, key: { set: true, last4: 'aaaa' } });
    expect(first.check).toMatchObject({ outcome: 'ok', account: { handle: 'user_aaaa' } });
    // No label: named by the handle its key check gave (lib/account-name.ts).
    expect(second).toMatchObject({ name: '@user_bbbb', isDefault: false, origin: B });
    expect((await readSettings()).baseUrl).toBe(A);
    await handlers.setDefaultAccount({ id: second.id }, fromPanel);
    expect((await readSettings()).baseUrl).toBe(B);
    const status = await handlers.getStatus(undefined, fromPanel);
    expect(status.defaultAccount).toBe(second.id);
    expect(status.accounts.map((account) => account.isDefault)).toEqual([false, true]);
    expect(JSON.stringify(status)).not.toMatch(/dcp_key/);
  });

  it('queues a write as the account named, else the default; a page always speaks as the default', async () => {
    const { services, handlers } = await setup();
    const a = await handlers.addAccount({ baseUrl: A, key: 'dcp_key_aaaa' }, fromPanel);
    const b = await handlers.addAccount({ baseUrl: A, key: 'dcp_key_bbbb', label: 'Org' }, fromPanel);
    await handlers.enqueueWrite({ kind: 'post', body: 'As B.', as: b.id }, fromPanel);
    await handlers.enqueueWrite({ kind: 'post', body: 'As the default.' }, fromPanel);
    await handlers.reactToPost({ postId: 'p_1', reaction: 'well_sourced' }, fromPage);
    const accounts = (await services.outbox()).list().map((item) => item.account);
    expect(accounts).toEqual([b.id, a.id, a.id]);
    // The panel's choice is remembered for that platform.
    expect((await handlers.getStatus(undefined, fromPanel)).lastUsed).toEqual({ [A]: b.id });
    await handlers.setDefaultAccount({ id: b.id }, fromPanel);
    await handlers.reactToPost({ postId: 'p_2', reaction: 'well_sourced' }, fromPage);
    expect((await services.outbox()).list().at(-1)?.account).toBe(b.id);
    const config = await handlers.getLinkConfig(undefined, fromPage);
    expect(config.speaker).toBe('Org');
    await expect(handlers.enqueueWrite({ kind: 'post', body: 'x', as: 'acct-gone' }, fromPanel)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('asks before removing an account with writes waiting, then discards or moves them as told', async () => {
    const { services, handlers } = await setup();
    const a = await handlers.addAccount({ baseUrl: A, key: 'dcp_key_aaaa' }, fromPanel);
    const b = await handlers.addAccount({ baseUrl: B, key: 'dcp_key_bbbb' }, fromPanel);
    const c = await handlers.addAccount({ baseUrl: B, key: 'dcp_key_cccc' }, fromPanel);
    const outbox = await services.outbox();
    // Held so that nothing is sent while the test looks.
    await outbox.enqueue(b.id, { kind: 'post', body: 'B one' }, { holdUntil: Date.now() + 60_000 });
    await outbox.enqueue(b.id, { kind: 'post', body: 'B two' }, { holdUntil: Date.now() + 60_000 });
    await outbox.enqueue(c.id, { kind: 'post', body: 'C one' }, { holdUntil: Date.now() + 60_000 });
    await expect(handlers.removeAccount({ id: b.id }, fromPanel)).rejects.toMatchObject({
      code: 'not_allowed',
      message: expect.stringContaining('2 writes'),
    });
    expect((await handlers.getStatus(undefined, fromPanel)).accounts).toHaveLength(3);
    await expect(handlers.removeAccount({ id: b.id, waiting: 'move', moveTo: b.id }, fromPanel)).rejects.toMatchObject({
      code: 'invalid',
    });
    expect(await handlers.removeAccount({ id: b.id, waiting: 'move', moveTo: a.id }, fromPanel)).toEqual({
      discarded: 0,
      moved: 2,
    });
    expect(outbox.list(a.id).map((item) => item.request)).toMatchObject([{ body: 'B one' }, { body: 'B two' }]);
    expect(await handlers.removeAccount({ id: c.id, waiting: 'discard' }, fromPanel)).toEqual({
      discarded: 1,
      moved: 0,
    });
    expect(outbox.list(c.id)).toEqual([]);
    expect(await services.vault.read(c.id)).toBeUndefined();
    expect((await handlers.getStatus(undefined, fromPanel)).accounts.map((x) => x.id)).toEqual([a.id]);
  });

  it('keeps writes queued for an address an account left; an account added for that address takes them', async () => {
    const { services, handlers } = await setup();
    await handlers.saveSettings({ baseUrl: A }, fromPanel);
    await handlers.saveKey({ key: 'dcp_key_aaaa' }, fromPanel);
    const outbox = await services.outbox();
    const account = await services.accounts.resolve();
    await outbox.enqueue(account.id, { kind: 'post', body: 'For A' }, { holdUntil: Date.now() + 60_000 });
    const moved = await handlers.saveSettings({ baseUrl: B }, fromPanel);
    expect(moved.keyRemovedFor).toBe(A);
    expect(outbox.list().map((item) => item.account)).toEqual([`${A}/`]);
    const again = await handlers.addAccount({ baseUrl: A, key: 'dcp_key_a2a2' }, fromPanel);
    expect(outbox.list().map((item) => item.account)).toEqual([again.id]);
  });

  it('sets a reserve and a label; refuses what is out of bounds', async () => {
    const { handlers } = await setup();
    const a = await handlers.addAccount({ baseUrl: A, key: 'dcp_key_aaaa' }, fromPanel);
    expect(await handlers.updateAccount({ id: a.id, reserve: 3, label: 'Me' }, fromPanel)).toMatchObject({
      reserve: 3,
      name: 'Me',
    });
    await expect(
      handlers.addAccount({ baseUrl: 'http://debate.example', key: 'dcp_key_x1x1' }, fromPanel),
    ).rejects.toMatchObject({
      code: 'invalid',
    });
  });

  it('ignores an account book planted in storage.local (a Firefox content process can write there)', async () => {
    const { browser } = await import('wxt/browser');
    await browser.storage.local.set({
      accounts: {
        accounts: [{ id: 'acct-evil', label: 'x', baseUrl: 'https://evil.example/', reserve: 0, addedAt: 1 }],
      },
    });
    const { services, handlers } = await setup();
    await handlers.addAccount({ baseUrl: A, key: 'dcp_key_aaaa' }, fromPanel);
    await handlers.reactToPost({ postId: 'p_1', reaction: 'well_sourced' }, fromPage);
    const book = await services.accounts.book();
    expect(book.accounts.map((account) => account.baseUrl)).toEqual([`${A}/`]);
    expect((await services.outbox()).list().map((item) => item.account)).toEqual([book.accounts[0]?.id]);
  });
});
