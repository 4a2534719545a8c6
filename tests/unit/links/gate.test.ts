import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { gateable, gateOpen, whenGateOpens } from '@/lib/links/gate';
import { createLinkMatcher } from '@/lib/links/match';
import { type PermalinkPattern, parsePermalinkPattern, patternsFor } from '@/lib/links/pattern';

const SITE = 'https://debate.example';
const site = createLinkMatcher(patternsFor({ siteOrigin: SITE, linkPatterns: [] }));

/** A document of its own holding `markup`: the gate reads only what it is given. */
function docWith(markup: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = markup;
  return doc;
}

const linkTo = (href: string) => {
  const doc = document.implementation.createHTMLDocument('page');
  const a = doc.createElement('a');
  a.setAttribute('href', href);
  doc.body.append(a);
  return doc;
};

afterEach(() => {
  document.body.replaceChildren();
});

describe('gateable', () => {
  const parsed = (source: string): PermalinkPattern => {
    const result = parsePermalinkPattern(source);
    if (!result.ok) throw new Error(source);
    return result.pattern;
  };

  it('holds for the site’s own pattern and extra ones under posts/, not for any other', () => {
    expect(gateable(patternsFor({ siteOrigin: SITE, linkPatterns: [] }))).toBe(true);
    expect(gateable([parsed('https://mirror.example/Posts/{id}/view')])).toBe(true);
    expect(gateable([parsed('https://debate.example/p/{id}')])).toBe(false);
    expect(gateable([parsed('https://short.example/{id}')])).toBe(false);
    expect(gateable(patternsFor({ siteOrigin: SITE, linkPatterns: ['https://x.example/p/{id}'] }))).toBe(false);
  });
});

describe('gateOpen', () => {
  it('stays shut on a page of links none of which says posts/', () => {
    const links = Array.from({ length: 50 }, (_, i) => `<a href="https://news.example/article/${i}">${i}</a>`);
    expect(gateOpen(docWith(links.join('')), '/2026/11/page.html')).toBe(false);
  });

  it('opens for a link that says posts/ in any spelling, a <base>, or a page under /posts/', () => {
    expect(gateOpen(linkTo(`${SITE}/posts/p_1`), '/')).toBe(true);
    expect(gateOpen(linkTo('POSTS/p_1'), '/')).toBe(true);
    expect(gateOpen(linkTo(String.raw`https://debate.example\posts\p_1`), '/')).toBe(true);
    expect(gateOpen(docWith('<base href="https://debate.example/posts/"><a href="p_1">x</a>'), '/')).toBe(true);
    expect(gateOpen(linkTo('p_2'), '/posts/p_1')).toBe(true);
    expect(gateOpen(linkTo('?ref=x'), '/Posts/p_1')).toBe(true);
  });

  it('never hides a post link: whatever a link and the page’s path, if it resolves to one the gate is open', () => {
    const segment = fc.constantFrom('posts', 'Posts', 'p_1', 'p_2', 'a', '..', '.', '', 'post', 'postsx');
    const path = fc.array(segment, { maxLength: 4 }).map((parts) => parts.join('/'));
    const separator = fc.constantFrom('/', '\\');
    const relative = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), separator)
      .map(([parts, sep]) => parts.join(sep));
    // Links built around a post's path, so that many of those drawn are post links.
    const aroundPost = fc
      .tuple(fc.array(segment, { maxLength: 2 }), separator, fc.constantFrom('', '/', '?q', '#c', '/?q'))
      .map(([before, sep, after]) => [...before, 'posts', `p_9${after}`].join(sep));
    const href = fc.oneof(
      relative,
      aroundPost,
      aroundPost.map((rest) => `/${rest}`),
      aroundPost.map((rest) => `${SITE}/${rest}`),
      relative.map((rest) => `/${rest}`),
      relative.map((rest) => `//debate.example/${rest}`),
      relative.map((rest) => `${SITE}/${rest}`),
      fc.constantFrom('?q=1', '#top', '', './', '../'),
    );
    let postLinks = 0;
    fc.assert(
      fc.property(path, href, fc.constantFrom(SITE, 'https://blog.example'), (pagePath, raw, host) => {
        const page = new URL(`${host}/${pagePath}`);
        if (site.match(raw, page.href) === null) return;
        postLinks += 1;
        expect(gateOpen(linkTo(raw), page.pathname)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    // Not a vacuous run: a good share of the links drawn were post links.
    expect(postLinks).toBeGreaterThan(100);
  });
});

describe('whenGateOpens', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('opens at once when the page already may hold a post link', () => {
    document.body.innerHTML = `<a href="${SITE}/posts/p_1">post</a>`;
    let opened = 0;
    whenGateOpens(document, { pathname: '/' }, new AbortController().signal, () => {
      opened += 1;
    });
    expect(opened).toBe(1);
  });

  it('waits for the page to add such a link, or to change a link to one, and opens once', async () => {
    document.body.innerHTML = '<a href="/about">about</a>';
    let opened = 0;
    whenGateOpens(document, { pathname: '/' }, new AbortController().signal, () => {
      opened += 1;
    });
    expect(opened).toBe(0);
    const box = document.createElement('div');
    box.innerHTML = '<span>nothing here</span>';
    document.body.append(box);
    await settle();
    expect(opened).toBe(0);
    document.querySelector('a')?.setAttribute('href', `${SITE}/posts/p_9`);
    await settle();
    expect(opened).toBe(1);
    const more = document.createElement('div');
    more.innerHTML = `<p><a href="${SITE}/posts/p_10">later</a></p>`;
    document.body.append(more);
    await settle();
    expect(opened).toBe(1);
  });

  it('opens when a page of the site moves under /posts/ (a single-page app), and never after a stop', async () => {
    const where = { pathname: '/' };
    let opened = 0;
    const stop = new AbortController();
    whenGateOpens(document, where, stop.signal, () => {
      opened += 1;
    });
    where.pathname = '/posts/p_3';
    document.body.append(document.createElement('div'));
    await settle();
    expect(opened).toBe(1);

    const stopped = new AbortController();
    let late = 0;
    whenGateOpens(document, { pathname: '/' }, stopped.signal, () => {
      late += 1;
    });
    stopped.abort();
    document.body.innerHTML = `<a href="${SITE}/posts/p_4">post</a>`;
    await settle();
    expect(late).toBe(0);
  });
});
