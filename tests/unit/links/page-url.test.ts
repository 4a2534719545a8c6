import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTrackingParam, MAX_LINKS_PER_POST, normalizePageUrl, pageLinksIn } from '@/lib/links/page-url';

const PAGE = 'https://example.com/news/budget-2027';

describe('normalizePageUrl: every spelling of one page gives one key', () => {
  it.each([
    'https://example.com/news/budget-2027',
    'http://example.com/news/budget-2027',
    'https://www.example.com/news/budget-2027',
    'https://EXAMPLE.com/news/budget-2027/',
    'https://example.com:443/news/budget-2027',
    'http://example.com:80/news/budget-2027',
    'https://example.com/news/budget-2027#comments',
    'https://example.com/news/budget-2027?utm_source=x&utm_medium=social&utm_campaign=y',
    'https://example.com/news/budget-2027?fbclid=abc&gclid=def&mc_cid=1&mc_eid=2&ref=home',
    'https://user:secret@example.com/news/budget-2027',
  ])('%s', (spelling) => {
    expect(normalizePageUrl(spelling)).toBe(PAGE);
  });

  it('sorts the query parameters that name the page, and keeps them', () => {
    expect(normalizePageUrl('https://example.com/search?q=bus&page=2&utm_source=x')).toBe(
      'https://example.com/search?page=2&q=bus',
    );
    expect(normalizePageUrl('https://example.com/search?q=bus')).not.toBe(
      normalizePageUrl('https://example.com/search?q=tram'),
    );
  });

  it('keeps what tells pages apart: path case, other ports, other hosts', () => {
    expect(normalizePageUrl('https://example.com/A')).not.toBe(normalizePageUrl('https://example.com/a'));
    expect(normalizePageUrl('https://example.com:8080/a')).toBe('https://example.com:8080/a');
    expect(normalizePageUrl('https://news.example.com/a')).not.toBe(normalizePageUrl('https://example.com/a'));
  });

  it('refuses what is not an http(s) address', () => {
    for (const raw of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://example.com/a',
      'not a url',
      '',
      'chrome://newtab',
    ]) {
      expect(normalizePageUrl(raw)).toBeUndefined();
    }
  });

  it('knows the tracking parameters by name and by prefix, in any case', () => {
    for (const name of [
      'utm_source',
      'UTM_Medium',
      'utm-content',
      'fbclid',
      'gclid',
      'mc_cid',
      'mc_eid',
      'ref',
      'msclkid',
    ]) {
      expect(isTrackingParam(name)).toBe(true);
    }
    for (const name of ['q', 'id', 'page', 'reference', 'utmost']) expect(isTrackingParam(name)).toBe(false);
  });
});

/** Addresses built from parts, with the variations a shared link picks up. */
const pageArb = fc.record({
  host: fc.domain(),
  path: fc.array(fc.stringMatching(/^[A-Za-z0-9_.~-]{1,8}$/), { maxLength: 4 }),
  params: fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[A-Za-z0-9 &=%+]{0,6}$/)), {
    maxLength: 4,
    selector: ([name]) => name,
  }),
});

describe('normalizePageUrl: properties', () => {
  it('normalising twice gives what normalising once gave', () => {
    // Built from parts (fast-check's webUrl is slow to generate): odd hosts, ports, encodings, queries.
    const rawArb = fc
      .tuple(
        fc.constantFrom('http', 'https', 'HTTPS'),
        fc.constantFrom('', 'www.', 'www.www.', 'WWW.'),
        fc.domain(),
        fc.constantFrom('', ':80', ':443', ':8080'),
        fc.stringMatching(/^[/A-Za-z0-9%._~+ -]{0,12}$/),
        fc.stringMatching(/^[?&=A-Za-z0-9%+ _-]{0,16}$/),
        fc.stringMatching(/^(#[a-z0-9]{0,4})?$/),
      )
      .map(
        ([scheme, www, host, port, path, query, fragment]) =>
          `${scheme}://${www}${host}${port}/${path}${query}${fragment}`,
      );
    fc.assert(
      fc.property(rawArb, (raw) => {
        const once = normalizePageUrl(raw);
        if (once === undefined) return;
        expect(normalizePageUrl(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('a variant (scheme, www., case, slash, fragment, tracking, order) matches its page', () => {
    fc.assert(
      fc.property(
        pageArb,
        fc.record({
          http: fc.boolean(),
          www: fc.boolean(),
          upper: fc.boolean(),
          slash: fc.boolean(),
          fragment: fc.option(fc.stringMatching(/^[a-z0-9]{0,6}$/), { nil: undefined }),
          tracking: fc.subarray(['utm_source=news', 'utm_campaign=x', 'fbclid=1', 'gclid=2', 'mc_eid=3', 'ref=top']),
          reverse: fc.boolean(),
        }),
        ({ host, path, params }, v) => {
          const query = (list: [string, string][]) => new URLSearchParams(list).toString();
          const plain = `https://${host}/${path.join('/')}${params.length > 0 ? `?${query(params)}` : ''}`;
          const kept = v.reverse ? [...params].reverse() : params;
          const search = [query(kept), ...v.tracking].filter((part) => part !== '').join('&');
          const variant =
            `${v.http ? 'http' : 'https'}://${v.www ? 'www.' : ''}${v.upper ? host.toUpperCase() : host}` +
            `/${path.join('/')}${v.slash ? '/' : ''}${search === '' ? '' : `?${search}`}` +
            `${v.fragment === undefined ? '' : `#${v.fragment}`}`;
          expect(normalizePageUrl(variant)).toBe(normalizePageUrl(plain));
        },
      ),
    );
  });
});

describe('pageLinksIn', () => {
  it('finds the addresses in a post, normalised, without repeats, as the panel draws them', () => {
    const body = `Read this (${PAGE}?utm_source=x). Also https://www.example.com/news/budget-2027/#top, and https://other.example/b.`;
    expect(pageLinksIn(body)).toEqual([PAGE, 'https://other.example/b']);
  });

  it('finds an address spelled in capitals', () => {
    expect(pageLinksIn('Shouting: HTTP://Example.com/news/budget-2027/#top')).toEqual([PAGE]);
  });

  it('finds none in text without addresses, and ignores javascript: and the like', () => {
    expect(pageLinksIn(undefined)).toEqual([]);
    expect(pageLinksIn('no links here')).toEqual([]);
    expect(pageLinksIn('javascript:alert(1) data:text/html,hi')).toEqual([]);
  });

  it(`indexes at most ${MAX_LINKS_PER_POST} pages of one post`, () => {
    const body = Array.from({ length: 80 }, (_, i) => `https://example.com/${i}`).join(' ');
    expect(pageLinksIn(body)).toHaveLength(MAX_LINKS_PER_POST);
  });
});
