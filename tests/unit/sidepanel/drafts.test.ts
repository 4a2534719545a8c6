import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DraftStore, MAX_DRAFTS, replyDraftKey, SAVE_DELAY_MS } from '@/entrypoints/sidepanel/state/drafts';
import { openDebateDb } from '@/lib/storage/db';
import { draftsItem } from '@/lib/storage/drafts';
import { useFakeClock } from '../support/clock';

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
    expect((await draftsItem.getValue()).texts).toEqual({});
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    const reopened = new DraftStore();
    await reopened.load();
    expect(reopened.get('post')).toBe('Hello');
    expect(reopened.get(replyDraftKey('p1'))).toBe('A reply');
    expect(reopened.replyPostIds()).toEqual(['p1']);
  });

  it('clears a draft at once (its write was queued), leaving the others', async () => {
    const drafts = new DraftStore();
    await drafts.load();
    drafts.set('post', 'Hello');
    drafts.set(replyDraftKey('p1'), 'A reply');
    await drafts.flush();
    await drafts.clear('post');
    expect((await draftsItem.getValue()).texts).toEqual({ 'reply:p1': 'A reply' });
  });

  it('does not erase drafts another open panel saved meanwhile', async () => {
    const one = new DraftStore();
    const two = new DraftStore();
    await one.load();
    await two.load();
    one.set('post', 'from one');
    await one.flush();
    two.set(replyDraftKey('p2'), 'from two');
    await two.flush();
    expect((await draftsItem.getValue()).texts).toEqual({ post: 'from one', 'reply:p2': 'from two' });
  });

  it('keeps only the most recent reply drafts', async () => {
    let now = 0;
    const drafts = new DraftStore(() => ++now);
    await drafts.load();
    for (let i = 0; i <= MAX_DRAFTS; i += 1) drafts.set(replyDraftKey(`p${i}`), `reply ${i}`);
    drafts.set('post', 'kept');
    await drafts.flush();
    const texts = (await draftsItem.getValue()).texts;
    expect(Object.keys(texts)).toHaveLength(MAX_DRAFTS + 1);
    expect(texts['reply:p0']).toBeUndefined();
    expect(texts.post).toBe('kept');
  });

  it('survives a damaged stored value', async () => {
    // As a damaged or hand-edited record of the prefs store would be.
    const db = await openDebateDb();
    await db.put('prefs', { texts: { post: 5, 'reply:p1': 'ok' }, changedAt: 'x' }, 'drafts');
    const drafts = new DraftStore();
    await drafts.load();
    expect(drafts.get('post')).toBe('');
    expect(drafts.get(replyDraftKey('p1'))).toBe('ok');
  });
});
