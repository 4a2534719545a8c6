import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { StatePush } from '@/lib/messages/push';
import { loadPushChecks } from '@/lib/messages/send';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/storage/settings';
import { applyPush, type PageState, PageStore } from '@/lib/ui/page-store';
import { status as statusOf } from '../components/outbox/fixtures';

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messages/send', async (actual) => ({
  ...(await actual<typeof import('@/lib/messages/send')>()),
  sendMessage: send,
}));

/** A state port as the page holds it: the test plays the background's pushes. */
function fakePort() {
  const listeners = new Set<(push: unknown) => void>();
  return {
    push: (push: StatePush) => {
      for (const listener of listeners) listener(push);
    },
    port: {
      postMessage: () => undefined,
      onMessage: { addListener: (listener: (push: unknown) => void) => listeners.add(listener) },
      onDisconnect: { addListener: () => undefined },
    },
  };
}

const status = statusOf();
const empty: PageState = {
  status: undefined,
  outbox: undefined,
  settings: undefined,
  pendingDraft: undefined,
  saved: undefined,
};
const muting = (words: string[]): Settings => ({ ...DEFAULT_SETTINGS, mutedWords: words });
/** Lets the lazily loaded push checks load and run. */
const settle = async () => {
  await loadPushChecks();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('the page store: settings come with the pushes', () => {
  let background: ReturnType<typeof fakePort>;
  beforeEach(() => {
    background = fakePort();
    vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(() => background.port as never);
    send.mockReset();
  });

  it('applies the Saved list: the whole list, then posts added and keys removed, newest saved first', () => {
    const post = (id: string, savedAt: number) => ({ id, source: 'https://debate.example', savedAt });
    const first = applyPush(empty, { saved: { reset: true, posts: [post('a', 1), post('b', 2)], removed: [] } });
    expect(first.saved?.map((entry) => entry.id)).toEqual(['b', 'a']);
    const next = applyPush(first, {
      saved: { reset: false, posts: [post('c', 3)], removed: ['https://debate.example a'] },
    });
    expect(next.saved?.map((entry) => entry.id)).toEqual(['c', 'b']);
    expect(applyPush(next, { settings: muting([]) }).saved).toBe(next.saved);
  });

  it('applies a change to the status it has; a change before any whole status is not guessed at', () => {
    const first = applyPush(empty, { status });
    expect(applyPush(first, { statusChange: { head: { scopes: [] } } }).status).toEqual({ ...status, scopes: [] });
    expect(applyPush(first, { settings: muting(['a']) }).status).toBe(status);
    expect(applyPush(empty, { statusChange: { head: { scopes: [] } } }).status).toBeUndefined();
  });

  it('applies the settings a push carries, and keeps them through pushes without', () => {
    const first = applyPush(empty, { status, settings: muting(['a']) });
    expect(first.settings?.mutedWords).toEqual(['a']);
    expect(applyPush(first, { status }).settings?.mutedWords).toEqual(['a']);
    expect(applyPush(first, { status, settings: muting(['b']) }).settings?.mutedWords).toEqual(['b']);
  });

  it('a seed (an early read) never replaces what a push brought; a push replaces the seed', async () => {
    const store = new PageStore();
    const seen: (string[] | undefined)[] = [];
    store.subscribe(() => seen.push(store.get().settings?.mutedWords));
    store.seedSettings(muting(['seed']));
    background.push({ status, settings: muting(['pushed']) });
    await settle();
    store.seedSettings(muting(['late seed']));
    expect(store.get().settings?.mutedWords).toEqual(['pushed']);
    expect(seen).toEqual([['seed'], ['pushed']]);
  });

  it('pushes held until the page is ready wait, then apply in the order they came', async () => {
    const store = new PageStore();
    let ready: () => void = () => undefined;
    store.holdPushesUntil(new Promise<void>((resolve) => (ready = resolve)));
    const seen: (string[] | undefined)[] = [];
    store.subscribe(() => seen.push(store.get().settings?.mutedWords));
    background.push({ status, settings: muting(['first']) });
    background.push({ status, settings: muting(['second']) });
    await settle();
    expect(seen).toEqual([]);
    expect(store.get().settings).toBeUndefined();
    ready();
    await settle();
    expect(seen).toEqual([['first'], ['second']]);
    // A hold asked for once pushes flow changes nothing: a later push applies at once.
    store.holdPushesUntil(new Promise(() => undefined));
    background.push({ status, settings: muting(['third']) });
    await settle();
    expect(store.get().settings?.mutedWords).toEqual(['third']);
  });

  it('a hold that fails still lets the pushes through', async () => {
    const store = new PageStore();
    store.holdPushesUntil(Promise.reject(new Error('no paint')));
    store.subscribe(() => undefined);
    background.push({ status, settings: muting(['after']) });
    await settle();
    expect(store.get().settings?.mutedWords).toEqual(['after']);
  });

  it("a save's answer shows at once, unless a push came while it was on its way", async () => {
    const store = new PageStore();
    store.subscribe(() => undefined);
    background.push({ status, settings: muting([]) });
    await settle();
    send.mockResolvedValueOnce({ ok: true, data: muting(['mine']) });
    await store.saveSettings({ mutedWords: ['mine'] });
    expect(store.get().settings?.mutedWords).toEqual(['mine']);

    // Another page's change is pushed before this page's answer comes: the answer is not applied
    // (the push of this page's own change follows and carries the newest value).
    send.mockImplementationOnce(async () => {
      background.push({ status, settings: muting(['other page']) });
      await settle();
      return { ok: true, data: muting(['mine', 'second']) };
    });
    await store.saveSettings({ mutedWords: ['mine', 'second'] });
    expect(store.get().settings?.mutedWords).toEqual(['other page']);
    background.push({ status, settings: muting(['other page', 'second']) });
    await settle();
    expect(store.get().settings?.mutedWords).toEqual(['other page', 'second']);
  });
});
