import { performance } from 'node:perf_hooks';
import { PagePosts, pagePostHandlers } from '../entrypoints/background/page-posts';
import type { Contribution } from '../lib/api/schemas';
import { PAGE_INDEX_CAPACITY } from '../lib/links/page-index';
import { createRouter } from '../lib/messages/router';
import type { AccountRecord } from '../lib/storage/accounts';
import { fmt, percentile, type Table } from './support/table';

/**
 * "This page": the lookup the side panel makes on every tab change, over a full index (10,000
 * posts read). In process, no browser: the index alone, then the whole message through the router
 * (zod at the door, the handler), without the IPC hop. Target: ≤ 5 ms p95 per tab change.
 */

const HOSTS = 200;
const PAGES_PER_HOST = 10;
const TAB_CHANGES = Number(process.env.BENCH_THIS_PAGE_CHANGES ?? 2_000);
const PAGE_SIZE = 100;
const ACCOUNT = { id: 'acct-bench', baseUrl: 'https://debate.example' } as AccountRecord;
const ORIGIN = 'chrome-extension://bench';

/** A small deterministic generator, so every run indexes the same posts. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const pageUrl = (host: number, page: number) => `https://www.site-${host}.example/news/2027/story-${page}`;
/** How a page's address looks in a post or a tab: tracked, with a fragment, or plain. */
function spelling(url: string, pick: number): string {
  if (pick < 0.3) return `${url}?utm_source=feed&utm_medium=social&fbclid=x${Math.floor(pick * 1e6)}`;
  if (pick < 0.5) return `${url}/#comments`;
  if (pick < 0.6) return url.replace('https://www.', 'http://');
  return url;
}

function timeline(total: number): Contribution[] {
  const next = random(7);
  const start = Date.UTC(2026, 10, 26);
  return Array.from({ length: total }, (_, i) => {
    const links = next() < 0.4 ? 1 + Math.floor(next() * 3) : 0;
    const urls = Array.from({ length: links }, () =>
      spelling(pageUrl(Math.floor(next() * HOSTS), Math.floor(next() * PAGES_PER_HOST)), next()),
    );
    return {
      id: `p${i}`,
      body: `Post ${i}: on the budget, transport and schools. ${urls.join(' and ')} What do you think?`,
      createdAt: new Date(start - i * 30_000).toISOString(),
      author: { id: `a${i % 50}`, handle: `user${i % 50}` },
    };
  });
}

/** One row: p50, p95 and max in µs (the lookups are far below a millisecond). */
function stats(label: string, times: number[]): (string | number)[] {
  const us = (ms: number) => fmt(ms * 1000);
  return [label, times.length, us(percentile(times, 50)), us(percentile(times, 95)), us(Math.max(...times))];
}

/** Runs the bench: one table of lookups per tab change, one of filling the index. */
export async function runThisPageBench(): Promise<Table[]> {
  const posts = timeline(PAGE_INDEX_CAPACITY + 2_000);
  const pagePosts = new PagePosts();
  const heapBefore = process.memoryUsage().heapUsed;
  const fill: number[] = [];
  for (let from = 0; from < posts.length; from += PAGE_SIZE) {
    const started = performance.now();
    pagePosts.seen(
      ACCOUNT,
      { items: posts.slice(from, from + PAGE_SIZE), nextCursor: String(from + PAGE_SIZE) },
      from === 0 ? undefined : String(from),
    );
    fill.push(performance.now() - started);
  }
  const heapAfter = process.memoryUsage().heapUsed;
  const index = pagePosts.of(ACCOUNT);

  // Tab changes: three in four to a page some post links to (in another spelling), the rest elsewhere.
  const next = random(11);
  const tabs = Array.from({ length: TAB_CHANGES }, () => {
    const host = Math.floor(next() * HOSTS);
    const url =
      next() < 0.75 ? pageUrl(host, Math.floor(next() * PAGES_PER_HOST)) : `https://elsewhere-${host}.example/a`;
    return spelling(url, next());
  });
  const lookups: number[] = [];
  let found = 0;
  for (const url of tabs) {
    const started = performance.now();
    found += index.lookup(url).length;
    lookups.push(performance.now() - started);
  }

  const handlers = pagePostHandlers({
    pagePosts,
    resolve: async () => ACCOUNT,
    read: async () => ({ items: [], nextCursor: null }),
  });
  const router = createRouter({ getPagePosts: handlers.getPagePosts } as never, {
    extensionId: 'bench',
    extensionOrigin: ORIGIN,
  });
  const messages: number[] = [];
  let answered = 0;
  for (const url of tabs) {
    const started = performance.now();
    const reply = await router(
      { type: 'getPagePosts', payload: { url } },
      { id: 'bench', url: `${ORIGIN}/sidepanel.html` },
    );
    messages.push(performance.now() - started);
    if (reply.ok) answered += 1;
  }
  if (answered !== tabs.length) throw new Error(`The router refused ${tabs.length - answered} lookups`);

  const reach = index.reach();
  return [
    {
      title: `This page: one lookup per tab change over ${reach.posts.toLocaleString('en')} posts read (µs)`,
      columns: ['What', 'Tab changes', 'p50', 'p95', 'max'],
      rows: [
        stats('index lookup (normalise + map get + sort)', lookups),
        stats('getPagePosts through the router (zod, handler)', messages),
      ],
      notes: [
        `${HOSTS * PAGES_PER_HOST} pages on ${HOSTS} sites; 40% of posts link to 1–3 of them in varied spellings; ` +
          `${fmt(found / TAB_CHANGES)} posts found per tab change on average. Target: ≤ 5 ms (5,000 µs) p95. In process, without the message's IPC hop.`,
      ],
    },
    {
      title: `This page: filling the index (pages of ${PAGE_SIZE}, kept to the newest ${PAGE_INDEX_CAPACITY.toLocaleString('en')})`,
      columns: ['Pages added', 'p50 per page (ms)', 'p95 per page (ms)', 'max (ms)', 'heap growth (MB)'],
      rows: [
        [
          fill.length,
          fmt(percentile(fill, 50)),
          fmt(percentile(fill, 95)),
          fmt(Math.max(...fill)),
          fmt((heapAfter - heapBefore) / 2 ** 20),
        ],
      ],
      notes: [
        "Heap growth: the index's own maps and entries (the posts were made before; only those with a link are kept).",
      ],
    },
  ];
}
