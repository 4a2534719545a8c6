import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import { TimelineStore } from '@/entrypoints/sidepanel/state/timeline-store';
import { TimelinePanel } from '@/entrypoints/sidepanel/TimelinePanel';
import type { MessageName } from '@/lib/messages/protocol';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/storage/settings';
import { useFakeClock } from '../../support/clock';
import { resetFakeStore } from '../../support/fake-page-store';
import { useEnglishMessages } from '../../support/locale';
import { outboxItem, status } from '../outbox/fixtures';
import { NOW, post, posts, withViewport } from './fixtures';

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messages/send', () => ({ sendMessage: send }));
vi.mock('@/lib/ui/page-store', async () => (await import('../../support/fake-page-store')).fakePageStoreModule(send));

let settings: Settings;
const ok = (data: unknown) => ({ ok: true, data });
const calls = (name: MessageName) => send.mock.calls.filter(([called]) => called === name).map(([, p]) => p);

function background(firstPage = posts(1, 20), nextCursor: string | null = 'c1') {
  send.mockImplementation(async (name: MessageName, payload?: unknown) => {
    switch (name) {
      case 'getTimelinePage':
        return (payload as { cursor?: string }).cursor === undefined
          ? ok({ items: firstPage, nextCursor })
          : ok({ items: posts(21, 30), nextCursor: null });
      case 'saveSettings':
        settings = { ...settings, ...(payload as Partial<Settings>) };
        return ok(settings);
      case 'enqueueWrite':
        return ok(outboxItem(payload as never, { status: 'queued' }));
      default:
        return ok(null);
    }
  });
}

const flush = () =>
  act(async () => {
    for (let round = 0; round < 10; round += 1) {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

async function openPanel() {
  // What the background pushed the page: the settings as the test set them.
  resetFakeStore(settings);
  const store = new TimelineStore((request) => send('getTimelinePage', request));
  void store.loadFirst();
  const drafts = new DraftStore();
  await drafts.load();
  render(
    <div>
      <input aria-label="Elsewhere" />
      <TimelinePanel store={store} status={status()} drafts={drafts} />
    </div>,
  );
  await flush();
}

const bodies = () => screen.queryAllByRole('article').map((a) => a.querySelector('.post-body')?.textContent);
const search = () => screen.getByRole('searchbox', { name: 'Search loaded posts' });
const key = async (target: Element, k: string) => {
  await act(() => {
    fireEvent.keyDown(target, { key: k, bubbles: true });
  });
  await flush();
};

describe('TimelinePanel: search, mutes, keys', () => {
  let undoViewport: () => void;
  beforeEach(() => {
    fakeBrowser.reset();
    useEnglishMessages();
    useFakeClock(NOW);
    undoViewport = withViewport(600);
    send.mockReset();
    settings = { ...DEFAULT_SETTINGS, reactionKinds: [{ value: 'well_sourced', label: 'Well sourced' }] };
  });
  afterEach(() => {
    cleanup();
    undoViewport();
    vi.useRealTimers();
  });

  it('filters the loaded posts as the user types, without a request, and counts the matches', async () => {
    background([post(1, { body: 'Café on Route 9' }), post(2, { body: 'Bus lanes' }), ...posts(3, 20)]);
    await openPanel();
    const before = send.mock.calls.length;
    await act(() => {
      fireEvent.input(search(), { target: { value: 'CAFE' } });
    });
    await flush();
    expect(bodies()).toEqual(['Café on Route 9']);
    expect(document.querySelector('.search-status')?.textContent).toBe('1 of 20 loaded posts matches.');
    expect(screen.getAllByRole('article')[0]?.getAttribute('aria-setsize')).toBe('-1');
    expect(send.mock.calls.length).toBe(before);
    // Paging waits for the user while searching; the button loads the next page.
    fireEvent.click(screen.getByRole('button', { name: 'Load older posts' }));
    await flush();
    expect(calls('getTimelinePage')).toHaveLength(2);
    // Escape clears the search: every post is back.
    await key(search(), 'Escape');
    expect(bodies().slice(0, 2)).toEqual(['Café on Route 9', 'Bus lanes']);
    expect(document.querySelector('.search-status')?.textContent).toBe('');
  });

  it('hides muted posts behind "N hidden", shows them on request, and mutes from a post menu', async () => {
    settings.mutedWords = ['spoiler'];
    background([post(1, { body: 'A spoiler here' }), post(2, { body: 'Fine' }), post(4, { body: 'Also fine' })], null);
    await openPanel();
    expect(bodies()).toEqual(['Fine', 'Also fine']);
    const toggle = screen.getByRole('button', { name: '1 hidden' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    await flush();
    expect(bodies()).toEqual(['A spoiler here', 'Fine', 'Also fine']);
    expect(screen.getByText(/Hidden: you muted “spoiler”/)).toBeTruthy();
    fireEvent.click(toggle);
    await flush();

    // post(2)'s author is user2: "More actions", "Mute @user2".
    const fine = screen.getAllByRole('article')[0] as HTMLElement;
    fireEvent.click(within(fine).getByRole('button', { name: 'More actions' }));
    fireEvent.click(within(fine).getByRole('button', { name: 'Mute @user2' }));
    await flush();
    expect(calls('saveSettings')).toEqual([{ mutedAuthors: ['user2'] }]);
    expect(bodies()).toEqual(['Also fine']);
    expect(screen.getByRole('button', { name: '2 hidden' })).toBeTruthy();
  });

  it('j/k move between posts, r replies, 1 reacts, / searches, ? lists the keys; typing is left alone', async () => {
    background();
    await openPanel();
    const list = screen.getAllByRole('article');
    await key(document.body, 'j');
    expect(document.activeElement).toBe(list[0]);
    await key(document.activeElement as Element, 'j');
    expect(document.activeElement?.getAttribute('aria-posinset')).toBe('2');
    await key(document.activeElement as Element, 'k');
    expect(document.activeElement?.getAttribute('aria-posinset')).toBe('1');
    await key(document.activeElement as Element, '1');
    expect(calls('enqueueWrite')).toEqual([{ kind: 'reaction', postId: 'p_1', reaction: 'well_sourced' }]);
    await key(document.activeElement as Element, '1');
    expect(calls('enqueueWrite')).toHaveLength(1);
    await key(document.activeElement as Element, 'r');
    expect(document.activeElement).toBe(within(list[0] as HTMLElement).getByRole('textbox', { name: 'Reply' }));
    // In a text field the keys are text.
    await key(document.activeElement as Element, 'j');
    expect(document.activeElement?.tagName).toBe('TEXTAREA');
    await key(screen.getByRole('textbox', { name: 'Elsewhere' }), '/');
    expect(document.activeElement).not.toBe(search());
    await key(document.body, '/');
    expect(document.activeElement).toBe(search());
    await key(document.body, '?');
    // The list's code loads when first asked for.
    await vi.waitFor(() => expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy());
    expect(screen.getByText('Reply to the focused post')).toBeTruthy();
  });
});
