import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { options, type VNode } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DraftStore, SAVE_DELAY_MS } from '@/entrypoints/sidepanel/state/drafts';
import type { SpeakerSource } from '@/entrypoints/sidepanel/state/speaker';
import { MAX_EMPTY_RUN, TimelineStore } from '@/entrypoints/sidepanel/state/timeline-store';
import { CHECK_INTERVAL_MS } from '@/entrypoints/sidepanel/state/use-new-posts-check';
import { TimelinePanel } from '@/entrypoints/sidepanel/TimelinePanel';
import type { Contribution } from '@/lib/api/schemas';
import type { ReplyError } from '@/lib/messages/envelope';
import type { OutboxItemView } from '@/lib/messages/fields';
import type { MessageName } from '@/lib/messages/protocol';
import { legacyDraftsItem, readDrafts } from '@/lib/storage/drafts';
import { DEFAULT_SETTINGS } from '@/lib/storage/settings';
import type { Status } from '@/lib/ui/page-store';
import { accountView } from '../../options/backup/fixtures';
import { useFakeClock } from '../../support/clock';
import { push, resetFakeStore } from '../../support/fake-page-store';
import { useEnglishMessages } from '../../support/locale';
import { outboxItem, status as statusOf } from '../outbox/fixtures';
import { NOW, post, posts, withViewport } from './fixtures';

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messages/send', () => ({ sendMessage: send }));

// The page's store: it holds the test's Outbox and settings; `pushOutbox` is the background's push.
vi.mock('@/lib/ui/page-store', async () => (await import('../../support/fake-page-store')).fakePageStoreModule(send));
const pushOutbox = (items: OutboxItemView[]) =>
  act(async () => {
    push({ items });
  });

type Handler = (payload: unknown) => unknown;

/** The background as the panel sees it; each test overrides what it is about. */
let handlers: Partial<Record<MessageName, Handler>>;
let timeline: (payload: { cursor?: string; limit: number }) => unknown;

const ok = (data: unknown) => ({ ok: true, data });
const fail = (error: ReplyError) => ({ ok: false, error });
const pageOf = (items: Contribution[], nextCursor: string | null) => ok({ items, nextCursor });

function background() {
  send.mockImplementation(async (name: MessageName, payload?: unknown) => {
    const handler = handlers[name];
    if (handler) return handler(payload);
    switch (name) {
      case 'getTimelinePage':
        return timeline(payload as { cursor?: string; limit: number });
      case 'enqueueWrite':
        return ok(outboxItem(payload as OutboxItemView['request'], { status: 'queued' }));
      default:
        return ok(null);
    }
  });
}

const calls = (name: MessageName) =>
  send.mock.calls.filter(([called]) => called === name).map(([, payload]) => payload);
/** Lets timers due now run, and the drafts store (fake IndexedDB, on real `setImmediate`) answer. */
const flush = () =>
  act(async () => {
    for (let round = 0; round < 10; round += 1) {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/**
 * Renders the panel as main.tsx does: first page asked for, drafts read; with `cached`, the first
 * page kept at the last opening shows until the fresh one arrives; 'not yet': before the first status push.
 */
async function openPanel(status: Status | 'not yet' = statusOf(), cached?: Contribution[], speaker?: SpeakerSource) {
  const cache = cached === undefined ? undefined : { read: () => cached, write: () => {} };
  const store = new TimelineStore((request) => send('getTimelinePage', request), cache);
  void store.loadFirst();
  const drafts = new DraftStore();
  // Drawn before the drafts are read, as main.tsx does: they show once read.
  const loaded = drafts.load();
  const view = render(
    <TimelinePanel
      store={store}
      status={status === 'not yet' ? undefined : status}
      drafts={drafts}
      speaker={speaker}
    />,
  );
  await flush();
  await loaded;
  await flush();
  return {
    ...view,
    rerenderWith: (next: Status | undefined) =>
      view.rerender(<TimelinePanel store={store} status={next} drafts={drafts} speaker={speaker} />),
  };
}

const articles = () => screen.queryAllByRole('article');
const firstArticle = () => articles()[0] as HTMLElement;

describe('TimelinePanel', () => {
  let undoViewport: () => void;
  beforeEach(() => {
    fakeBrowser.reset();
    useEnglishMessages();
    useFakeClock(NOW);
    undoViewport = withViewport(600);
    handlers = {};
    resetFakeStore({ ...DEFAULT_SETTINGS, reactionKinds: [{ value: 'well_sourced', label: 'Well sourced' }] });
    send.mockReset();
    timeline = ({ cursor }) => (cursor === undefined ? pageOf(posts(1, 20), 'c1') : pageOf(posts(21, 30), null));
    background();
  });
  afterEach(() => {
    cleanup();
    undoViewport();
    vi.useRealTimers();
  });

  it('shows posts as articles and loads the next page with the cursor when scrolled to the end', async () => {
    await openPanel();
    expect(screen.getByRole('feed', { name: 'Public timeline' })).toBeTruthy();
    expect(firstArticle().getAttribute('aria-labelledby')).toBeTruthy();
    expect(within(firstArticle()).getByText('Post number 1')).toBeTruthy();
    expect(calls('getTimelinePage')).toEqual([{ limit: 20 }]);

    const scroller = document.querySelector('.vlist') as HTMLElement;
    await act(() => {
      scroller.scrollTop = 20 * 150;
      fireEvent.scroll(scroller);
    });
    await flush();
    expect(calls('getTimelinePage')).toEqual([{ limit: 20 }, { cursor: 'c1', limit: 50 }]);
    // The last page is in: every post knows the size of the feed.
    expect(firstArticle().getAttribute('aria-setsize')).toBe('30');
    expect(screen.getByText('You have reached the end of the timeline.')).toBeTruthy();
  });

  it('keeps the posts when the next page fails, says why, and tries again on request', async () => {
    let fail_ = true;
    timeline = ({ cursor }) =>
      cursor === undefined
        ? pageOf(posts(1, 20), 'c1')
        : fail_
          ? fail({ code: 'server', message: 'The platform had a problem (HTTP 502).' })
          : pageOf(posts(21, 22), null);
    await openPanel();
    const scroller = document.querySelector('.vlist') as HTMLElement;
    await act(() => {
      scroller.scrollTop = 20 * 150;
      fireEvent.scroll(scroller);
    });
    await flush();
    expect(screen.getByRole('alert').textContent).toContain(
      'More posts could not be loaded: The platform had a problem (HTTP 502).',
    );
    expect(articles().length).toBeGreaterThan(0);
    fail_ = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(screen.getByText('You have reached the end of the timeline.')).toBeTruthy();
    expect(firstArticle().getAttribute('aria-setsize')).toBe('22');
  });

  it('goes on paging when the fresh first page, as long as the cached one, leaves the list at its end', async () => {
    // The first page is held back until the cached one is drawn: the list is at its end, and the
    // fresh page replaces it without changing its length (one post each, more behind a cursor).
    let answerFirst = () => {};
    timeline = ({ cursor }) =>
      cursor === undefined
        ? new Promise((resolve) => {
            answerFirst = () => resolve(pageOf(posts(1, 1), 'c1'));
          })
        : pageOf(posts(2, 3), null);
    await openPanel(statusOf(), [post(900)]);
    expect(within(firstArticle()).getByText('Post number 900')).toBeTruthy();
    answerFirst();
    await flush();
    expect(within(firstArticle()).getByText('Post number 1')).toBeTruthy();
    expect(calls('getTimelinePage')).toEqual([{ limit: 20 }, { cursor: 'c1', limit: 50 }]);
    await flush();
    expect(screen.getByText('You have reached the end of the timeline.')).toBeTruthy();
  });

  it('goes on paging when a pause after empty pages is lifted while the list is at its end', async () => {
    // One post, then empty pages with a cursor (held posts using up the slots) until paging waits.
    timeline = ({ cursor }) => {
      const n = cursor === undefined ? 0 : Number(cursor.slice(1));
      if (n === 0) return pageOf(posts(1, 1), 'c1');
      return n <= MAX_EMPTY_RUN ? pageOf([], `c${n + 1}`) : pageOf(posts(2, 3), null);
    };
    // The settings (with the mutes) come only after paging paused.
    resetFakeStore();
    const answerSettings = () => push({ settings: { ...DEFAULT_SETTINGS, mutedWords: ['spoiler'] } });
    await openPanel();
    expect(calls('getTimelinePage')).toHaveLength(1 + MAX_EMPTY_RUN);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    // The mutes arrive: the pause, counted without them, is lifted, and the list, still at its end,
    // goes on instead of falling silent.
    await act(answerSettings);
    await flush();
    expect(calls('getTimelinePage')).toHaveLength(2 + MAX_EMPTY_RUN);
    await flush();
    expect(screen.getByText('You have reached the end of the timeline.')).toBeTruthy();
  });

  it('shows skeletons while the first page loads', async () => {
    timeline = () => new Promise(() => undefined);
    await openPanel();
    expect(screen.getByText('Loading the timeline…')).toBeTruthy();
    expect(articles()).toHaveLength(0);
  });

  it('posts with Ctrl+Enter; the draft is kept until the write is queued, then cleared', async () => {
    let answer: (reply: unknown) => void = () => undefined;
    handlers.enqueueWrite = () => new Promise((resolve) => (answer = resolve));
    await openPanel();
    const box = screen.getByRole('textbox', { name: 'New post' });
    fireEvent.input(box, { target: { value: 'Bus lanes save time' } });
    await tick(SAVE_DELAY_MS);
    expect((await readDrafts()).texts.post).toBe('Bus lanes save time');

    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await flush();
    expect(calls('enqueueWrite')).toEqual([{ kind: 'post', body: 'Bus lanes save time' }]);
    // Not queued yet: the draft is still there.
    expect((await readDrafts()).texts.post).toBe('Bus lanes save time');

    answer(ok(outboxItem({ kind: 'post', body: 'Bus lanes save time' }, { status: 'queued' })));
    await flush();
    expect((await readDrafts()).texts.post).toBeUndefined();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText(/Queued\. It goes out as soon as the write budget allows/)).toBeTruthy();
  });

  it('keeps the text and the draft, and says why, when the write cannot be queued', async () => {
    handlers.enqueueWrite = () => fail({ code: 'invalid', message: 'Set the API base URL on the options page first.' });
    await openPanel();
    const box = screen.getByRole('textbox', { name: 'New post' });
    fireEvent.input(box, { target: { value: 'Keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await flush();
    expect(screen.getByText('Set the API base URL on the options page first.')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Keep me');
    await tick(SAVE_DELAY_MS);
    expect((await readDrafts()).texts.post).toBe('Keep me');
  });

  it('says in words that the browser’s storage is full, keeping the text, when the Outbox cannot store the write', async () => {
    handlers.enqueueWrite = () => fail({ code: 'storage_full', message: 'storage is full (background words)' });
    await openPanel();
    const box = screen.getByRole('textbox', { name: 'New post' });
    fireEvent.input(box, { target: { value: 'Written on a full disk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await flush();
    expect(
      screen.getByText(
        "Your browser's storage is full, so this was not saved; nothing was lost. Free some disk space, then try again.",
      ),
    ).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Written on a full disk');
  });

  it('refuses an empty post in words, without asking the background', async () => {
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await flush();
    expect(screen.getByText('Write something first.')).toBeTruthy();
    expect(calls('enqueueWrite')).toEqual([]);
  });

  it('replies inline: Reply opens the box with focus, Send reply queues a comment and closes it', async () => {
    await openPanel();
    fireEvent.click(within(firstArticle()).getByRole('button', { name: 'Reply' }));
    await flush();
    const box = within(firstArticle()).getByRole('textbox', { name: 'Reply' });
    expect(document.activeElement).toBe(box);
    fireEvent.input(box, { target: { value: 'Source?' } });
    fireEvent.click(within(firstArticle()).getByRole('button', { name: 'Send reply' }));
    await flush();
    expect(calls('enqueueWrite')).toEqual([{ kind: 'comment', postId: 'p_1', body: 'Source?' }]);
    expect(within(firstArticle()).queryByRole('textbox', { name: 'Reply' })).toBeNull();
    expect(screen.getByText('Reply queued. The Outbox shows how it went.')).toBeTruthy();
  });

  it('opens a reply box by rendering its post only, not the list or the other posts', async () => {
    await openPanel();
    // Preact's render hook (`options._render`, `__r` in its build), chained to the hooks' own.
    const hooks = options as { __r?: (vnode: VNode) => void };
    const before = hooks.__r;
    const rendered: string[] = [];
    hooks.__r = (vnode) => {
      before?.(vnode);
      if (typeof vnode.type === 'function') rendered.push(vnode.type.name);
    };
    try {
      fireEvent.click(within(firstArticle()).getByRole('button', { name: 'Reply' }));
      await flush();
    } finally {
      hooks.__r = before;
    }
    expect(within(firstArticle()).getByRole('textbox', { name: 'Reply' })).toBeTruthy();
    expect(rendered).toContain('ReplyComposer');
    expect(rendered).not.toContain('TimelinePanel');
    expect(rendered).not.toContain('VirtualList');
    expect(rendered.filter((name) => name === 'TimelinePost')).toHaveLength(1);
    // In a browser the row's new height renders the list once more, a frame later (its observer):
    // the other rows then skip, being memoized. This test DOM's observer never reports.
  });

  it('shows the new-post draft once read; what is typed before it is read stays', async () => {
    await legacyDraftsItem.setValue({ texts: { post: 'Kept from last time' }, changedAt: { post: 1 } });
    await openPanel();
    const box = () => screen.getByRole('textbox', { name: 'New post' }) as HTMLTextAreaElement;
    expect(box().value).toBe('Kept from last time');
    cleanup();

    const store = new TimelineStore((request) => send('getTimelinePage', request));
    void store.loadFirst();
    const drafts = new DraftStore();
    let answer: (raw: unknown) => void = () => undefined;
    const loaded = drafts.load(new Promise((resolve) => (answer = resolve)));
    render(<TimelinePanel store={store} status={statusOf()} drafts={drafts} />);
    await flush();
    expect(box().value).toBe('');
    fireEvent.input(box(), { target: { value: 'Typed at once' } });
    answer({ value: { texts: { post: 'Kept from last time' }, changedAt: { post: 1 } }, records: [] });
    await loaded;
    await flush();
    expect(box().value).toBe('Typed at once');
  });

  it('reopens a reply box that had a draft when the panel was closed', async () => {
    await legacyDraftsItem.setValue({ texts: { 'reply:p_2': 'Half-written' }, changedAt: { 'reply:p_2': 1 } });
    await openPanel();
    const second = articles()[1] as HTMLElement;
    expect((within(second).getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement).value).toBe('Half-written');
  });

  it('shows a reaction as pending at once, and as placed once the Outbox has sent it', async () => {
    await openPanel();
    const button = within(firstArticle()).getByRole('button', { name: 'Well sourced' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(within(firstArticle()).getByText(/yours is being sent/)).toBeTruthy();
    await flush();
    expect(calls('enqueueWrite')).toEqual([{ kind: 'reaction', postId: 'p_1', reaction: 'well_sourced' }]);

    await pushOutbox([
      outboxItem({ kind: 'reaction', postId: 'p_1', reaction: 'well_sourced' }, { status: 'sent', id: 'r_1', at: NOW }),
    ]);
    await flush();
    expect(within(firstArticle()).getByText(/you reacted/)).toBeTruthy();
  });

  it('takes a reaction back, with the reason, when it cannot be queued', async () => {
    handlers.enqueueWrite = () => fail({ code: 'unavailable', message: 'x' });
    await openPanel();
    fireEvent.click(within(firstArticle()).getByRole('button', { name: 'Well sourced' }));
    await flush();
    expect(within(firstArticle()).getByRole('alert').textContent).toBe(
      'The reaction could not be queued: The extension is starting. Try again in a moment.',
    );
    expect(
      within(firstArticle()).getByRole('button', { name: 'Well sourced' }).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('with no key, links to the options page', async () => {
    timeline = () => fail({ code: 'unauthorized', message: 'No API key is saved.' });
    const openOptions = vi.spyOn(browser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    await openPanel(statusOf({ key: { set: false, last4: null } }));
    expect(screen.getByRole('alert').textContent).toContain('No API key is set yet.');
    fireEvent.click(screen.getByRole('link', { name: 'Open the options page' }));
    expect(openOptions).toHaveBeenCalled();
  });

  it('says when the key was not accepted, and loads again when another key is saved', async () => {
    timeline = () => fail({ code: 'unauthorized', message: 'The API key was not accepted.' });
    const view = await openPanel();
    expect(screen.getByRole('alert').textContent).toContain('The key was not accepted.');
    timeline = () => pageOf(posts(1, 3), null);
    view.rerenderWith(statusOf({ key: { set: true, last4: 'wxyz' } }));
    await flush();
    expect(articles()).toHaveLength(3);
  });

  it('does not load again when the first status says what the failed load said: the link stays put', async () => {
    timeline = () => fail({ code: 'unauthorized', message: 'No API key is saved.' });
    const view = await openPanel('not yet');
    view.rerenderWith(statusOf({ key: { set: false, last4: null } }));
    await flush();
    const link = screen.getByRole('link', { name: 'Open the options page' });
    expect(screen.getByRole('alert').textContent).toContain('No API key is set yet.');
    view.rerenderWith(statusOf({ key: { set: false, last4: null } }));
    await flush();
    expect(calls('getTimelinePage')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open the options page' })).toBe(link);
  });

  it('does not load again at the first status after a refused key either; a key saved later loads', async () => {
    timeline = () => fail({ code: 'unauthorized', message: 'The API key was not accepted.' });
    const view = await openPanel('not yet');
    view.rerenderWith(statusOf());
    await flush();
    expect(calls('getTimelinePage')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toContain('The key was not accepted.');
    timeline = () => pageOf(posts(1, 3), null);
    view.rerenderWith(statusOf({ key: { set: true, last4: 'wxyz' } }));
    await flush();
    expect(calls('getTimelinePage')).toHaveLength(2);
    expect(articles()).toHaveLength(3);
  });

  it('draws the last opening’s speaker line until the status says who speaks, and keeps the new one', async () => {
    const remember = vi.fn();
    const cached = { options: [{ id: 'acct-1', text: 'Dana before' }], chosen: 'acct-1' };
    const view = await openPanel('not yet', undefined, { cached, remember });
    expect(screen.getByText('as Dana before')).toBeTruthy();
    expect(remember).not.toHaveBeenCalled();
    view.rerenderWith(statusOf({ accounts: [accountView({ name: 'Dana now' })] }));
    await flush();
    expect(screen.getByText('as Dana now')).toBeTruthy();
    expect(remember).toHaveBeenLastCalledWith({ options: [{ id: 'acct-one', text: 'Dana now' }], chosen: 'acct-one' });
    view.rerenderWith(statusOf({ accounts: [] }));
    await flush();
    expect(screen.queryByText(/^as /)).toBeNull();
    expect(remember).toHaveBeenLastCalledWith(undefined);
  });

  it('speaks as the kept line shows until the status comes, a choice made in it too; keeps the next opening’s speaker', async () => {
    const line = {
      options: [
        { id: 'acct-one', text: 'Dana' },
        { id: 'acct-two', text: 'Work' },
      ],
      chosen: 'acct-two',
    };
    const remember = vi.fn();
    const view = await openPanel('not yet', undefined, { cached: line, remember });
    const box = screen.getByRole('textbox', { name: 'New post' });
    fireEvent.input(box, { target: { value: 'Said as Work' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await flush();
    expect(calls('enqueueWrite')).toEqual([{ kind: 'post', body: 'Said as Work', as: 'acct-two' }]);

    // A choice in the kept line holds, and stays once the status tells the accounts.
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'acct-one' } });
    await flush();
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('acct-one');
    const dana = accountView({ name: 'Dana' });
    const work = accountView({ id: 'acct-two', name: 'Work', isDefault: false });
    view.rerenderWith(statusOf({ accounts: [dana, work], defaultAccount: dana.id }));
    await flush();
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('acct-one');
    // The next opening speaks as the default (the choice lasts while the panel is open): that is kept.
    expect(remember).toHaveBeenLastCalledWith({
      options: [
        { id: 'acct-one', text: 'Dana' },
        { id: 'acct-two', text: 'Work' },
      ],
      chosen: 'acct-one',
    });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'acct-two' } });
    await flush();
    expect(remember).toHaveBeenLastCalledWith(expect.objectContaining({ chosen: 'acct-one' }));
    expect(screen.getByRole('combobox').getAttribute('data-opens-value')).toBe('acct-one');
  });

  it('gives a disabled key’s reason', async () => {
    timeline = () => fail({ code: 'key_disabled', message: 'The API key is disabled: Suspicious activity' });
    await openPanel();
    expect(screen.getByRole('alert').textContent).toContain('The platform has disabled this key: Suspicious activity');
  });

  it('says it is offline, and loads when the browser is back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    timeline = () => fail({ code: 'network', message: 'offline' });
    await openPanel();
    expect(screen.getByRole('alert').textContent).toContain('You are offline.');
    onLine.mockReturnValue(true);
    timeline = () => pageOf(posts(1, 2), null);
    await act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await flush();
    expect(articles()).toHaveLength(2);
  });

  it('checks for new posts every minute while visible and merges them at the top on request', async () => {
    await openPanel();
    const newest = [...posts(1, 20)];
    const fresh = (id: string, body: string) => ({ ...newest[0], id, body }) as Contribution;
    timeline = () => pageOf([fresh('p_new2', 'Newest'), fresh('p_new1', 'Newer'), ...newest.slice(0, 18)], 'c1');
    await tick(CHECK_INTERVAL_MS);
    expect(calls('getTimelinePage')).toHaveLength(2);
    const banner = screen.getByRole('button', { name: '2 new posts' });
    fireEvent.click(banner);
    await flush();
    expect(within(firstArticle()).getByText('Newest')).toBeTruthy();
    expect(document.activeElement).toBe(firstArticle());
    expect(screen.queryByRole('button', { name: /new posts/ })).toBeNull();
  });

  it('does not check while the panel is hidden', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await openPanel();
    await tick(CHECK_INTERVAL_MS * 3);
    expect(calls('getTimelinePage')).toHaveLength(1);
  });

  /** Opens the panel with a reply draft for `postId` handed over from a page; answers the post's reply box. */
  async function openWithHandedOverReply(postId: string): Promise<HTMLTextAreaElement> {
    handlers.takePendingDraft = () => ok({ kind: 'reply', postId, text: 'Quoted line' });
    push({ pendingDraft: NOW });
    await openPanel();
    await flush();
    const post = articles().find((el) => el.getAttribute('data-post-id') === postId) as HTMLElement;
    return within(post).getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
  }

  it('puts a handed-over reply draft in the reply box of a loaded post, taken once', async () => {
    expect((await openWithHandedOverReply('p_3')).value).toBe('Quoted line');
    expect(calls('takePendingDraft')).toHaveLength(1);
  });

  it('puts a handed-over reply draft for a post below the view in its box, with the caret in it', async () => {
    const box = await openWithHandedOverReply('p_15');
    expect(box.value).toBe('Quoted line');
    expect(document.activeElement).toBe(box);
  });

  it('puts the caret in a reply box once: scrolled away and back, the box does not take focus again', async () => {
    await openPanel();
    fireEvent.click(within(firstArticle()).getByRole('button', { name: 'Reply' }));
    await flush();
    expect(document.activeElement).toBe(within(firstArticle()).getByRole('textbox', { name: 'Reply' }));
    const search = screen.getByRole('searchbox');
    search.focus();
    fireEvent.focusOut(firstArticle(), { relatedTarget: search });
    const scroller = document.querySelector('.vlist') as HTMLElement;
    const scrollTo = async (top: number) => {
      scroller.scrollTop = top;
      fireEvent.scroll(scroller);
      await flush();
    };
    await scrollTo(3000);
    expect(articles().some((el) => el.getAttribute('data-post-id') === 'p_1')).toBe(false);
    await scrollTo(0);
    expect(within(firstArticle()).getByRole('textbox', { name: 'Reply' })).toBeTruthy();
    expect(document.activeElement).toBe(search);
  });

  it('puts a reply draft for a post that is not loaded in the new-post box, with a note', async () => {
    await openPanel();
    expect(calls('takePendingDraft')).toHaveLength(0);
    handlers.takePendingDraft = () => ok({ kind: 'reply', postId: 'p_elsewhere', text: 'My reply' });
    await act(async () => push({ pendingDraft: NOW }));
    await flush();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'New post' }) as HTMLTextAreaElement).value).toBe('My reply'),
    );
    expect(screen.getByText(/The post you were replying to is not loaded here/)).toBeTruthy();
  });

  it('applies nothing when another panel took the draft first', async () => {
    handlers.takePendingDraft = () => ok(null);
    push({ pendingDraft: NOW });
    await openPanel();
    await flush();
    expect(calls('takePendingDraft')).toHaveLength(1);
    expect((screen.getByRole('textbox', { name: 'New post' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('adds a handed-over quote to the post draft, never replacing it', async () => {
    await legacyDraftsItem.setValue({ texts: { post: 'My thoughts' }, changedAt: { post: 1 } });
    handlers.takePendingDraft = () => ok({ kind: 'post', text: '“Quote” https://example.org' });
    push({ pendingDraft: NOW });
    await openPanel();
    await flush();
    expect((screen.getByRole('textbox', { name: 'New post' }) as HTMLTextAreaElement).value).toBe(
      'My thoughts\n\n“Quote” https://example.org',
    );
  });

  it('saves a post with its star (the post as shown, nothing more) and takes it out again', async () => {
    // Reading the default account's platform: a post is saved by its id there.
    const status: Status = { ...statusOf(), accounts: [accountView()], defaultAccount: 'acct-one' };
    const source = 'https://debate.example';
    await openPanel(status);
    const star = () => within(firstArticle()).getByRole('button', { name: 'Save post' });
    expect(star().getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star());
    await flush();
    const [saved] = calls('savePost') as { post: Record<string, unknown> }[];
    expect(saved?.post).toEqual({
      id: 'p_1',
      author: { handle: 'user1', displayName: 'User 1' },
      body: 'Post number 1',
      createdAt: new Date(NOW - 60_000).toISOString(),
      url: 'http://127.0.0.1:8787/posts/p_1',
    });
    // The push that follows brings it back: the star is pressed.
    await act(async () => push({ saved: [{ ...(saved?.post as { id: string }), source, savedAt: NOW }] }));
    expect(star().getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(star());
    await flush();
    expect(calls('unsavePost')).toEqual([{ key: `${source} p_1` }]);
  });

  it('says why a save was refused, under the post', async () => {
    handlers.savePost = () => fail({ code: 'not_allowed', message: 'The Saved list is full (500 posts).' });
    await openPanel();
    fireEvent.click(within(firstArticle()).getByRole('button', { name: 'Save post' }));
    await flush();
    expect(within(firstArticle()).getByRole('alert').textContent).toBe('Not done: The Saved list is full (500 posts).');
  });
});
