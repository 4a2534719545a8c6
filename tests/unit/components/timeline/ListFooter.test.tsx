import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListFooter } from '@/components/timeline/ListFooter';
import { useEnglishMessages } from '../../support/locale';

beforeEach(() => {
  useEnglishMessages();
});
afterEach(() => {
  cleanup();
});

const base = { loading: null, end: false, stop: null, emptyRun: 0, moreError: null, onRetry: () => undefined };

describe('ListFooter', () => {
  it('after pages in a row with no new posts, says so and offers "Load more"', () => {
    const onLoadMore = vi.fn();
    render(<ListFooter {...base} stop="empty" emptyRun={3} onLoadMore={onLoadMore} />);
    expect(screen.getByRole('status').textContent).toContain('3 pages in a row with no new posts');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
  });

  it('says why paging ended when the platform sent the same page again', () => {
    render(<ListFooter {...base} end stop="repeated" onLoadMore={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe(
      'The platform sent the same page again, so loading stopped here.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
