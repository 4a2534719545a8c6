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
    expect(gateable([parsed('https://mirror.example/posts/{id}/view')])).toBe(true);
    // Paths are case-sensitive: the gate looks for posts/ as written.
    expect(gateable([parsed('https://mirror.example/Posts/{id}')])).toBe(false);
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

  it('opens for a link that says posts/, a <base>, or a page under /posts/', () => {
    expect(gateOpen(linkTo(`${SITE}/posts/p_1`), '/')).toBe(true);
    expect(gateOpen(linkTo('posts/p_1'), '/')).toBe(true);
    expect(gateOpen(docWith('<base href="https://debate.example/posts/"><a href="p_1">x</a>'), '/')).toBe(true);
    expect(gateOpen(linkTo('p_2'), '/posts/p_1')).toBe(true);
    expect(gateOpen(linkTo('?ref=x'), '/posts/p_1')).toBe(true);
  });

  it('does not see a link spelled with backslashes: the one spelling it leaves to the page', () => {
    // The URL parser reads `\` as `/`, and the site's pattern matches the link; the gate (like the
    // candidate selector on other sites since the start) reads the raw attribute. Once any link
    // opens the gate, the whole page is scanned, this one included.
    const raw = String.raw`https://debate.example\posts\p_1`;
    expect(site.match(raw)).toBeNull();
    expect(site.match(new URL(raw).href)).toBe('p_1');
    expect(gateOpen(linkTo(raw), '/')).toBe(false);
  });

  it('never hides a post link: whatever a link and the page’s path, if it resolves to one the gate is open', () => {
    const segment = fc.constantFrom('posts', 'Posts', 'p_1', 'p_2', 'a', '..', '.', '', 'post', 'postsx');
    const path = fc.array(segment, { maxLength: 4 }).map((parts) => parts.join('/'));
    const relative = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
    // Links built around a post's path, so that many of those drawn are post links.
    const aroundPost = fc
      .tuple(fc.array(segment, { maxLength: 2 }), fc.constantFrom('', '/', '?q', '#c', '/?q'))
      .map(([before, after]) => [...before, 'posts', `p_9${after}`].join('/'));
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
    whenGateOpens(document, { pathname: '/' }, () => {
      opened += 1;
    });
    expect(opened).toBe(1);
  });

  it('waits for the page to add such a link, or to change a link to one, and opens once', async () => {
    document.body.innerHTML = '<a href="/about">about</a>';
    let opened = 0;
    whenGateOpens(document, { pathname: '/' }, () => {
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
    whenGateOpens(document, where, () => {
      opened += 1;
    });
    where.pathname = '/posts/p_3';
    document.body.append(document.createElement('div'));
    await settle();
    expect(opened).toBe(1);

    let late = 0;
    const close = whenGateOpens(document, { pathname: '/' }, () => {
      late += 1;
    });
    close();
    document.body.innerHTML = `<a href="${SITE}/posts/p_4">post</a>`;
    await settle();
    expect(late).toBe(0);
  });
});
