import type { Contribution } from '@/lib/api/schemas';
import { type IndexablePage, PageIndex, type PageIndexReach } from '@/lib/links/page-index';
import { toPostView } from '@/lib/messages/fields';
import type { Handlers } from '@/lib/messages/router';
import type { AccountRecord } from '@/lib/storage/accounts';

/** A timeline page read through the background's read path (which also feeds the index). */
export type ReadTimelinePage = (
  account: AccountRecord,
  params: { cursor?: string; limit: number },
) => Promise<IndexablePage<Contribution>>;

/** How many pages "Read further" reads by default, and how many posts each. */
const FURTHER_PAGES = 5;
export const FURTHER_PAGE_SIZE = 100;

/**
 * The posts read so far, by the pages they link to: one index per platform (the account's
 * address), in memory only. A worker restart forgets it and the panel says how little it has
 * looked through; the next timeline read (or "Read further") fills it again.
 */
export class PagePosts {
  private readonly indexes = new Map<string, PageIndex<Contribution>>();
  /** "Read further" under way, per platform: a second click joins the first. */
  private readonly reading = new Map<string, Promise<PageIndexReach>>();

  constructor(
    private readonly capacity?: number,
    /** Told after every page read into an index (the toolbar marks follow). */
    private readonly onSeen: () => void = () => undefined,
  ) {}

  /** The index of a platform (made empty on first use). */
  of(account: Pick<AccountRecord, 'baseUrl'>): PageIndex<Contribution> {
    let index = this.indexes.get(account.baseUrl);
    if (index === undefined) {
      index = new PageIndex<Contribution>(this.capacity);
      this.indexes.set(account.baseUrl, index);
    }
    return index;
  }

  /** A timeline page was read (by the panel, the new-posts check, "Read further"). */
  seen(account: Pick<AccountRecord, 'baseUrl'>, page: IndexablePage<Contribution>, cursor: string | undefined): void {
    this.of(account).add(page, cursor);
    this.onSeen();
  }

  /** Reads up to `pages` pages past the oldest read, through `read` (which feeds the index). */
  readFurther(account: AccountRecord, pages: number, read: ReadTimelinePage): Promise<PageIndexReach> {
    const running = this.reading.get(account.baseUrl);
    if (running !== undefined) return running;
    const index = this.of(account);
    const run = (async () => {
      for (let page = 0; page < pages; page += 1) {
        const cursor = index.furtherCursor();
        const { end, full } = index.reach();
        if (end || full || cursor === null) break;
        await read(account, { limit: FURTHER_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) });
      }
      return index.reach();
    })().finally(() => this.reading.delete(account.baseUrl));
    this.reading.set(account.baseUrl, run);
    return run;
  }
}

/** The handlers of "This page" (the rest of the table: handlers.ts). */
export function pagePostHandlers(deps: {
  pagePosts: PagePosts;
  resolve: (account?: string) => Promise<AccountRecord>;
  read: ReadTimelinePage;
}): Pick<Handlers, 'getPagePosts' | 'readFurther'> {
  const { pagePosts, resolve, read } = deps;
  return {
    // The address is looked up here and forgotten: never stored, logged or sent anywhere.
    getPagePosts: async ({ url, account: id }) => {
      const index = pagePosts.of(await resolve(id));
      return { posts: index.lookup(url).map(toPostView), reach: index.reach() };
    },
    readFurther: async (request) => {
      const account = await resolve(request.account);
      return pagePosts.readFurther(account, request.pages ?? FURTHER_PAGES, read);
    },
  };
}
