import { describe, expect, it, vi } from 'vitest';
import {
  type FetchPage,
  FIRST_PAGE,
  MAX_EMPTY_RUN,
  NEXT_PAGE,
  TimelineStore,
} from '@/entrypoints/sidepanel/state/timeline-store';
import type { Contribution } from '@/lib/api/schemas';
import type { Reply } from '@/lib/messages/envelope';

const post = (id: string): Contribution => ({ id, body: `body ${id}` });
const page = (ids: string[], nextCursor: string | null): Reply<'getTimelinePage'> => ({
  ok: true,
  data: { items: ids.map(post), nextCursor },
});
const failure = (code: 'network' | 'unauthorized'): Reply<'getTimelinePage'> => ({
  ok: false,
  error: { code, message: code },
});
const ids = (store: TimelineStore) => store.getState().items.map((item) => item.id);

/** A fetchPage whose answers the test hands out one by one. */
function controlled() {
  const pending: { request: { cursor?: string; limit: number }; resolve: (reply: Reply<'getTimelinePage'>) => void }[] =
    [];
  const fetchPage: FetchPage = (request) => new Promise((resolve) => pending.push({ request, resolve }));
  return { fetchPage, pending };
}

describe('TimelineStore', () => {
  it('knows when each post shown came from the platform, and not for posts kept from the last opening', async () => {
    vi.useFakeTimers({ now: 10_000, toFake: ['Date'] });
    try {
      const { fetchPage, pending } = controlled();
      const store = new TimelineStore(fetchPage, { read: () => [post('p9')], write: () => undefined });
      const kept = store.getState().items[0];
      expect(kept === undefined ? 0 : store.readAtOf(kept)).toBeUndefined();
      const first = store.loadFirst();
      vi.setSystemTime(12_000);
      pending[0]?.resolve(page(['p9', 'p8'], null));
      await first;
      expect(store.getState().items.map((item) => store.readAtOf(item))).toEqual([12_000, 12_000]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads the first page, then the next with the cursor, skipping ids it already has', async () => {
    const fetchPage = vi
      .fn<FetchPage>()
      .mockResolvedValueOnce(page(['p5', 'p4', 'p3'], 'c1'))
      .mockResolvedValueOnce(page(['p3', 'p2', 'p1'], null));
    const store = new TimelineStore(fetchPage);
    await store.loadFirst();
    expect(fetchPage).toHaveBeenLastCalledWith({ limit: FIRST_PAGE });
    await store.loadMore();
    expect(fetchPage).toHaveBeenLastCalledWith({ cursor: 'c1', limit: NEXT_PAGE });
    expect(ids(store)).toEqual(['p5', 'p4', 'p3', 'p2', 'p1']);
    expect(store.getState().cursor).toBeNull();
    // After the last page there is nothing more to ask for.
    await store.loadMore();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('asks for one next page at a time', async () => {
    const { fetchPage, pending } = controlled();
    const store = new TimelineStore(fetchPage);
    const first = store.loadFirst();
    pending[0]?.resolve(page(['p2'], 'c1'));
    await first;
    void store.loadMore();
    void store.loadMore();
    expect(pending).toHaveLength(2);
    expect(store.getState().loading).toBe('more');
  });

  it('keeps the loaded posts and reports the error when a next page fails', async () => {
    const fetchPage = vi
      .fn<FetchPage>()
      .mockResolvedValueOnce(page(['p2'], 'c1'))
      .mockResolvedValueOnce(failure('network'));
    const store = new TimelineStore(fetchPage);
    await store.loadFirst();
    await store.loadMore();
    expect(ids(store)).toEqual(['p2']);
    expect(store.getState().moreError?.code).toBe('network');
    expect(store.getState().cursor).toBe('c1');
  });

  it('drops a slow next page that answers after a refresh started', async () => {
    const { fetchPage, pending } = controlled();
    const store = new TimelineStore(fetchPage);
    const first = store.loadFirst();
    pending[0]?.resolve(page(['p3', 'p2'], 'old'));
    await first;
    const more = store.loadMore();
    const refresh = store.loadFirst();
    expect(store.getState().loading).toBe('refresh');
    pending[2]?.resolve(page(['p4', 'p3'], 'new'));
    await refresh;
    pending[1]?.resolve(page(['p1'], null));
    await more;
    expect(ids(store)).toEqual(['p4', 'p3']);
    expect(store.getState().cursor).toBe('new');
  });

  it('keeps the list when a refresh fails, with the error', async () => {
    const fetchPage = vi
      .fn<FetchPage>()
      .mockResolvedValueOnce(page(['p1'], null))
      .mockResolvedValueOnce(failure('unauthorized'));
    const store = new TimelineStore(fetchPage);
    await store.loadFirst();
    await store.loadFirst();
    expect(ids(store)).toEqual(['p1']);
    expect(store.getState().error?.code).toBe('unauthorized');
  });

  it('finds newer posts above the newest loaded one and merges them at the top on request', async () => {
    const fetchPage = vi
      .fn<FetchPage>()
      .mockResolvedValueOnce(page(['p2', 'p1'], null))
      .mockResolvedValueOnce(page(['p4', 'p3', 'p2', 'p1'], null));
    const store = new TimelineStore(fetchPage);
    await store.loadFirst();
    expect(await store.checkNewer()).toBe(2);
    expect(store.getState().newer).toMatchObject({ complete: true });
    expect(ids(store)).toEqual(['p2', 'p1']);
    await store.showNewer();
    expect(ids(store)).toEqual(['p4', 'p3', 'p2', 'p1']);
    expect(store.getState().newer).toBeNull();
  });

  it('starts again from the top when more than a page of newer posts arrived', async () => {
    const fetchPage = vi
      .fn<FetchPage>()
      .mockResolvedValueOnce(page(['p2', 'p1'], null))
      .mockResolvedValueOnce(page(['p9', 'p8'], 'c'))
      .mockResolvedValueOnce(page(['p9', 'p8'], 'c'));
    const store = new TimelineStore(fetchPage);
    await store.loadFirst();
    expect(await store.checkNewer()).toBe(2);
    expect(store.getState().newer).toMatchObject({ complete: false });
    await store.showNewer();
    expect(ids(store)).toEqual(['p9', 'p8']);
    expect(store.getState().cursor).toBe('c');
  });

  it('reports no newer posts when the first page is unchanged, and never runs two checks at once', async () => {
    const { fetchPage, pending } = controlled();
    const store = new TimelineStore(fetchPage);
    const first = store.loadFirst();
    pending[0]?.resolve(page(['p1'], null));
    await first;
    const check = store.checkNewer();
    expect(await store.checkNewer()).toBe(0);
    expect(pending).toHaveLength(2);
    pending[1]?.resolve(page(['p1'], null));
    expect(await check).toBe(0);
    expect(store.getState().newer).toBeNull();
  });
});

describe('TimelineStore paging that never stalls', () => {
  /** A server whose pages are given in order, each with the next cursor. */
  function server(pages: [string[], string | null][]) {
    const requests: (string | undefined)[] = [];
    const fetchPage = vi.fn<FetchPage>(async ({ cursor }) => {
      requests.push(cursor);
      const [items, next] = pages[requests.length - 1] ?? [[], null];
      return page(items, next);
    });
    return { fetchPage, requests };
  }

  it('follows empty and short pages with a cursor until posts come, and the empty first page is not "no posts"', async () => {
    const { fetchPage, requests } = server([
      [[], 'c1'],
      [[], 'c2'],
      [['p9', 'p8'], 'c3'],
    ]);
    const store = new TimelineStore(fetchPage);
    await store.loadFirst();
    expect(requests).toEqual([undefined, 'c1', 'c2']);
    expect(ids(store)).toEqual(['p9', 'p8']);
    expect(store.getState()).toMatchObject({ cursor: 'c3', stop: null, emptyRun: 0 });
  });

  it('after several pages in a row with nothing new, waits for the user, who may load more', async () => {
    const pages: [string[], string | null][] = [[['p1'], 'c1']];
    for (let n = 1; n <= MAX_EMPTY_RUN; n += 1) pages.push([n === 1 ? ['p1'] : [], `c${n + 1}`]);
    pages.push([['p0'], null]);
    const { fetchPage, requests } = server(pages);
    const store = new TimelineStore(fetchPage);
    await store.loadFirst();
    await store.loadMore();
    // A page of only posts already shown counts as empty too.
    expect(requests).toHaveLength(1 + MAX_EMPTY_RUN);
    expect(store.getState()).toMatchObject({ stop: 'empty', emptyRun: MAX_EMPTY_RUN, cursor: `c${MAX_EMPTY_RUN + 1}` });
    // Scrolling to the end again does not ask; the user's "Load more" does.
    await store.loadMore();
    expect(requests).toHaveLength(1 + MAX_EMPTY_RUN);
    await store.loadMore({ userAsked: true });
    expect(ids(store)).toEqual(['p1', 'p0']);
    expect(store.getState()).toMatchObject({ stop: null, cursor: null });
  });

  it('ends paging, in words, when the cursor comes back unchanged, instead of looping', async () => {
    const { fetchPage, requests } = server([
      [['p2'], 'same'],
      [['p1'], 'same'],
    ]);
    const store = new TimelineStore(fetchPage);
    await store.loadFirst();
    await store.loadMore();
    await store.loadMore();
    expect(requests).toEqual([undefined, 'same']);
    expect(ids(store)).toEqual(['p2', 'p1']);
    expect(store.getState()).toMatchObject({ cursor: null, stop: 'repeated' });
  });
});

describe('TimelineStore with a first-page cache', () => {
  const cacheOf = (items: Contribution[]) => {
    const written: string[][] = [];
    return {
      cache: { read: () => items, write: (page: readonly Contribution[]) => written.push(page.map((p) => p.id)) },
      written,
    };
  };

  it('shows the cached first page at once, then replaces it with the fresh one and keeps that', async () => {
    const { cache, written } = cacheOf([post('p2'), post('p1')]);
    const store = new TimelineStore(vi.fn<FetchPage>().mockResolvedValue(page(['p3', 'p2'], 'c')), cache);
    expect(ids(store)).toEqual(['p2', 'p1']);
    expect(store.getState()).toMatchObject({ stale: true, cursor: undefined });
    const loading = store.loadFirst();
    expect(store.getState().loading).toBe('refresh');
    await loading;
    expect(ids(store)).toEqual(['p3', 'p2']);
    expect(store.getState()).toMatchObject({ stale: false, cursor: 'c' });
    expect(written).toEqual([['p3', 'p2']]);
  });

  it('keeps the records of cached posts the fresh page brings unchanged: their rows do not render again', async () => {
    const cached = [post('p2'), post('p1')];
    const edited = { ...post('p1'), body: 'edited' };
    const fresh: Reply<'getTimelinePage'> = { ok: true, data: { items: [post('p2'), edited], nextCursor: null } };
    const store = new TimelineStore(vi.fn<FetchPage>().mockResolvedValue(fresh), cacheOf(cached).cache);
    await store.loadFirst();
    const [p2, p1] = store.getState().items;
    expect(p2).toBe(cached[0]);
    expect(p1).toBe(fresh.ok ? fresh.data.items[1] : undefined);
    expect(p1?.body).toBe('edited');
  });

  it('drops the cached posts when the fresh page fails: the error shows, not old posts', async () => {
    const { cache, written } = cacheOf([post('p1')]);
    const store = new TimelineStore(vi.fn<FetchPage>().mockResolvedValue(failure('unauthorized')), cache);
    await store.loadFirst();
    expect(ids(store)).toEqual([]);
    expect(store.getState()).toMatchObject({ stale: false, error: { code: 'unauthorized' } });
    expect(written).toEqual([]);
  });

  describe('with posts the panel does not draw (search, mutes)', () => {
    const hideOdd = (item: Contribution) => Number(item.id.slice(1)) % 2 === 0;

    it('counts a page of hidden posts as empty: pages on, then waits for the user', async () => {
      const fetchPage = vi
        .fn<FetchPage>()
        .mockResolvedValueOnce(page(['p9', 'p8'], 'c1'))
        .mockResolvedValueOnce(page(['p7', 'p5'], 'c2'))
        .mockResolvedValueOnce(page(['p3'], 'c3'))
        .mockResolvedValueOnce(page(['p1'], 'c4'))
        .mockResolvedValueOnce(page(['p0'], null));
      const store = new TimelineStore(fetchPage);
      store.setVisible(hideOdd);
      await store.loadFirst();
      await store.loadMore();
      // Three pages with nothing to draw in a row: paging waits, the hidden posts are kept.
      expect(fetchPage).toHaveBeenCalledTimes(1 + MAX_EMPTY_RUN);
      expect(store.getState()).toMatchObject({ stop: 'empty', emptyRun: MAX_EMPTY_RUN, cursor: 'c4' });
      expect(ids(store)).toEqual(['p9', 'p8', 'p7', 'p5', 'p3', 'p1']);
      await store.loadMore();
      expect(fetchPage).toHaveBeenCalledTimes(1 + MAX_EMPTY_RUN);
      // Another filter: the pause is lifted (its count was for the old one), paging may go on.
      store.setVisible(() => true);
      expect(store.getState()).toMatchObject({ stop: null, emptyRun: 0 });
      await store.loadMore();
      expect(store.getState().cursor).toBeNull();
    });

    it('goes on from a first page whose posts are all hidden', async () => {
      const fetchPage = vi
        .fn<FetchPage>()
        .mockResolvedValueOnce(page(['p3', 'p1'], 'c1'))
        .mockResolvedValueOnce(page(['p2'], null));
      const store = new TimelineStore(fetchPage);
      store.setVisible(hideOdd);
      await store.loadFirst();
      expect(fetchPage).toHaveBeenLastCalledWith({ cursor: 'c1', limit: NEXT_PAGE });
      expect(ids(store)).toEqual(['p3', 'p1', 'p2']);
    });
  });
});
