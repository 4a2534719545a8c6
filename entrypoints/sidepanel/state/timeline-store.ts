import type { Reply, ReplyError } from '@/lib/messages/envelope';
import type { PostView } from '@/lib/messages/fields';
import type { ReplyData } from '@/lib/messages/protocol';
import { keepUnchanged } from '@/lib/ui/keep-unchanged';

/** Size of the first page: small, so the panel paints quickly. */
export const FIRST_PAGE = 20;
/** Size of the pages loaded while scrolling. */
export const NEXT_PAGE = 50;
/**
 * Pages in a row that may bring no new post before paging waits for the user ("Load more"): a
 * server may send short or empty pages with a cursor (held or removed posts use up page slots).
 */
export const MAX_EMPTY_RUN = 3;

/** Asks for one page of the public timeline (the side panel passes `sendMessage('getTimelinePage', …)`). */
export type FetchPage = (request: { cursor?: string; limit: number }) => Promise<Reply<'getTimelinePage'>>;

/** Newer posts found above the loaded ones, not shown yet. */
export interface NewerPosts {
  /** Posts above the newest loaded one, newest first. */
  items: PostView[];
  /** False when the newest loaded post was not on the first page: there may be more (and a gap). */
  complete: boolean;
}

/** What the timeline view draws from. */
export interface TimelineState {
  /** Loaded posts, newest first, each id once. */
  items: readonly PostView[];
  /** `undefined` before the first page, `null` after the last one. */
  cursor: string | null | undefined;
  /** What is loading, if anything. */
  loading: 'first' | 'more' | 'refresh' | null;
  /** Why the first page (or a refresh) failed; the list is empty or stale. */
  error: ReplyError | null;
  /** Why the last "load more" failed; the list above stays. */
  moreError: ReplyError | null;
  /** Newer posts found by a check, shown as "N new posts". */
  newer: NewerPosts | null;
  /** The items are the first page kept from the last time, shown until the fresh one arrives. */
  stale: boolean;
  /** Pages in a row, up to now, that brought no new post. */
  emptyRun: number;
  /**
   * Why paging stopped before the end: `empty`, {@link MAX_EMPTY_RUN} pages in a row brought nothing
   * new (the user may load more); `repeated`, the server sent back the cursor it was given (paging
   * ends there: asking again would loop).
   */
  stop: 'empty' | 'repeated' | null;
}

/** Where the store keeps the first page between openings, and finds it again. */
export interface FirstPageCache {
  read(): PostView[];
  write(items: readonly PostView[]): void;
}

const INITIAL: TimelineState = {
  items: [],
  cursor: undefined,
  loading: null,
  error: null,
  moreError: null,
  newer: null,
  stale: false,
  emptyRun: 0,
  stop: null,
};

/**
 * The timeline's state: pages fetched with the API cursor, deduplicated by id, refreshed from the
 * top, and newer posts found by a check merged at the top on request. Answers that arrive after a
 * refresh started (a slow "load more") are dropped, so pages of two walks never mix. With a cache,
 * the first page of the last opening shows at once and is replaced by the fresh one (or, if that
 * fails, by the error: stale posts never stand in for a timeline that cannot be read).
 */
export class TimelineStore {
  private state: TimelineState = INITIAL;
  private readonly listeners = new Set<(state: TimelineState) => void>();
  /** Bumped by every (re)start from the top: answers of older walks are stale. */
  private generation = 0;
  private checking = false;
  /** Whether the panel draws a post (its search and mutes): a page with none to draw counts as empty. */
  private visible: (item: PostView) => boolean = () => true;
  /** When each post shown arrived (its counts are as of then); none for posts kept from the last opening. */
  private readonly readAt = new WeakMap<PostView, number>();
  private readonly fetchPage: FetchPage;

  constructor(
    fetchPage: FetchPage,
    private readonly cache?: FirstPageCache,
  ) {
    this.fetchPage = async (request) => {
      const reply = await fetchPage(request);
      const at = Date.now();
      if (reply.ok) for (const item of reply.data.items) this.readAt.set(item, at);
      return reply;
    };
    const cached = cache?.read() ?? [];
    if (cached.length > 0) this.state = { ...INITIAL, items: unique(cached), stale: true };
  }

  /** When `post` (this very record) came from the platform: its counts are as of then. */
  readAtOf(post: PostView): number | undefined {
    return this.readAt.get(post);
  }

  /** The current state (a new object after every change). */
  getState(): TimelineState {
    return this.state;
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (state: TimelineState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads the first page (again): replaces the list when it arrives, keeps it on failure. */
  async loadFirst(): Promise<void> {
    const generation = ++this.generation;
    this.set({ loading: this.state.items.length > 0 ? 'refresh' : 'first', moreError: null });
    const reply = await this.fetchPage({ limit: FIRST_PAGE });
    if (generation !== this.generation) return;
    if (!reply.ok) {
      this.set(
        this.state.stale
          ? { items: [], stale: false, loading: null, error: reply.error }
          : { loading: null, error: reply.error },
      );
      return;
    }
    // A post as it was keeps its record: its row does not render again (the last opening's posts,
    // replaced as the panel opens, are most often the same). Its counts are as of this answer.
    const items = keepUnchanged(this.state.items, unique(reply.data.items), (kept, fresh) => {
      const at = this.readAt.get(fresh);
      if (at !== undefined) this.readAt.set(kept, at);
    });
    this.cache?.write(items);
    this.set({
      items,
      cursor: reply.data.nextCursor,
      loading: null,
      error: null,
      newer: null,
      stale: false,
      emptyRun: items.some(this.visible) ? 0 : 1,
      stop: null,
    });
    // An empty first page with a cursor is not "no posts": the posts are further on.
    if (!items.some(this.visible) && reply.data.nextCursor !== null) await this.loadMore();
  }

  /**
   * Loads the page after the last one loaded; does nothing while loading or after the last page. A
   * page that brings no new post to draw (empty, only posts already shown, or only posts the
   * panel's search or mutes hide: {@link setVisible}) leads to the next one at once,
   * up to {@link MAX_EMPTY_RUN} in a row; then paging waits for the user (`userAsked`: "Load more").
   * A cursor that comes back unchanged ends paging: asking again would loop.
   */
  async loadMore(options: { userAsked?: boolean } = {}): Promise<void> {
    if (this.state.stop === 'empty' && options.userAsked !== true) return;
    const generation = this.generation;
    let run = options.userAsked === true ? 0 : this.state.emptyRun;
    for (;;) {
      const { cursor, loading } = this.state;
      if (loading !== null || typeof cursor !== 'string') return;
      this.set({ loading: 'more', moreError: null, stop: null });
      const reply = await this.fetchPage({ cursor, limit: NEXT_PAGE });
      if (generation !== this.generation) return;
      if (!reply.ok) {
        this.set({ loading: null, moreError: reply.error });
        return;
      }
      const items = append(this.state.items, reply.data.items);
      const next = reply.data.nextCursor;
      if (next === cursor) {
        this.set({ items, cursor: null, loading: null, emptyRun: 0, stop: 'repeated' });
        return;
      }
      const thin = next !== null && !items.slice(this.state.items.length).some(this.visible);
      run = thin ? run + 1 : 0;
      if (thin && run >= MAX_EMPTY_RUN) {
        this.set({ items, cursor: next, loading: null, emptyRun: run, stop: 'empty' });
        return;
      }
      this.set({ items, cursor: next, loading: null, emptyRun: run });
      if (!thin) return;
    }
  }

  /**
   * Sets which posts the panel draws (search, mutes). Paging counts a page that brings none of them
   * as empty, so a filter that hides everything never leaves the list waiting at an end that does
   * not come into view. A pause after empty pages is lifted: they were counted with another filter.
   */
  setVisible(visible: (item: PostView) => boolean): void {
    this.visible = visible;
    if (this.state.stop === 'empty') this.set({ stop: null, emptyRun: 0 });
  }

  /**
   * Looks for posts newer than the newest loaded one (one first page, never two checks at once).
   * Answers how many it found; a failed check changes nothing (the next one tries again).
   */
  async checkNewer(): Promise<number> {
    if (this.checking || this.state.loading !== null || this.state.items.length === 0) return 0;
    this.checking = true;
    const generation = this.generation;
    try {
      const reply = await this.fetchPage({ limit: FIRST_PAGE });
      if (generation !== this.generation || !reply.ok) return 0;
      const newer = newerThan(this.state.items, reply.data);
      this.set({ newer: newer.items.length > 0 ? newer : null });
      return newer.items.length;
    } finally {
      this.checking = false;
    }
  }

  /**
   * Shows the newer posts found by the last check: merged at the top when they join up with the
   * loaded ones; otherwise (more than a page arrived) the timeline starts again from the top.
   */
  async showNewer(): Promise<void> {
    const { newer, items } = this.state;
    if (newer === null) return;
    if (!newer.complete) {
      await this.loadFirst();
      return;
    }
    this.set({ items: prepend(items, newer.items), newer: null });
  }

  private set(change: Partial<TimelineState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener(this.state);
  }
}

/** The posts of a fresh first page that sit above the newest loaded post. */
export function newerThan(loaded: readonly PostView[], page: ReplyData<'getTimelinePage'>): NewerPosts {
  const known = new Set(loaded.map((item) => item.id));
  const newest = loaded[0]?.id;
  const at = page.items.findIndex((item) => item.id === newest);
  const above = at === -1 ? page.items : page.items.slice(0, at);
  // A page that does not reach the newest loaded post may hide more above it.
  const complete = at !== -1 || page.nextCursor === null;
  return { items: unique(above).filter((item) => !known.has(item.id)), complete };
}

/** Keeps the first of each id. */
function unique(items: readonly PostView[]): PostView[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

function append(loaded: readonly PostView[], page: readonly PostView[]): PostView[] {
  const known = new Set(loaded.map((item) => item.id));
  return [...loaded, ...unique(page).filter((item) => !known.has(item.id))];
}

function prepend(loaded: readonly PostView[], newer: readonly PostView[]): PostView[] {
  const fresh = new Set(newer.map((item) => item.id));
  return [...newer, ...loaded.filter((item) => !fresh.has(item.id))];
}
