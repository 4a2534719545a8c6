import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimelineItem, type TimelineItemProps } from '@/components/timeline/TimelineItem';
import { useEnglishMessages, useLocaleMessages } from '../../support/locale';
import { NOW, post } from './fixtures';

const KINDS = [
  { value: 'well_sourced', label: 'Well sourced' },
  { value: 'agree', label: 'Agree' },
];

function renderItem(change: Partial<TimelineItemProps> = {}) {
  const props: TimelineItemProps = {
    item: post(3, { body: 'Bus lanes work', commentCount: 2, reactionCounts: { well_sourced: 4, agree: 1 } }),
    position: 1,
    setSize: -1,
    reactionKinds: KINDS,
    marks: undefined,
    replyOpen: false,
    onToggleReply: vi.fn(),
    onReact: vi.fn(),
    ...change,
  };
  render(<TimelineItem {...props} />);
  return props;
}

describe('TimelineItem', () => {
  beforeEach(() => {
    useEnglishMessages();
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is an article named by its author and relative time, with the exact time on hover', () => {
    renderItem();
    const article = screen.getByRole('article', { name: 'User 0 3 min. ago' });
    const time = within(article).getByText('3 min. ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(new Date(NOW - 3 * 60_000).toISOString());
    expect(time.getAttribute('title')).toMatch(/2026/);
    expect(within(article).getByText('@user0')).toBeTruthy();
    expect(article.getAttribute('aria-posinset')).toBe('1');
    expect(article.getAttribute('aria-setsize')).toBe('-1');
  });

  it("names the default reaction in the browser's language, and a typed label as typed", () => {
    useLocaleMessages('de');
    renderItem({ reactionKinds: [{ value: 'well_sourced' }, { value: 'agree', label: 'Agree' }] });
    const group = screen.getByRole('group');
    expect(within(group).getByRole('button', { name: 'Gut belegt' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Agree' })).toBeTruthy();
    expect(group.textContent).not.toContain('Well sourced');
  });

  it('shows the body as plain text, and addresses as links that open without an opener', () => {
    renderItem({
      item: post(1, { body: '<img src=x onerror="alert(1)"> <b>bold</b> see https://example.org/a.' }),
    });
    const article = screen.getByRole('article');
    expect(article.querySelector('img, b')).toBeNull();
    expect(within(article).getByText(/<img src=x onerror="alert\(1\)"> <b>bold<\/b> see/)).toBeTruthy();
    const link = within(article).getByRole('link', { name: 'https://example.org/a' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows the reply count and a button per reaction kind, named by its label, with its count', () => {
    const props = renderItem();
    expect(screen.getByText('2 replies')).toBeTruthy();
    const wellSourced = screen.getByRole('button', { name: 'Well sourced' });
    expect(wellSourced.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('4 so far')).toBeTruthy();
    fireEvent.click(wellSourced);
    expect(props.onReact).toHaveBeenCalledWith('p_3', 'well_sourced');
    fireEvent.click(screen.getByRole('button', { name: 'Agree' }));
    expect(props.onReact).toHaveBeenCalledWith('p_3', 'agree');
  });

  it('leaves out counts the API did not give', () => {
    renderItem({ item: post(5, { commentCount: undefined, reactionCounts: undefined }) });
    expect(screen.queryByText(/repl/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Well sourced' }).getAttribute('aria-describedby')).toBeNull();
  });

  it('shows a pending reaction at once and does not send it twice; a placed one reads "you reacted"', () => {
    const onReact = vi.fn();
    renderItem({
      onReact,
      marks: {
        postId: 'p_3',
        reactions: [
          { kind: 'well_sourced', status: 'queued' },
          { kind: 'agree', status: 'sent' },
        ],
        replies: { pending: 0, sent: 0, failed: 0, uncertain: 0 },
      },
    });
    const pending = screen.getByRole('button', { name: 'Well sourced' });
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('4 so far, yours is being sent')).toBeTruthy();
    fireEvent.click(pending);
    expect(onReact).not.toHaveBeenCalled();
    expect(screen.getByText('1 so far, you reacted')).toBeTruthy();
  });

  it('lets a reaction that was not sent be tried again', () => {
    const onReact = vi.fn();
    renderItem({
      onReact,
      marks: {
        postId: 'p_3',
        reactions: [{ kind: 'well_sourced', status: 'uncertain' }],
        replies: { pending: 0, sent: 0, failed: 0, uncertain: 0 },
      },
    });
    expect(screen.getByText('4 so far, yours was not sent: see the Outbox')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Well sourced' }));
    expect(onReact).toHaveBeenCalledWith('p_3', 'well_sourced');
  });

  it('toggles the inline reply box with Reply (aria-expanded) and shows it under the post', () => {
    const props = renderItem();
    const reply = screen.getByRole('button', { name: 'Reply' });
    expect(reply.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(reply);
    expect(props.onToggleReply).toHaveBeenCalledWith('p_3');
    cleanup();
    renderItem({ replyOpen: true, reply: <textarea aria-label="Reply" /> });
    expect(screen.getByRole('button', { name: 'Reply' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Reply' })).toBeTruthy();
  });

  it('mutes and unmutes the author of the post at its position, from its menu or its muted note', () => {
    const onMuteAuthor = vi.fn();
    renderItem({ position: 7, onMuteAuthor });
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mute @user0' }));
    expect(onMuteAuthor).toHaveBeenLastCalledWith('user0', true, 7);
    cleanup();
    renderItem({ position: 2, onMuteAuthor, muted: { kind: 'author', handle: 'user0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unmute @user0' }));
    expect(onMuteAuthor).toHaveBeenLastCalledWith('user0', false, 2);
  });

  it('tells about the user’s own replies from the Outbox', () => {
    renderItem({
      marks: { postId: 'p_3', reactions: [], replies: { pending: 1, sent: 0, failed: 0, uncertain: 0 } },
    });
    expect(screen.getByText('Your reply is on its way.')).toBeTruthy();
  });
});
