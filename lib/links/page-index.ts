import { partitionPoint } from '@/lib/partition-point';
import { normalizePageUrl, pageLinksIn } from './page-url';

/** How many posts an index keeps: the newest ones. */
export const PAGE_INDEX_CAPACITY = 10_000;

/** What the index needs of a post: its id, text and time. */
export interface IndexablePost {
  id: string;
  body?: string | undefined;
  createdAt?: string | undefined;
}

/** A page of the timeline as the read path answers it. */
export interface IndexablePage<P extends IndexablePost> {
  items: P[];
  nextCursor: string | null;
}

/** How far back an index has looked: the user is told, never left to guess. */
export interface PageIndexReach {
  /** Posts looked through (kept), at most the capacity. */
  posts: number;
  /** The time of the oldest of them (ISO), `null` while none has a time. */
  oldestAt: string | null;
  /** The timeline's end was reached: there is nothing further to read. */
  end: boolean;
  /** The index holds as many posts as it keeps: reading further would only forget newer ones. */
  full: boolean;
}

interface Entry<P> {
  id: string;
  /** `createdAt` in ms (0 without a time: such a post is the first forgotten). */
  at: number;
  /** The pages it links to (normalised). */
  keys: readonly string[];
  /** The post itself, kept only when it links somewhere (nothing else can be shown). */
  post: P | undefined;
}

/**
 * The posts the extension has read, by the pages they link to: normalised address → post ids, so
 * finding the posts about a page is one map lookup. Bounded: the newest {@link PAGE_INDEX_CAPACITY}
 * posts by time; a post read again replaces its earlier copy (counts, moderation, text). It also
 * remembers where reading further goes on from: the cursor after the oldest page read.
 */
export class PageIndex<P extends IndexablePost> {
  private readonly entries = new Map<string, Entry<P>>();
  /** Every entry, newest first (by time, then id): pages read further back append at the end. */
  private readonly order: Entry<P>[] = [];
  private readonly byPage = new Map<string, Set<string>>();
  /** The cursor that reads on past the oldest page read; `null` at the end; undefined before any page. */
  private further: string | null | undefined;

  constructor(readonly capacity = PAGE_INDEX_CAPACITY) {}

  /** Adds a page read with `cursor` (undefined: the first page). */
  add(page: IndexablePage<P>, cursor: string | undefined): void {
    const oldestBefore = this.order.at(-1)?.at;
    let oldestHere = Number.POSITIVE_INFINITY;
    for (const post of page.items) {
      const entry = this.put(post);
      oldestHere = Math.min(oldestHere, entry.at);
    }
    // Reading further goes on from the page that went furthest back: the one read with the cursor
    // it gave last time, or one that reached at least as far back as anything kept.
    const continues = cursor !== undefined && cursor === this.further;
    const reachesBack = oldestBefore === undefined || (page.items.length > 0 && oldestHere <= oldestBefore);
    if (continues || reachesBack) this.further = page.nextCursor;
    this.trim();
  }

  /** The posts that link to `url` (any spelling of it), newest first. */
  lookup(url: string): P[] {
    const key = normalizePageUrl(url);
    const ids = key === undefined ? undefined : this.byPage.get(key);
    if (ids === undefined) return [];
    const found: Entry<P>[] = [];
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry?.post !== undefined) found.push(entry);
    }
    found.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
    return found.map((entry) => entry.post as P);
  }

  /** How far back the index has looked. */
  reach(): PageIndexReach {
    const oldest = this.order.findLast((entry) => entry.at > 0);
    return {
      posts: this.entries.size,
      oldestAt: oldest === undefined ? null : new Date(oldest.at).toISOString(),
      end: this.further === null,
      full: this.entries.size >= this.capacity,
    };
  }

  /** Where reading further starts: a cursor, `undefined` for the first page, `null` at the end. */
  furtherCursor(): string | null | undefined {
    return this.further;
  }

  private put(post: P): Entry<P> {
    this.forget(post.id);
    const time = post.createdAt === undefined ? Number.NaN : Date.parse(post.createdAt);
    const keys = pageLinksIn(post.body);
    const entry: Entry<P> = {
      id: post.id,
      at: Number.isFinite(time) ? time : 0,
      keys,
      post: keys.length > 0 ? post : undefined,
    };
    this.entries.set(entry.id, entry);
    this.order.splice(
      partitionPoint(this.order.length, (i) => isNewer(this.order[i] as Entry<P>, entry)),
      0,
      entry,
    );
    for (const key of keys) {
      const ids = this.byPage.get(key) ?? new Set<string>();
      ids.add(entry.id);
      this.byPage.set(key, ids);
    }
    return entry;
  }

  private forget(id: string): void {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    this.entries.delete(id);
    const at = partitionPoint(this.order.length, (i) => isNewer(this.order[i] as Entry<P>, entry));
    if (this.order[at] === entry) this.order.splice(at, 1);
    this.unindex(entry);
  }

  private unindex(entry: Entry<P>): void {
    const { id } = entry;
    for (const key of entry.keys) {
      const ids = this.byPage.get(key);
      ids?.delete(id);
      if (ids?.size === 0) this.byPage.delete(key);
    }
  }

  /** Forgets the oldest posts beyond the capacity. */
  private trim(): void {
    if (this.order.length <= this.capacity) return;
    for (const entry of this.order.splice(this.capacity)) {
      this.entries.delete(entry.id);
      this.unindex(entry);
    }
  }
}

/** `a` comes before `b` in the index's order: newer, or as new with a larger id. */
function isNewer<P>(a: Entry<P>, b: Entry<P>): boolean {
  return a.at > b.at || (a.at === b.at && a.id > b.id);
}
