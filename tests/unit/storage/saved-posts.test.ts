import { describe, expect, it, vi } from 'vitest';
import { openDebateDb } from '@/lib/storage/db';
import { PREFS_STORE } from '@/lib/storage/prefs';
import { SavedPostsBook } from '@/lib/storage/saved-book';
import { MAX_SAVED_POSTS, MAX_SAVED_TEXT, savedKey } from '@/lib/storage/saved-limits';
import { addSaved, mergeSaved, parseSavedPosts, removeSaved, type SavedPost } from '@/lib/storage/saved-posts';

const SOURCE = 'http://127.0.0.1:8787';

function post(id: string, savedAt: number, change: Partial<SavedPost> = {}): SavedPost {
  return { id, source: SOURCE, savedAt, author: { handle: 'ann' }, body: `Post ${id}`, ...change };
}

/** Writes a raw value where the Saved list lives, as a damaged or planted record would be. */
async function plant(value: unknown): Promise<void> {
  await (await openDebateDb()).put(PREFS_STORE, value, 'savedPosts');
}

describe('the Saved list', () => {
  it('keeps the newest saved first, each post once, and refuses one more when full', () => {
    const first = addSaved([], post('a', 1));
    if (first.kind !== 'added') throw new Error(first.kind);
    const second = addSaved(first.posts, post('b', 2));
    if (second.kind !== 'added') throw new Error(second.kind);
    expect(second.posts.map((entry) => entry.id)).toEqual(['b', 'a']);
    expect(addSaved(second.posts, post('a', 3))).toEqual({ kind: 'already' });
    // The same id from another platform is another post.
    expect(addSaved(second.posts, post('a', 3, { source: 'https://other.example' })).kind).toBe('added');
    const full = Array.from({ length: MAX_SAVED_POSTS }, (_, i) => post(`p${i}`, i));
    expect(addSaved(full, post('one-more', 10_000))).toEqual({ kind: 'full' });
  });

  it('removes one post by its key and leaves the rest in order', () => {
    const list = [post('c', 3), post('b', 2), post('a', 1)];
    expect(removeSaved(list, savedKey(post('b', 0))).map((entry) => entry.id)).toEqual(['c', 'a']);
    expect(removeSaved(list, 'nothing')).toEqual(list);
  });

  it('reads a hostile stored value as untrusted: drops what does not check out, orders and caps the rest', () => {
    const planted = [
      post('ok', 5),
      { ...post('extra', 6), script: '<img onerror=alert(1)>' },
      post('bad id!', 7),
      post('js', 8, { source: 'javascript:alert(1)' }),
      post('long', 9, { body: 'x'.repeat(MAX_SAVED_TEXT + 1) }),
      post('neg', -1),
      'not a post',
      null,
      post('ok', 4),
      post('newer', 10),
    ];
    expect(parseSavedPosts(planted).map((entry) => [entry.id, entry.savedAt])).toEqual([
      ['newer', 10],
      ['ok', 5],
    ]);
    expect(parseSavedPosts({ length: 3 })).toEqual([]);
    expect(parseSavedPosts('[]')).toEqual([]);
    const huge = Array.from({ length: MAX_SAVED_POSTS * 10 }, (_, i) => post(`p${i}`, i));
    expect(parseSavedPosts(huge)).toHaveLength(MAX_SAVED_POSTS);
  });

  it('merges a backup: adds only what is not saved yet, as far as there is room', () => {
    const here = [post('a', 1)];
    const merged = mergeSaved(here, [post('a', 5), post('b', 2)]);
    expect(merged.added.map((entry) => entry.id)).toEqual(['b']);
    expect(merged.posts.map((entry) => entry.id)).toEqual(['b', 'a']);
    const nearlyFull = Array.from({ length: MAX_SAVED_POSTS - 1 }, (_, i) => post(`p${i}`, i));
    const tight = mergeSaved(nearlyFull, [post('x', 1e6), post('y', 1e6 + 1)]);
    expect(tight).toMatchObject({ noRoom: 1 });
    expect(tight.added.map((entry) => entry.id)).toEqual(['y']);
  });
});

describe('SavedPostsBook', () => {
  it('stores each change and tells what changed; the list survives a new book (a restart)', async () => {
    const changed = vi.fn();
    const book = new SavedPostsBook(changed);
    expect(await book.save(post('a', 1))).toBe('added');
    expect(await book.save(post('b', 2))).toBe('added');
    expect(await book.save(post('a', 3))).toBe('already');
    expect(await book.remove(savedKey(post('a', 0)))).toBe(true);
    expect(await book.remove(savedKey(post('a', 0)))).toBe(false);
    expect(changed.mock.calls.map(([change]) => change)).toEqual([
      { added: [post('a', 1)], removed: [] },
      { added: [post('b', 2)], removed: [] },
      { added: [], removed: [savedKey(post('a', 0))] },
    ]);
    expect((await new SavedPostsBook().list()).map((entry) => entry.id)).toEqual(['b']);
  });

  it('runs changes one at a time: two saves at once both stay', async () => {
    const book = new SavedPostsBook();
    await Promise.all([book.save(post('a', 1)), book.save(post('b', 2)), book.save(post('c', 3))]);
    expect((await book.list()).map((entry) => entry.id)).toEqual(['c', 'b', 'a']);
  });

  it('reads a planted record as untrusted and keeps working from what checks out', async () => {
    await plant([post('ok', 1), { id: 'x', source: SOURCE, savedAt: 2, body: 42 }, 'junk']);
    const book = new SavedPostsBook();
    expect((await book.list()).map((entry) => entry.id)).toEqual(['ok']);
    await plant({ not: 'a list' });
    expect(await book.list()).toEqual([]);
    expect(await book.save(post('fresh', 3))).toBe('added');
    expect((await book.list()).map((entry) => entry.id)).toEqual(['fresh']);
  });
});
