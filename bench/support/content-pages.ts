/**
 * The pages of the content-script benchmark, served from the origin the extension is configured
 * for (so post links are `/posts/{id}` of "the platform's site").
 */

/** Links in the big page, and how many of them point to posts. */
export const LINKS = 10_000;
export const POST_LINKS = 1_000;
/** Nodes the big page adds per second while the benchmark watches, and for how long. */
export const NODES_PER_SECOND = 1_000;
export const ADD_SECONDS = 5;
/** Screens the big page's reader then reads back up, one a second. */
export const READ_SCREENS = 10;

/**
 * Measures in the page itself (main world): long tasks (PerformanceObserver 'longtask'), when each
 * bar host appears after its post link (an element inserted right after `a.post`), and when the
 * post links within reach (three screens from the top) have one.
 */
const PROBE = `
window.__bench = { longTasks: [], scrollAt: null, readAt: null, hosts: 0, inReach: null, inReachAt: null, lags: [], addedAt: new Map(), scrolled: false };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });
new MutationObserver((records) => {
  const now = performance.now();
  const bench = window.__bench;
  for (const record of records) for (const node of record.addedNodes) {
    const before = node.previousElementSibling;
    if (node.nodeType !== 1 || node.localName !== 'span' || !before || !before.classList.contains('post')) continue;
    bench.hosts += 1;
    if (bench.inReach !== null && bench.inReachAt === null && bench.hosts >= bench.inReach) bench.inReachAt = now;
    const added = bench.addedAt.get(before);
    if (added !== undefined) bench.lags.push(now - added);
  }
}).observe(document, { childList: true, subtree: true });
addEventListener('DOMContentLoaded', () => {
  const reach = innerHeight * 3;
  window.__bench.inReach = [...document.querySelectorAll('a.post')].filter((a) => a.getBoundingClientRect().top < reach).length;
});
`;

/**
 * 10,000 links in 1,000 articles of 10 links each, one of which links to a post of `site`; then
 * 1,000 nodes a second added at the top of the feed (an infinite feed's new items), then a scroll
 * through the whole page. `still`: the same page without that activity.
 */
export function bigPage(site: string, options: { still?: boolean } = {}): string {
  const articles: string[] = [];
  for (let a = 0; a < LINKS / 10; a += 1) {
    const links: string[] = [];
    for (let l = 0; l < 10; l += 1) {
      const n = a * 10 + l;
      links.push(
        l === 3
          ? `<a class="post" href="${site}/posts/p_bench${a}">post ${a}</a>`
          : `<a href="/articles/${n}?ref=feed">article ${n}</a>`,
      );
    }
    articles.push(`<article><h2>Item ${a}</h2><p>${links.join(' · ')}</p></article>`);
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>big</title><script>${PROBE}</script></head>
<body><main id="feed">${articles.join('\n')}</main>
${options.still === true ? '' : feedScript(site)}</body></html>`;
}

/** The big page's activity: 1,000 nodes a second added at the top for a while, then a scroll to the end, then a slow read back up. */
function feedScript(site: string): string {
  const perTick = NODES_PER_SECOND / 10;
  return `<script>
addEventListener('load', () => {
  const feed = document.getElementById('feed');
  let tick = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const batch = document.createDocumentFragment();
    for (let i = 0; i < ${perTick}; i += 1) {
      const n = tick * ${perTick} + i;
      const p = document.createElement('p');
      const a = document.createElement('a');
      if (n % 10 === 0) { a.className = 'post'; a.href = '${site}/posts/p_late' + n; window.__bench.addedAt.set(a, now); }
      else a.href = '/articles/late' + n;
      a.textContent = 'late ' + n;
      p.append('New: ', a);
      batch.append(p);
    }
    feed.prepend(batch);
    if (++tick === ${ADD_SECONDS * 10}) {
      clearInterval(timer);
      // Then the reader scrolls through everything, a screen every 50 ms.
      window.__bench.scrollAt = performance.now();
      const scroller = setInterval(() => {
        scrollBy(0, innerHeight);
        if (innerHeight + scrollY >= document.documentElement.scrollHeight - 2) {
          clearInterval(scroller);
          // Then reads back up, a screen a second (Page Up), for ${READ_SCREENS} screens.
          window.__bench.readAt = performance.now();
          let screens = 0;
          const reader = setInterval(() => {
            scrollBy(0, -innerHeight);
            if (++screens === ${READ_SCREENS}) {
              clearInterval(reader);
              window.__bench.scrolled = true;
            }
          }, 1000);
        }
      }, 50);
    }
  }, 100);
});
</script>`;
}

/** Links in the plain page (none to posts). */
export const PLAIN_LINKS = 2_000;

/** An ordinary article page: text and 2,000 links, none of them to a post. */
export function plainPage(): string {
  const paragraphs: string[] = [];
  for (let p = 0; p < 200; p += 1) {
    const links = Array.from({ length: 10 }, (_, i) => `<a href="/wiki/topic_${p}_${i}">topic ${p}.${i}</a>`).join(
      ', ',
    );
    paragraphs.push(`<p>Paragraph ${p} of an ordinary article, citing ${links}.</p>`);
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>plain</title></head><body><main>${paragraphs.join('\n')}</main></body></html>`;
}

/** Post links in the sparse page, among its {@link LINKS} links. */
export const SPARSE_POST_LINKS = 50;

/**
 * A long still page of {@link LINKS} links, {@link SPARSE_POST_LINKS} of them to posts of `site`
 * (spread evenly, each with class `post`): a news page citing a few posts among its own links.
 */
export function sparsePage(site: string): string {
  const every = LINKS / SPARSE_POST_LINKS;
  const paragraphs: string[] = [];
  for (let p = 0; p < LINKS / 10; p += 1) {
    const links = Array.from({ length: 10 }, (_, i) => {
      const n = p * 10 + i;
      return n % every === every / 2
        ? `<a class="post" href="${site}/posts/p_sparse${n}">post ${n}</a>`
        : `<a href="/section/${n}?ref=page">story ${n}</a>`;
    });
    paragraphs.push(`<p>Paragraph ${p}: ${links.join(', ')}.</p>`);
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>sparse</title></head><body><main>${paragraphs.join('\n')}</main></body></html>`;
}
