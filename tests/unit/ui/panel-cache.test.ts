import { beforeEach, describe, expect, it } from 'vitest';
import { cachedReactionKinds, cacheReactionKinds, firstPageCache } from '@/lib/ui/panel-cache';
import { PANEL_CACHE_KEY } from '@/lib/ui/panel-cache-key';

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
    localStorage.setItem(
      PANEL_CACHE_KEY,
      JSON.stringify({ page: [{ id: 'p1' }, { body: 'no id' }, 5], kinds: [{ value: 'Bad Kind!', label: 'x' }] }),
    );
    expect(firstPageCache().read()).toEqual([{ id: 'p1' }]);
    expect(cachedReactionKinds()).toBeUndefined();
  });
});
