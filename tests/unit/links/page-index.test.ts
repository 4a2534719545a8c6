import { describe, expect, it } from 'vitest';
import { PageIndex } from '@/lib/links/page-index';

interface Post {
  id: string;
  body?: string;
  createdAt?: string;
}

const PAGE = 'https://example.com/news/budget-2027';
/** A post `minutes` after a fixed start. */
const post = (id: string, minutes: number, body = 'nothing linked'): Post => ({
  id,
  body,
  createdAt: new Date(Date.UTC(2026, 10, 1) + minutes * 60_000).toISOString(),
});

describe('PageIndex', () => {
  it('finds the posts linking to a page under any spelling, newest first, and no others', () => {
    const index = new PageIndex<Post>();
    index.add(
      {
        items: [
          post('p3', 3, `plain ${PAGE}`),
          post('p2', 2, `tracked ${PAGE}?utm_source=news&fbclid=1`),
          post('p1', 1, `fragment http://www.example.com/news/budget-2027/#comments`),
          post('p0', 0, 'another https://example.com/news/budget-2026'),
        ],
        nextCursor: 'c1',
      },
      undefined,
    );
    expect(index.lookup(`${PAGE}?utm_medium=social#top`).map((p) => p.id)).toEqual(['p3', 'p2', 'p1']);
    expect(index.lookup('https://example.com/news').map((p) => p.id)).toEqual([]);
    expect(index.lookup('chrome://newtab')).toEqual([]);
    expect(index.reach()).toEqual({ posts: 4, oldestAt: '2026-11-01T00:00:00.000Z', end: false, full: false });
  });

  it('keeps the newest posts only, forgetting the oldest and their links', () => {
    const index = new PageIndex<Post>(3);
    index.add({ items: [post('old', 0, `old ${PAGE}`), post('a', 1)], nextCursor: 'c1' }, undefined);
    index.add({ items: [post('c', 3), post('b', 2, `b ${PAGE}`)], nextCursor: 'c0' }, undefined);
    expect(index.lookup(PAGE).map((p) => p.id)).toEqual(['b']);
    expect(index.reach()).toMatchObject({ posts: 3, oldestAt: post('a', 1).createdAt, full: true });
  });

  it('replaces a post read again (its text may have changed) instead of counting it twice', () => {
    const index = new PageIndex<Post>();
    index.add({ items: [post('p1', 1, `first ${PAGE}`)], nextCursor: null }, undefined);
    index.add({ items: [post('p1', 1, 'edited: https://other.example/')], nextCursor: null }, undefined);
    expect(index.lookup(PAGE)).toEqual([]);
    expect(index.lookup('https://other.example').map((p) => p.body)).toEqual(['edited: https://other.example/']);
    expect(index.reach().posts).toBe(1);
  });

  it('reads further from the cursor after the oldest page read, and knows the end', () => {
    const index = new PageIndex<Post>();
    expect(index.furtherCursor()).toBeUndefined();
    index.add({ items: [post('p9', 9), post('p8', 8)], nextCursor: 'c8' }, undefined);
    expect(index.furtherCursor()).toBe('c8');
    // A new-posts check reads the top again: where to go on from does not move.
    index.add({ items: [post('p10', 10), post('p9', 9)], nextCursor: 'c9' }, undefined);
    expect(index.furtherCursor()).toBe('c8');
    index.add({ items: [], nextCursor: 'c7' }, 'c8');
    expect(index.furtherCursor()).toBe('c7');
    index.add({ items: [post('p7', 7)], nextCursor: null }, 'c7');
    expect(index.furtherCursor()).toBeNull();
    expect(index.reach().end).toBe(true);
  });

  it('a post without a time is kept but never named as the oldest', () => {
    const index = new PageIndex<Post>();
    index.add({ items: [{ id: 'x', body: PAGE }, post('p1', 1)], nextCursor: null }, undefined);
    expect(index.reach()).toMatchObject({ posts: 2, oldestAt: post('p1', 1).createdAt });
    expect(index.lookup(PAGE).map((p) => p.id)).toEqual(['x']);
  });
});
