import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PagePostsState, PagePostsView } from '@/components/this-page/PagePostsView';
import { useEnglishMessages } from '../../support/locale';

const reach = { posts: 120, oldestAt: '2026-11-20T10:00:00.000Z', end: false, full: false };

function draw(state: PagePostsState, extra: { reading?: boolean; readError?: string } = {}) {
  const onAsk = vi.fn();
  const onReadFurther = vi.fn();
  render(
    <PagePostsView
      state={state}
      reading={extra.reading ?? false}
      readError={extra.readError}
      onAsk={onAsk}
      onReadFurther={onReadFurther}
    />,
  );
  return { onAsk, onReadFurther };
}

describe('PagePostsView', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(cleanup);

  it('says why it asks to read the tab address before asking, and that it stays on the device', () => {
    const { onAsk } = draw({ kind: 'ask', refused: false });
    expect(screen.getByText(/never sent anywhere/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Allow reading the tab's address" }));
    expect(onAsk).toHaveBeenCalledTimes(1);
  });

  it('shows the posts linking here, how far back it looked, and reads further on request', () => {
    const { onReadFurther } = draw({
      kind: 'posts',
      host: 'news.example',
      posts: [{ id: 'p1', body: 'See https://news.example/a', author: { displayName: 'Ada' } }],
      reach,
    });
    expect(screen.getByText('Posts linking to news.example:')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Ada' }).textContent).toContain('See https://news.example/a');
    expect(screen.getByRole('status').textContent).toMatch(/^Looked through the newest 120 posts, back to .+\./);
    fireEvent.click(screen.getByRole('button', { name: 'Read further' }));
    expect(onReadFurther).toHaveBeenCalledTimes(1);
  });

  it('says when none links here, and offers no "Read further" at the end or when full', () => {
    draw({ kind: 'posts', host: 'news.example', posts: [], reach: { ...reach, end: true } });
    expect(screen.getByText('No post among those read links to this page.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('That is the whole timeline.');
    expect(screen.queryByRole('button', { name: 'Read further' })).toBeNull();
    cleanup();
    draw({ kind: 'posts', host: 'news.example', posts: [], reach: { ...reach, posts: 10_000, full: true } });
    expect(screen.getByRole('status').textContent).toContain('The newest 10,000 posts are kept');
    expect(screen.queryByRole('button', { name: 'Read further' })).toBeNull();
  });

  it('a read in progress is not started twice; a failure is said in words', () => {
    const { onReadFurther } = draw(
      { kind: 'posts', host: 'news.example', posts: [], reach },
      { reading: true, readError: 'You are offline.' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reading further…' }));
    expect(onReadFurther).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Could not read further: You are offline.');
  });

  it('says when the tab shows no web page', () => {
    draw({ kind: 'no-page' });
    expect(screen.getByText('The current tab shows no web page.')).toBeTruthy();
  });
});
