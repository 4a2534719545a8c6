import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DraftStore, replyDraftKey, SAVE_DELAY_MS } from '@/entrypoints/sidepanel/state/drafts';
import { openDebateDb } from '@/lib/storage/db';
import { MAX_REPLY_DRAFTS, readDrafts, splitLegacyDrafts, writeDrafts } from '@/lib/storage/drafts';
import { useFakeClock } from '../support/clock';

/** Every record of the prefs store, by name. */
async function prefs(): Promise<Record<string, unknown>> {
  const db = await openDebateDb();
  const keys = await db.getAllKeys('prefs');
  return Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await db.get('prefs', key)])));
}

describe('DraftStore', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    useFakeClock();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves typing shortly after the last keystroke, and a new page reads it back', async () => {
    const drafts = new DraftStore();
    await drafts.load();
    drafts.set('post', 'Hello');
    drafts.set(replyDraftKey('p1'), 'A reply');
    expect((await readDrafts()).texts).toEqual({});
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    const reopened = new DraftStore();
    await reopened.load();
    expect(reopened.get('post')).toBe('Hello');
    expect(reopened.get(replyDraftKey('p1'))).toBe('A reply');
    expect(reopened.replyPostIds()).toEqual(['p1']);
  });

  it('a save the browser refuses (its storage full) is made again with the next change: nothing lost', async () => {
    const drafts = new DraftStore();
    await drafts.load();
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    drafts.set('post', 'Kept through a full disk');
    await drafts.flush();
    expect((await readDrafts()).texts).toEqual({});
    put.mockRestore();
    // Space came back; the next change saves both.
    drafts.set(replyDraftKey('p1'), 'Another');
    await drafts.flush();
    expect((await readDrafts()).texts).toEqual({ post: 'Kept through a full disk', 'reply:p1': 'Another' });
  });

  it('keeps each draft in a record of its own, and clears one at once, leaving the others', async () => {
    const drafts = new DraftStore();
    await drafts.load();
    drafts.set('post', 'Hello');
    drafts.set(replyDraftKey('p1'), 'A reply');
    await drafts.flush();
    expect(Object.keys(await prefs()).sort()).toEqual(['draft:post', 'draft:reply:p1']);
    await drafts.clear('post');
    expect((await readDrafts()).texts).toEqual({ 'reply:p1': 'A reply' });
    expect(Object.keys(await prefs())).toEqual(['draft:reply:p1']);
  });

  it('never erases drafts another open panel saved, though it never hears of them', async () => {
    const one = new DraftStore();
    await one.load();
    // Another panel (another document: no watch, no channel between them) saves after this one loaded.
    await writeDrafts(new Map([[replyDraftKey('p2'), { text: 'from two', at: 5 }]]));
    one.set('post', 'from one');
    await one.flush();
    expect((await readDrafts()).texts).toEqual({ post: 'from one', 'reply:p2': 'from two' });
  });

  it('a page drawn before its drafts are read: what it changes meanwhile stays over what is read', async () => {
    await writeDrafts(
      new Map([
        ['post', { text: 'stored post', at: 1 }],
        [replyDraftKey('p1'), { text: 'stored reply', at: 1 }],
        [replyDraftKey('p2'), { text: 'cleared here', at: 1 }],
      ]),
    );
    const drafts = new DraftStore();
    const heard: string[] = [];
    drafts.whenLoaded(() => heard.push(drafts.get('post')));
    // Typed, and a reply sent (its draft cleared), before the read answered.
    drafts.set('post', 'typed at once');
    const cleared = drafts.clear(replyDraftKey('p2'));
    expect(heard).toEqual([]);
    await drafts.load();
    await cleared;
    expect(heard).toEqual(['typed at once']);
    expect(drafts.get(replyDraftKey('p1'))).toBe('stored reply');
    expect(drafts.replyPostIds()).toEqual(['p1']);
    // Loaded: a listener hears at once.
    drafts.whenLoaded(() => heard.push('late'));
    expect(heard).toEqual(['typed at once', 'late']);
    await drafts.flush();
    expect((await readDrafts()).texts).toEqual({ post: 'typed at once', 'reply:p1': 'stored reply' });
  });

  it('a read that fails leaves the composers empty and the page working: the drafts count as loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const drafts = new DraftStore();
    let heard = false;
    drafts.whenLoaded(() => {
      heard = true;
    });
    // A raw read whose reading throws, as a store the browser damaged could.
    const damaged = {
      get value(): unknown {
        throw new Error('damaged');
      },
    };
    await drafts.load(Promise.resolve(damaged));
    expect(heard).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
    expect(drafts.get('post')).toBe('');
    drafts.set('post', 'still saved');
    await drafts.flush();
    expect((await readDrafts()).texts).toEqual({ post: 'still saved' });
    warn.mockRestore();
  });

  it('keeps only the most recent reply drafts', async () => {
    let now = 0;
    const drafts = new DraftStore(() => ++now);
    await drafts.load();
    for (let i = 0; i <= MAX_REPLY_DRAFTS; i += 1) drafts.set(replyDraftKey(`p${i}`), `reply ${i}`);
    drafts.set('post', 'kept');
    await drafts.flush();
    const texts = (await readDrafts()).texts;
    expect(Object.keys(texts)).toHaveLength(MAX_REPLY_DRAFTS + 1);
    expect(texts['reply:p0']).toBeUndefined();
    expect(texts.post).toBe('kept');
  });

  it('survives damaged stored values: the legacy record and records of their own', async () => {
    // As damaged or hand-edited records of the prefs store would be.
    const db = await openDebateDb();
    await db.put('prefs', { texts: { post: 5, 'reply:p1': 'ok', other: 'x' }, changedAt: 'x' }, 'drafts');
    await db.put('prefs', { text: 7, at: 1 }, 'draft:reply:p2');
    await db.put('prefs', 'plain', 'draft:reply:p3');
    await db.put('prefs', { text: 'no time' }, 'draft:reply:p4');
    await db.put('prefs', { text: 'x'.repeat(9000), at: 1 }, 'draft:reply:p5');
    await db.put('prefs', { text: 'fine', at: 1 }, 'draft:nonsense');
    const drafts = new DraftStore();
    await drafts.load();
    expect(drafts.get('post')).toBe('');
    expect(drafts.get(replyDraftKey('p1'))).toBe('ok');
    expect(drafts.replyPostIds()).toEqual(['p1']);
  });
});

describe('drafts kept in one record before each got its own', () => {
  beforeEach(() => fakeBrowser.reset());

  it('are read as before, a newer record of their own winning, and split once by the background', async () => {
    const db = await openDebateDb();
    await db.put(
      'prefs',
      { texts: { post: 'old post', 'reply:p1': 'old reply' }, changedAt: { post: 10, 'reply:p1': 10 } },
      'drafts',
    );
    await writeDrafts(new Map([['post', { text: 'newer post', at: 20 }]]));
    expect((await readDrafts()).texts).toEqual({ post: 'newer post', 'reply:p1': 'old reply' });

    await splitLegacyDrafts();
    expect(await prefs()).toEqual({
      'draft:post': { text: 'newer post', at: 20 },
      'draft:reply:p1': { text: 'old reply', at: 10 },
    });
    expect((await readDrafts()).texts).toEqual({ post: 'newer post', 'reply:p1': 'old reply' });
    // Again at the next start: nothing left to do.
    await splitLegacyDrafts();
    expect(Object.keys(await prefs()).sort()).toEqual(['draft:post', 'draft:reply:p1']);
  });

  it('lose only what is beyond the limit when split', async () => {
    const texts: Record<string, string> = { post: 'the post' };
    const changedAt: Record<string, number> = { post: 0 };
    for (let i = 0; i <= MAX_REPLY_DRAFTS; i += 1) {
      texts[`reply:p${i}`] = `reply ${i}`;
      changedAt[`reply:p${i}`] = i;
    }
    await (await openDebateDb()).put('prefs', { texts, changedAt }, 'drafts');
    await splitLegacyDrafts();
    const after = (await readDrafts()).texts;
    expect(Object.keys(after)).toHaveLength(MAX_REPLY_DRAFTS + 1);
    expect(after['reply:p0']).toBeUndefined();
    expect(after.post).toBe('the post');
  });
});
