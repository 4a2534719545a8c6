import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserIdle, type IdleDeadlineLike } from '@/lib/links/idle';
import { candidateSelector, createLinkMatcher } from '@/lib/links/match';
import { patternsFor } from '@/lib/links/pattern';
import { type FoundLink, startLinkScanner } from '@/lib/links/scanner';

const SITE = 'https://debate.example';
const matcher = createLinkMatcher(patternsFor({ siteOrigin: SITE, linkPatterns: [] }));
const match = (href: string) => matcher.match(href);

/** An idle scheduler the test drives: each `flush` runs the pending callback with a budget of `links` checks. */
function manualIdle() {
  const pending: ((deadline: IdleDeadlineLike) => void)[] = [];
  return {
    scheduler: (callback: (deadline: IdleDeadlineLike) => void) => {
      pending.push(callback);
      return () => {
        const at = pending.indexOf(callback);
        if (at >= 0) pending.splice(at, 1);
      };
    },
    get pending() {
      return pending.length;
    },
    /** Runs the next idle callback; `calls` is how many times its deadline says there is time left. */
    flush(calls = Number.POSITIVE_INFINITY) {
      const callback = pending.shift();
      let left = calls;
      callback?.({ didTimeout: false, timeRemaining: () => (left-- > 0 ? 10 : 0) });
    },
    flushAll() {
      while (pending.length > 0) this.flush();
    },
  };
}

/** Lets MutationObserver records be delivered (a microtask checkpoint). */
const mutationsDelivered = () => new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => undefined);

function link(href: string, text = 'post'): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  return a;
}

describe('the link scanner', () => {
  let controller: AbortController;
  let batches: FoundLink[][];
  const onFound = (found: FoundLink[]) => batches.push(found);

  beforeEach(() => {
    document.body.innerHTML = '';
    controller = new AbortController();
    batches = [];
  });
  afterEach(() => controller.abort());
  /** A scanner that handles added links at once (in the observer's callback), on an idle scheduler the test drives. */
  const startQuick = (options: { selector?: string; scanNow?: boolean } = {}) => {
    const idle = manualIdle();
    startLinkScanner({
      root: document,
      match,
      onFound,
      signal: controller.signal,
      idle: idle.scheduler,
      quickMs: 1000,
      ...options,
    });
    return idle;
  };

  it('finds the post links already in the page in idle time, in one batch, and nothing else', () => {
    document.body.innerHTML = `
      <p><a href="${SITE}/posts/p_1">one</a> <a href="https://elsewhere.example/posts/p_2">no</a></p>
      <p><a href="${SITE}/posts/p_3?x=1#c">three</a> <a>no href</a> <a href="${SITE}/about">about</a></p>
      <div contenteditable="true"><a href="${SITE}/posts/p_4">being edited</a></div>
      <div contenteditable="false"><a href="${SITE}/posts/p_5">read-only island</a></div>
      <svg><a href="${SITE}/posts/p_6"><text>svg</text></a></svg>`;
    const idle = manualIdle();
    startLinkScanner({ root: document, match, onFound, signal: controller.signal, idle: idle.scheduler });
    expect(batches).toEqual([]);
    idle.flushAll();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((f) => f.postId)).toEqual(['p_1', 'p_3', 'p_5']);
  });

  it('with scanNow false schedules nothing for the page as it is, and still finds what it adds', async () => {
    document.body.innerHTML = `<p><a href="/wiki/a">a</a> <a href="/wiki/b">b</a></p>`;
    const idle = startQuick({
      selector: candidateSelector(patternsFor({ siteOrigin: SITE, linkPatterns: [] }), false),
      scanNow: false,
    });
    expect(idle.pending).toBe(0);
    document.body.append(link(`${SITE}/posts/p_late`));
    await mutationsDelivered();
    expect(batches.map((b) => b.map((f) => f.postId))).toEqual([['p_late']]);
  });

  it('batches links added later: many mutations, one idle slice, one batch', async () => {
    const idle = manualIdle();
    startLinkScanner({ root: document, match, onFound, signal: controller.signal, idle: idle.scheduler, quickMs: 0 });
    idle.flushAll();
    for (let i = 0; i < 50; i += 1) {
      const item = document.createElement('article');
      item.append(link(`${SITE}/posts/p_${i}`));
      document.body.append(item);
    }
    document.body.append(link('/posts/relative-but-other-site'));
    await mutationsDelivered();
    expect(idle.pending).toBe(1);
    idle.flushAll();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(50);
  });

  it('handles a few added links at once, in the observer callback, and leaves a big addition to idle time', async () => {
    const idle = startQuick();
    idle.flushAll();
    const item = document.createElement('li');
    item.append(link(`${SITE}/posts/p_1`), link(`${SITE}/posts/p_2`));
    document.body.append(item);
    await mutationsDelivered();
    // Found before the page's next frame: the bar joins the page's own layout.
    expect(batches.map((b) => b.map((f) => f.postId))).toEqual([['p_1', 'p_2']]);
    expect(idle.pending).toBe(0);
    controller.abort();

    // A budget under a millisecond does the least unit of work at once (one subtree, 64 links) and defers the rest.
    const next = new AbortController();
    startLinkScanner({ root: document, match, onFound, signal: next.signal, idle: idle.scheduler, quickMs: 0.5 });
    idle.flushAll();
    batches = [];
    const feed = document.createElement('ul');
    for (let i = 0; i < 300; i += 1) feed.append(link(`${SITE}/posts/p_${i + 10}`));
    document.body.append(feed);
    await mutationsDelivered();
    expect(batches.flat()).toHaveLength(64);
    expect(idle.pending).toBe(1);
    idle.flushAll();
    expect(batches.flat()).toHaveLength(300);
    next.abort();
  });

  it('spreads a big page over several slices within the idle deadlines, finding each link once', () => {
    const html: string[] = [];
    for (let i = 0; i < 2000; i += 1) html.push(`<a href="${SITE}/${i % 2 === 0 ? 'posts' : 'users'}/p_${i}">x</a>`);
    document.body.innerHTML = html.join('');
    const idle = manualIdle();
    const scanner = startLinkScanner({
      root: document,
      match,
      onFound,
      signal: controller.signal,
      idle: idle.scheduler,
    });
    let slices = 0;
    while (idle.pending > 0) {
      idle.flush(3);
      slices += 1;
    }
    expect(slices).toBeGreaterThan(5);
    const ids = batches.flat().map((f) => f.postId);
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    expect(scanner.stats()).toMatchObject({ checked: 2000, found: 1000 });
  });

  it('reports a decorated link again when its href changes, and not when it stays the same', async () => {
    document.body.innerHTML = `<a id="a" href="${SITE}/posts/p_1">one</a>`;
    const idle = manualIdle();
    const scanner = startLinkScanner({
      root: document,
      match,
      onFound,
      signal: controller.signal,
      idle: idle.scheduler,
    });
    idle.flushAll();
    const a = document.getElementById('a') as HTMLAnchorElement;

    a.setAttribute('href', `${SITE}/posts/p_1`); // same value: a recycled row with the same post
    await mutationsDelivered();
    idle.flushAll();
    expect(batches).toHaveLength(1);

    a.setAttribute('href', `${SITE}/posts/p_2`); // recycled for another post
    await mutationsDelivered();
    idle.flushAll();
    a.setAttribute('href', 'https://elsewhere.example/'); // no longer a post link
    await mutationsDelivered();
    idle.flushAll();
    a.removeAttribute('href');
    await mutationsDelivered();
    idle.flushAll();

    expect(batches.map((b) => b.map((f) => f.postId))).toEqual([['p_1'], ['p_2'], [null]]);
    // The same href is not matched again; a link without href that was no post link is not looked at.
    expect(scanner.stats().checked).toBe(3);
  });

  it('moves a link without checking it again', async () => {
    document.body.innerHTML = `<div id="from"><a href="${SITE}/posts/p_1">one</a></div><div id="to"></div>`;
    const idle = manualIdle();
    const scanner = startLinkScanner({
      root: document,
      match,
      onFound,
      signal: controller.signal,
      idle: idle.scheduler,
    });
    idle.flushAll();
    document.getElementById('to')?.append(document.querySelector('a') as HTMLAnchorElement);
    await mutationsDelivered();
    idle.flushAll();
    expect(batches).toHaveLength(1);
    expect(scanner.stats().checked).toBe(1);
  });

  it('stops watching and drops pending work when its signal aborts', async () => {
    const idle = manualIdle();
    const scanner = startLinkScanner({
      root: document,
      match,
      onFound,
      signal: controller.signal,
      idle: idle.scheduler,
      quickMs: 0,
    });
    idle.flushAll();
    document.body.append(link(`${SITE}/posts/p_1`));
    await mutationsDelivered();
    expect(idle.pending).toBe(1);
    controller.abort();
    expect(idle.pending).toBe(0);
    document.body.append(link(`${SITE}/posts/p_2`));
    await mutationsDelivered();
    expect(idle.pending).toBe(0);
    expect(batches).toEqual([]);
    expect(scanner.stats().mutationBatches).toBe(1);
  });
});

describe('candidate links', () => {
  it('only links whose raw href may match are touched from script', async () => {
    const patterns = patternsFor({ siteOrigin: SITE, linkPatterns: ['https://dbt.example/{id}'] });
    const selector = candidateSelector(patterns, false);
    expect(selector).toBe('a[href*="/posts/"],a[href*="dbt.example" i]');
    expect(candidateSelector(patterns, true)).toBe('a[href]');
    const fullMatcher = createLinkMatcher(patterns);
    const html: string[] = [];
    for (let i = 0; i < 1000; i += 1) html.push(`<a href="/wiki/topic_${i}">t</a>`);
    html.push(
      `<a href="${SITE}/posts/p_1">1</a>`,
      '<a href="https://DBT.example/p_2">2</a>',
      '<a href="/posts/p_3">3</a>',
    );
    document.body.innerHTML = html.join('');
    const controller = new AbortController();
    const found: FoundLink[] = [];
    const idle = manualIdle();
    const scanner = startLinkScanner({
      root: document,
      match: (href) => fullMatcher.match(href),
      selector,
      onFound: (f) => found.push(...f),
      signal: controller.signal,
      idle: idle.scheduler,
    });
    idle.flushAll();
    // `/posts/p_3` is relative: on another site it points to that site (happy-dom's page is not the platform).
    expect(found.map((f) => f.postId)).toEqual(['p_1', 'p_2']);
    expect(scanner.stats().checked).toBe(3);
    // A link that becomes a candidate later is seen; a decorated one that stops being one is reported.
    const late = document.querySelector('a[href="/wiki/topic_5"]') as HTMLAnchorElement;
    late.setAttribute('href', `${SITE}/posts/p_5`);
    const first = document.querySelector(`a[href="${SITE}/posts/p_1"]`) as HTMLAnchorElement;
    first.setAttribute('href', '/wiki/elsewhere');
    await mutationsDelivered();
    idle.flushAll();
    expect(found.slice(2).map((f) => f.postId)).toEqual(['p_5', null]);
    controller.abort();
  });
});

describe('idle scheduling without requestIdleCallback', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.stubGlobal('requestIdleCallback', undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('falls back to a timer and grants a short slice', () => {
    const seen: number[] = [];
    browserIdle((deadline) => seen.push(deadline.timeRemaining()), 1000);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[0]).toBeLessThanOrEqual(8);
  });

  it('can be cancelled', () => {
    const callback = vi.fn();
    const cancel = browserIdle(callback, 1000);
    cancel();
    vi.advanceTimersByTime(100);
    expect(callback).not.toHaveBeenCalled();
  });

  it('drives the scanner to the end of a page in timer slices', () => {
    const controller = new AbortController();
    document.body.innerHTML = Array.from({ length: 300 }, (_, i) => `<a href="${SITE}/posts/p_${i}">x</a>`).join('');
    const found: FoundLink[] = [];
    startLinkScanner({ root: document, match, onFound: (f) => found.push(...f), signal: controller.signal });
    vi.advanceTimersByTime(1000);
    expect(found).toHaveLength(300);
    controller.abort();
  });
});
