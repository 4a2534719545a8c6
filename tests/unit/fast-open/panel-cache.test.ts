import { beforeEach, describe, expect, it, vi } from 'vitest';
import { panelCache } from '@/entrypoints/sidepanel/fast-open/panel-cache';

// Each call opens the cache afresh, as each panel opening does.
const firstPageCache = () => panelCache().firstPage;
const cachedReactionKinds = () => panelCache().kinds();
const cacheReactionKinds = (kinds: { value: string; label: string }[]) => panelCache().rememberKinds(kinds);

import { PANEL_CACHE_KEY } from '@/entrypoints/sidepanel/fast-open/panel-cache-key';

describe('panel cache', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the first page and the reaction kinds for the next opening', () => {
    firstPageCache().write([{ id: 'p1', body: 'Hello' }]);
    cacheReactionKinds([{ value: 'well_sourced', label: 'Well sourced' }]);
    expect(firstPageCache().read()).toEqual([{ id: 'p1', body: 'Hello' }]);
    expect(cachedReactionKinds()).toEqual([{ value: 'well_sourced', label: 'Well sourced' }]);
  });

  it('has nothing before the first opening', () => {
    expect(firstPageCache().read()).toEqual([]);
    expect(cachedReactionKinds()).toBeUndefined();
  });

  it('ignores a damaged value, and keeps only well-formed entries', () => {
    localStorage.setItem(PANEL_CACHE_KEY, '{not json');
    expect(firstPageCache().read()).toEqual([]);
    firstPageCache().write([{ id: 'p0' }]);
    const stored = JSON.parse(localStorage.getItem(PANEL_CACHE_KEY) ?? '{}');
    localStorage.setItem(
      PANEL_CACHE_KEY,
      JSON.stringify({
        ...stored,
        page: [{ id: 'p1' }, { body: 'no id' }, { id: '' }, 5, null],
        kinds: [
          { value: 'Bad Kind!', label: 'x' },
          { value: 'ok', label: ' padded ' },
          { value: 'ok', label: '' },
        ],
      }),
    );
    expect(firstPageCache().read()).toEqual([{ id: 'p1' }]);
    expect(cachedReactionKinds()).toBeUndefined();
  });

  it('drops what another build wrote', () => {
    localStorage.setItem(PANEL_CACHE_KEY, JSON.stringify({ stamp: '1:0.0.1', page: [{ id: 'p1' }] }));
    expect(firstPageCache().read()).toEqual([]);
    localStorage.setItem(PANEL_CACHE_KEY, JSON.stringify({ page: [{ id: 'p1' }] }));
    expect(firstPageCache().read()).toEqual([]);
  });

  it('reads and parses what is stored once for the page and the kinds of one opening', () => {
    cacheReactionKinds([{ value: 'well_sourced', label: 'Well sourced' }]);
    firstPageCache().write([{ id: 'p1' }]);
    const getItem = vi.spyOn(localStorage, 'getItem');
    try {
      const cache = panelCache();
      expect(cache.firstPage.read()).toEqual([{ id: 'p1' }]);
      expect(cache.kinds()).toEqual([{ value: 'well_sourced', label: 'Well sourced' }]);
      expect(getItem).toHaveBeenCalledTimes(1);
    } finally {
      getItem.mockRestore();
    }
  });

  it('keeps the mute lists, so muted posts stay hidden from the first frame', () => {
    expect(panelCache().mutes()).toBeUndefined();
    panelCache().rememberMutes({ words: ['spoiler'], authors: ['marcus'] });
    expect(panelCache().mutes()).toEqual({ words: ['spoiler'], authors: ['marcus'] });
    localStorage.setItem(
      PANEL_CACHE_KEY,
      JSON.stringify({ ...JSON.parse(localStorage.getItem(PANEL_CACHE_KEY) ?? '{}'), mutes: { words: 'x' } }),
    );
    expect(panelCache().mutes()).toBeUndefined();
  });

  it('keeps the speaker line, words only, and forgets it when nobody speaks', () => {
    const line = { options: [{ id: 'acct-1', text: 'Dana' }], chosen: 'acct-1' };
    expect(panelCache().speaker()).toBeUndefined();
    panelCache().rememberSpeaker(line);
    expect(panelCache().speaker()).toEqual(line);
    panelCache().rememberSpeaker(undefined);
    expect(panelCache().speaker()).toBeUndefined();
    for (const damaged of [
      { options: 'x', chosen: 'acct-1' },
      { options: [], chosen: 'acct-1' },
      { options: [{ id: 'acct-1', text: 5 }], chosen: 'acct-1' },
      { options: [{ id: 'acct-1', text: 'Dana' }], chosen: 'acct-2' },
    ]) {
      const stored = JSON.parse(localStorage.getItem(PANEL_CACHE_KEY) ?? '{}');
      localStorage.setItem(PANEL_CACHE_KEY, JSON.stringify({ ...stored, speaker: damaged }));
      expect(panelCache().speaker()).toBeUndefined();
    }
  });

  it('tells whether what is stored is still what this page last read or wrote (another panel may write)', () => {
    const mine = panelCache();
    mine.firstPage.write([{ id: 'p1' }]);
    expect(mine.isCurrent()).toBe(true);
    panelCache().rememberSpeaker({ options: [{ id: 'acct-2', text: 'Other window' }], chosen: 'acct-2' });
    expect(mine.isCurrent()).toBe(false);
    expect(mine.speaker()).toBeUndefined();
    mine.rememberKinds([{ value: 'well_sourced', label: 'Well sourced' }]);
    expect(mine.isCurrent()).toBe(true);
  });
});
