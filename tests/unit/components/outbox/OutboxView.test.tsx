import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxView } from '@/components/outbox/OutboxView';
import { OutboxTab } from '@/entrypoints/sidepanel/OutboxTab';
import type { OutboxItemView } from '@/lib/messages/fields';
import type { MessageName } from '@/lib/messages/protocol';
import { DEFAULT_SETTINGS } from '@/lib/storage/settings';
import { fakeStore, push as pushToStore, resetFakeStore } from '../../support/fake-page-store';
import { useEnglishMessages } from '../../support/locale';
import { outboxItem, status } from './fixtures';

/** Moves the fake clock on and lets Preact render what the timers changed. */
const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messages/send', () => ({ sendMessage: send }));

// The page's store: the test sets what it holds and pushes (tells its subscribers) by hand.
vi.mock('@/lib/ui/page-store', async () => (await import('../../support/fake-page-store')).fakePageStoreModule(send));
/** A push from the background: the store now holds `next`. */
const push = (next: OutboxItemView[]) =>
  act(async () => {
    items = next;
    pushToStore({ items: next });
  });

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
let items: OutboxItemView[];

/** The background as the view sees it: answers per message name. */
function background(overrides: Partial<Record<MessageName, (payload: unknown) => unknown>> = {}) {
  send.mockImplementation(async (name: MessageName, payload?: unknown) => {
    const override = overrides[name];
    if (override) return override(payload);
    switch (name) {
      case 'listOutbox':
        return { ok: true, data: { items } };
      default:
        return { ok: true, data: null };
    }
  });
}

/** The side panel's Outbox tab over the store as the test set it. */
function renderOutbox() {
  fakeStore.items = items;
  return render(<OutboxTab />);
}

const entry = (text: RegExp | string) => screen.getByRole('listitem', { name: text });

describe('OutboxView', () => {
  beforeEach(() => {
    useEnglishMessages();
    // Only the clock: testing-library's findBy* waits on real timers.
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    send.mockReset();
    // The settings the store holds: the platform's address (links to posts) and the kinds' labels.
    resetFakeStore({
      ...DEFAULT_SETTINGS,
      baseUrl: 'http://127.0.0.1:8787',
      reactionKinds: [{ value: 'well_sourced', label: 'Well sourced' }],
    });
    fakeStore.status = status();
    items = [];
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says so when there is nothing in it', async () => {
    background();
    renderOutbox();
    expect(await screen.findByText(/Nothing here yet/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Outbox' })).toBeTruthy();
  });

  it('a post published twice needs a decision: both copies linked, and how to remove one; a single copy never says so', async () => {
    items = [
      outboxItem({ kind: 'post', body: 'Twinned post' }, { status: 'sent', id: 'p_1', at: NOW, twins: ['p_2'] }),
      outboxItem({ kind: 'post', body: 'Single post' }, { status: 'sent', id: 'p_3', at: NOW }),
    ];
    background();
    renderOutbox();
    await screen.findByText('Twinned post', { exact: false });
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Needs your decision (1)', 'Sent (1)']);
    const twinned = entry(/Twinned post/);
    expect(twinned.textContent).toContain('Published twice.');
    expect(twinned.textContent).toContain('delete the one you do not want');
    const links = within(twinned).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('rel')])).toEqual([
      ['Copy p_1', 'http://127.0.0.1:8787/posts/p_1', 'noopener noreferrer'],
      ['Copy p_2', 'http://127.0.0.1:8787/posts/p_2', 'noopener noreferrer'],
    ]);
    expect(entry(/Single post/).textContent).not.toContain('Published twice');
  });

  it('names a reaction in the product’s words before the settings arrive, never by its raw value', async () => {
    resetFakeStore();
    fakeStore.status = status();
    items = [outboxItem({ kind: 'reaction', postId: 'p_abc', reaction: 'well_sourced' }, { status: 'queued' })];
    background();
    renderOutbox();
    expect(await screen.findByRole('listitem', { name: 'Well sourced on post p_abc' })).toBeTruthy();
    expect(screen.queryByText(/well_sourced/)).toBeNull();
  });

  it('shows every state in words, grouped by what the user has to do', async () => {
    items = [
      outboxItem({ kind: 'post', body: 'Sent post' }, { status: 'sent', id: 'p_sent', at: NOW - 60_000 }),
      outboxItem({ kind: 'post', body: 'Queued post' }, { status: 'queued' }),
      outboxItem({ kind: 'post', body: 'Waiting post' }, { status: 'waiting', until: NOW + 7_000 }),
      outboxItem({ kind: 'comment', postId: 'p_abc', body: 'Sending reply' }, { status: 'sending', since: NOW }),
      outboxItem(
        { kind: 'reaction', postId: 'p_abc', reaction: 'well_sourced' },
        { status: 'failed', reason: { kind: 'forbidden_scope', message: 'x', scope: 'reactions:write' }, at: NOW },
      ),
      outboxItem(
        { kind: 'post', body: 'Lost post' },
        { status: 'uncertain', since: NOW, at: NOW, detail: 'unknown: not_found' },
      ),
    ];
    background();
    renderOutbox();
    await screen.findByText('Queued post', { exact: false });

    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Needs your decision (2)', 'Going out (3)', 'Sent (1)']);

    expect(entry(/Sent post/).textContent).toMatch(/Sent at .* · id p_sent\. View on the platform/);
    expect(
      within(entry(/Sent post/))
        .getByRole('link', { name: 'View on the platform' })
        .getAttribute('href'),
    ).toBe('http://127.0.0.1:8787/posts/p_sent');
    // Behind the waiting write of the same account.
    expect(within(entry(/Queued post/)).getByText(/Held by the platform's rate limit/)).toBeTruthy();
    expect(within(entry(/Waiting post/)).getByText(/sends in/).textContent).toContain('0:07');
    expect(within(entry(/Reply to post p_abc/)).getByText('Sending now…')).toBeTruthy();
    const reaction = entry('Well sourced on post p_abc');
    expect(within(reaction).getByText(/lacks the scope “reactions:write”/)).toBeTruthy();
    // A reaction has no text to edit.
    expect(within(reaction).queryByRole('button', { name: 'Edit and resend' })).toBeNull();
    expect(within(entry(/Lost post/)).getByText(/may or may not have been published/)).toBeTruthy();

    // A link to the post a reply or reaction is about opens the platform, without an opener.
    const link = within(reaction).getByRole('link', { name: 'post p_abc' });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:8787/posts/p_abc');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    // No actions while a write is being sent or after it was sent.
    expect(within(entry(/Sending reply/)).queryAllByRole('button')).toHaveLength(0);
    expect(within(entry(/Sent post/)).queryAllByRole('button')).toHaveLength(0);
    // A queued write can still be called off.
    expect(within(entry(/Queued post/)).getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('shows a post held for moderation as held, with no link to it as if it were public; a reaction without id plainly sent', async () => {
    items = [
      outboxItem({ kind: 'post', body: 'Held post' }, { status: 'sent', id: 'p_held', at: NOW, moderation: 'held' }),
      outboxItem({ kind: 'reaction', postId: 'p_abc', reaction: 'well_sourced' }, { status: 'sent', at: NOW }),
    ];
    background();
    renderOutbox();
    await screen.findByText('Held post', { exact: false });
    const held = entry(/Held post/);
    expect(within(held).getByText('In review')).toBeTruthy();
    expect(held.textContent).toMatch(/held for moderation: it is not public yet/);
    expect(held.textContent).not.toMatch(/p_held|View on the platform/);
    expect(within(held).queryAllByRole('link')).toHaveLength(0);
    const reaction = entry('Well sourced on post p_abc');
    expect(reaction.textContent).toMatch(/Sent at [^.]+\. View on the platform/);
    expect(reaction.textContent).not.toMatch(/reactions\//);
  });

  it('counts the waiting item down live', async () => {
    items = [outboxItem({ kind: 'post', body: 'Waiting post' }, { status: 'waiting', until: NOW + 7_000 })];
    background();
    // Every timer on the fake clock from the start: the countdown's ticks too.
    vi.useFakeTimers({ now: Date.now() });
    renderOutbox();
    await tick(0);
    const detail = screen.getByText(/sends in/);
    expect(detail.textContent).toContain('0:07');
    await tick(3_000);
    expect(detail.textContent).toContain('0:04');
  });

  it('renders post text as text, never as HTML', async () => {
    items = [outboxItem({ kind: 'post', body: '<img src=x onerror=alert(1)> <b>bold</b>' }, { status: 'queued' })];
    background();
    const { container } = renderOutbox();
    await screen.findByText(/<b>bold<\/b>/);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('"Send again" resends a failed or uncertain write; the push shows its new state', async () => {
    items = [
      outboxItem(
        { kind: 'post', body: 'Lost post' },
        { status: 'uncertain', since: NOW, at: NOW, detail: 'unknown: not_found' },
      ),
    ];
    background();
    renderOutbox();
    const button = await screen.findByRole('button', { name: 'Send again' });
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    const id = items[0]?.id;
    fireEvent.click(button);
    await waitFor(() => expect(send).toHaveBeenCalledWith('retryItem', { id }));
    await push([{ ...(items[0] as OutboxItemView), state: { status: 'queued' } }]);
    expect(await screen.findByText('Goes out after the writes before it.')).toBeTruthy();
  });

  it('"Edit and resend" opens an inline editor with the text and sends the edited text', async () => {
    items = [
      outboxItem(
        { kind: 'comment', postId: 'p_abc', body: 'Too long reply' },
        { status: 'failed', reason: { kind: 'invalid', message: 'Bad', reason: 'The body is too long.' }, at: NOW },
      ),
    ];
    background();
    renderOutbox();
    expect(await screen.findByText('The platform refused it: The body is too long.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit and resend' }));
    const editor = screen.getByRole('textbox', { name: 'Edited text' }) as HTMLTextAreaElement;
    expect(editor.value).toBe('Too long reply');
    expect(document.activeElement).toBe(editor);

    // An empty text is refused before anything is sent.
    fireEvent.input(editor, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Write something before resending.');

    fireEvent.input(editor, { target: { value: '  Shorter reply ' } });
    fireEvent.keyDown(editor, { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('editAndResend', { id: items[0]?.id, body: 'Shorter reply' }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edited text' })).toBeNull());
  });

  it('Cancel closes the editor without sending', async () => {
    items = [
      outboxItem(
        { kind: 'post', body: 'Refused' },
        { status: 'failed', reason: { kind: 'unauthorized', message: 'no' }, at: NOW },
      ),
    ];
    background();
    renderOutbox();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit and resend' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Edited text' })).toBeNull();
    expect(send).not.toHaveBeenCalledWith('editAndResend', expect.anything());
  });

  it('"Discard" removes the write and keeps focus in the Outbox', async () => {
    items = [outboxItem({ kind: 'post', body: 'Unwanted' }, { status: 'queued' })];
    background();
    renderOutbox();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('discardItem', { id: items[0]?.id }));
    await push([]);
    expect(await screen.findByText(/Nothing here yet/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Outbox' }));
  });

  it('shows an action that did not work next to its item', async () => {
    items = [outboxItem({ kind: 'post', body: 'Stuck' }, { status: 'queued' })];
    background({
      discardItem: () => ({
        ok: false,
        error: { code: 'not_allowed', message: 'This write is being sent; wait for its outcome.' },
      }),
    });
    renderOutbox();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This write is being sent; wait for its outcome.');
  });

  it('draws what a push brings, and never lists the Outbox by itself', async () => {
    background();
    renderOutbox();
    await screen.findByText(/Nothing here yet/);
    await push([outboxItem({ kind: 'post', body: 'Arrived later' }, { status: 'queued' })]);
    expect(await screen.findByText(/Arrived later/)).toBeTruthy();
    expect(send).not.toHaveBeenCalledWith('listOutbox', expect.anything());
    expect(send).not.toHaveBeenCalledWith('listOutbox');
  });

  it('shows the pause banner while the account is rate-limited', async () => {
    const paused = status({ pause: { rateLimitedUntil: NOW + 65_000, disabled: null, offlineUntil: null } });
    const none = async () => undefined;
    render(
      <OutboxView
        outbox={{ items: [], olderCursor: null }}
        status={paused as never}
        siteOrigin={null}
        reactionLabel={(kind) => kind}
        onRetry={none}
        onEditAndResend={none}
        onDiscard={none}
        onReschedule={none}
        onSendNow={none}
        onShowOlder={none}
      />,
    );
    expect((await screen.findByRole('status')).textContent).toMatch(/Writes resume in 1:05/);
  });

  it('reads older sent writes on request, and says when they cannot be read', async () => {
    items = [outboxItem({ kind: 'post', body: 'Sent once' }, { status: 'sent', id: 'p_1', at: NOW })];
    fakeStore.olderCursor = '7';
    fakeStore.loadOlder = vi.fn(async () => ({ code: 'unavailable', message: 'x' }));
    background();
    renderOutbox();
    await screen.findByText(/Sent once/);
    expect(screen.queryByText(/Older sent writes are forgotten/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show older sent writes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The Outbox could not be loaded: The extension is starting. Try again in a moment.',
    );
    expect(fakeStore.loadOlder).toHaveBeenCalledTimes(1);
  });

  it('shows the ten newest sent writes, and all on request', async () => {
    items = Array.from({ length: 12 }, (_, n) =>
      outboxItem({ kind: 'post', body: `Sent ${n}` }, { status: 'sent', id: `p_${n}`, at: NOW - 1000 * (12 - n) }),
    );
    background();
    renderOutbox();
    await screen.findByText(/Sent 11/);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByText(/Sent 0/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 12 sent' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
  });
});
