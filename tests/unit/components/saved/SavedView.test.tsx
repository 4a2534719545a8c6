import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SavedView, type SavedViewProps } from '@/components/saved/SavedView';
import { PostCard, SaveButton } from '@/components/timeline/PostParts';
import type { SavedPost } from '@/lib/storage/saved-posts';
import { useEnglishMessages } from '../../support/locale';

const post = (id: string, name: string, savedAt: number): SavedPost => ({
  id,
  source: 'https://debate.example',
  savedAt,
  author: { displayName: name },
  body: `Text of ${id} <b>not bold</b>`,
  url: 'javascript:alert(1)',
  createdAt: '2026-11-28T09:00:00.000Z',
});

function draw(props: Partial<SavedViewProps> = {}) {
  const onRemove = vi.fn();
  const onBack = vi.fn();
  const all = { posts: undefined, error: undefined, announcement: '', onRemove, onBack, ...props };
  const view = render(<SavedView {...all} />);
  return {
    onRemove,
    onBack,
    rerender: (next: Partial<SavedViewProps>) => view.rerender(<SavedView {...all} {...next} />),
  };
}

describe('SavedView', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(cleanup);

  it('takes the focus on its heading, says when nothing is saved, and goes back on Escape', () => {
    const { onBack } = draw({ posts: [] });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved posts' }));
    expect(screen.getByText(/^Nothing saved yet/)).toBeTruthy();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('shows each post as text, in the order given, with a Remove named after its author', () => {
    const { onRemove } = draw({ posts: [post('b', 'Bea', 2), post('a', 'Ann', 1)] });
    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-label'))).toEqual(['Bea', 'Ann']);
    expect(screen.getByText('Text of b <b>not bold</b>')).toBeTruthy();
    // A saved address that is not http(s) is never a link.
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the post by Ann from Saved' }));
    expect(onRemove).toHaveBeenCalledWith(post('a', 'Ann', 1));
  });

  it('after a removal, puts the focus on the next Remove, else on the heading', () => {
    const first = post('b', 'Bea', 2);
    const second = post('a', 'Ann', 1);
    const { rerender } = draw({ posts: [first, second] });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the post by Bea from Saved' }));
    rerender({ posts: [second] });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove the post by Ann from Saved' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the post by Ann from Saved' }));
    rerender({ posts: [] });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved posts' }));
  });
});

describe('SaveButton', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(cleanup);

  it('is one toggle named "Save post", pressed while the post is saved', () => {
    const onToggle = vi.fn();
    const { rerender } = render(
      <PostCard post={post('a', 'Ann', 1)}>
        <SaveButton saved={false} onToggle={onToggle} />
      </PostCard>,
    );
    const star = screen.getByRole('button', { name: 'Save post' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    expect(onToggle).toHaveBeenCalledOnce();
    rerender(<SaveButton saved onToggle={onToggle} />);
    expect(screen.getByRole('button', { name: 'Save post', pressed: true })).toBeTruthy();
  });
});
