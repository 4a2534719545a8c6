import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Drafts } from '@/entrypoints/background/drafts';
import { pendingDraftItem } from '@/lib/storage/pending-draft';

describe('drafts handed to the side panel', () => {
  beforeEach(() => fakeBrowser.reset());

  it('says a draft waits, then answers it to the first take only, and says it is gone', async () => {
    const changed = vi.fn();
    const drafts = new Drafts(changed);
    expect(await drafts.waiting()).toBeNull();
    await drafts.open({ kind: 'reply', postId: 'p_1', text: 'Quoted line' }, undefined).catch(() => undefined);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(await drafts.waiting()).toEqual(expect.any(Number));

    // Two panels ask at once: one gets it.
    const [one, two] = await Promise.all([drafts.take(), drafts.take()]);
    expect([one, two]).toEqual([{ kind: 'reply', postId: 'p_1', text: 'Quoted line' }, null]);
    expect(changed).toHaveBeenCalledTimes(2);
    expect(await drafts.waiting()).toBeNull();
    expect(await pendingDraftItem.getValue()).toBeNull();
  });

  it('a failed take does not stop the next one', async () => {
    const drafts = new Drafts();
    await pendingDraftItem.setValue({ kind: 'post', text: 'A quote', at: 1 });
    const read = vi.spyOn(pendingDraftItem, 'getValue').mockRejectedValueOnce(new Error('disk'));
    await expect(drafts.take()).rejects.toThrow('disk');
    read.mockRestore();
    expect(await drafts.take()).toEqual({ kind: 'post', text: 'A quote' });
  });
});
