import { describe, expect, it, vi } from 'vitest';
import {
  FURTHER_PAGE_SIZE,
  PagePosts,
  pagePostHandlers,
  type ReadTimelinePage,
} from '@/entrypoints/background/page-posts';
import type { Contribution } from '@/lib/api/schemas';
import { createRouter, type Handlers } from '@/lib/messages/router';
import type { AccountRecord } from '@/lib/storage/accounts';
import { EXTENSION_ID, ORIGIN, senders, spyHandlers } from '../messages/fixtures';

const PAGE = 'https://news.example/2027/budget';
const ACCOUNT = { id: 'acct-1', baseUrl: 'https://debate.example' } as AccountRecord;
const OTHER_PLATFORM = { id: 'acct-2', baseUrl: 'https://other-debate.example' } as AccountRecord;

/** A timeline of `pages` pages of 100 posts, newest first; every 10th post links to PAGE. */
function timeline(pages: number) {
  const start = Date.UTC(2026, 10, 20);
  const posts: Contribution[] = Array.from({ length: pages * FURTHER_PAGE_SIZE }, (_, i) => ({
    id: `p${i}`,
    body: i % 10 === 0 ? `About ${PAGE}?utm_source=feed` : `Post ${i}`,
    createdAt: new Date(start - i * 60_000).toISOString(),
  }));
  const requests: { cursor?: string; limit: number }[] = [];
  const pagePosts = new PagePosts();
  const read: ReadTimelinePage = async (account, params) => {
    requests.push(params);
    const from = params.cursor === undefined ? 0 : Number(params.cursor);
    const items = posts.slice(from, from + params.limit);
    const next = from + params.limit;
    const page = { items, nextCursor: next < posts.length ? String(next) : null };
    pagePosts.seen(account, page, params.cursor);
    return page;
  };
  return { pagePosts, read, requests };
}

const fromPanel = { sender: { kind: 'extension', url: `${ORIGIN}/sidepanel.html`, tabId: undefined } } as const;

describe('getPagePosts and readFurther', () => {
  it('answers the posts read so far that link to the page, with how far back they go', async () => {
    const { pagePosts, read } = timeline(3);
    const handlers = pagePostHandlers({ pagePosts, resolve: async () => ACCOUNT, read });
    await read(ACCOUNT, { limit: 20 });
    const answer = await handlers.getPagePosts({ url: `${PAGE}#section-2` }, fromPanel);
    expect(answer.posts.map((post) => post.id)).toEqual(['p0', 'p10']);
    expect(answer.reach).toEqual({ posts: 20, oldestAt: '2026-11-19T23:41:00.000Z', end: false, full: false });
  });

  it('keeps each platform apart', async () => {
    const { pagePosts, read } = timeline(1);
    await read(ACCOUNT, { limit: 20 });
    const handlers = pagePostHandlers({ pagePosts, resolve: async () => OTHER_PLATFORM, read });
    expect((await handlers.getPagePosts({ url: PAGE }, fromPanel)).posts).toEqual([]);
  });

  it('reads further with the cursor only (never the address), page after page, to the end', async () => {
    const { pagePosts, read, requests } = timeline(3);
    const handlers = pagePostHandlers({ pagePosts, resolve: async () => ACCOUNT, read });
    await read(ACCOUNT, { limit: 20 });
    const reach = await handlers.readFurther({ pages: 2 }, fromPanel);
    expect(requests).toEqual([{ limit: 20 }, { limit: 100, cursor: '20' }, { limit: 100, cursor: '120' }]);
    expect(reach).toMatchObject({ posts: 220, end: false });
    expect((await handlers.readFurther({}, fromPanel)).end).toBe(true);
    expect(JSON.stringify(requests)).not.toContain('news.example');
    expect((await handlers.getPagePosts({ url: PAGE }, fromPanel)).posts).toHaveLength(30);
  });

  it('a second "Read further" while one runs joins it', async () => {
    const { pagePosts, read } = timeline(3);
    const slow = vi.fn(read);
    const handlers = pagePostHandlers({ pagePosts, resolve: async () => ACCOUNT, read: slow });
    const [a, b] = await Promise.all([
      handlers.readFurther({ pages: 1 }, fromPanel),
      handlers.readFurther({ pages: 1 }, fromPanel),
    ]);
    expect(a).toEqual(b);
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it('stops reading further once it keeps as many posts as it may', async () => {
    const pagePosts = new PagePosts(150);
    const read: ReadTimelinePage = vi.fn(async (account, params) => {
      const from = Number(params.cursor ?? 0);
      const page = {
        items: Array.from({ length: params.limit }, (_, i) => ({
          id: `p${from + i}`,
          createdAt: new Date(1e12 - (from + i) * 1000).toISOString(),
        })),
        nextCursor: String(from + params.limit),
      };
      pagePosts.seen(account, page, params.cursor);
      return page;
    });
    const handlers = pagePostHandlers({ pagePosts, resolve: async () => ACCOUNT, read });
    expect(await handlers.readFurther({ pages: 5 }, fromPanel)).toMatchObject({ posts: 150, full: true });
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describe('attack: a page script asks which pages the user has read about', () => {
  it('the router refuses getPagePosts and readFurther from a content script before any handler runs', async () => {
    const { handlers, spies } = spyHandlers();
    const router = createRouter(handlers as Handlers, { extensionId: EXTENSION_ID, extensionOrigin: ORIGIN });
    for (const [i, type] of (['getPagePosts', 'readFurther'] as const).entries()) {
      const payload = type === 'getPagePosts' ? { url: PAGE } : {};
      const reply = await router({ type, payload }, { ...senders.content, tab: { id: 500 + i } });
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(spies[type]).not.toHaveBeenCalled();
    }
  });
});
