import { describe, expect, it } from 'vitest';
import { createLinkMatcher } from '@/lib/links/match';
import { patternsFor } from '@/lib/links/pattern';

const site = createLinkMatcher(
  patternsFor({ siteOrigin: 'https://debate.example', linkPatterns: ['https://mirror.example:8443/p/{id}/view'] }),
);
const PAGE = 'https://blog.example/2026/11/article.html';

describe('post links on the configured site', () => {
  it('finds the id of /posts/{id}', () => {
    expect(site.match('https://debate.example/posts/p_1')).toBe('p_1');
    expect(site.match('https://debate.example/posts/p_AbC09xyz-_:.1')).toBe('p_AbC09xyz-_:.1');
  });

  it('ignores query strings, fragments and one trailing slash', () => {
    expect(site.match('https://debate.example/posts/p_1?ref=feed&utm=x')).toBe('p_1');
    expect(site.match('https://debate.example/posts/p_1#c_9')).toBe('p_1');
    expect(site.match('https://debate.example/posts/p_1/')).toBe('p_1');
    expect(site.match('https://debate.example/posts/p_1/?a=1#b')).toBe('p_1');
    expect(site.match('https://debate.example/posts/p_1//')).toBeNull();
  });

  it('resolves relative links against the page', () => {
    expect(site.match('/posts/p_2', 'https://debate.example/')).toBe('p_2');
    expect(site.match('posts/p_3', 'https://debate.example/')).toBe('p_3');
    expect(site.match('../posts/p_4', 'https://debate.example/a/b')).toBe('p_4');
    expect(site.match('//debate.example/posts/p_5', PAGE)).toBe('p_5');
    expect(site.match('?x=1', 'https://debate.example/posts/p_6')).toBe('p_6');
    // A relative link on another site points to that site, not to the platform.
    expect(site.match('/posts/p_7', PAGE)).toBeNull();
  });

  it('treats the host case-insensitively and the default port as absent', () => {
    expect(site.match('HTTPS://DEBATE.EXAMPLE/posts/p_1')).toBe('p_1');
    expect(site.match('https://Debate.Example:443/posts/p_1')).toBe('p_1');
    expect(site.match('https://debate.example:8443/posts/p_1')).toBeNull();
    expect(site.match('http://debate.example/posts/p_1')).toBeNull();
  });

  it('keeps the path case-sensitive and exact', () => {
    expect(site.match('https://debate.example/Posts/p_1')).toBeNull();
    expect(site.match('https://debate.example/posts')).toBeNull();
    expect(site.match('https://debate.example/posts/')).toBeNull();
    expect(site.match('https://debate.example/posts/p_1/comments')).toBeNull();
    expect(site.match('https://debate.example/api/posts/p_1')).toBeNull();
  });

  it('validates the id like the protocol does', () => {
    expect(site.match('https://debate.example/posts/%70_1')).toBe('p_1');
    expect(site.match('https://debate.example/posts/..')).toBeNull();
    expect(site.match('https://debate.example/posts/.hidden')).toBeNull();
    expect(site.match('https://debate.example/posts/a%20b')).toBeNull();
    expect(site.match('https://debate.example/posts/%E9')).toBeNull();
    expect(site.match('https://debate.example/posts/%ZZ')).toBeNull();
    expect(site.match(`https://debate.example/posts/${'a'.repeat(100)}`)).toBe('a'.repeat(100));
    expect(site.match(`https://debate.example/posts/${'a'.repeat(101)}`)).toBeNull();
  });
});

describe('look-alike links never match', () => {
  const lookalikes = [
    'https://debate.example.evil.com/posts/p_1',
    'https://evil.com/debate.example/posts/p_1',
    'https://evil.com/posts/p_1?u=https://debate.example/posts/p_1',
    'https://evil.com/#https://debate.example/posts/p_1',
    'https://debate.example@evil.com/posts/p_1',
    'https://debate.example:443@evil.com/posts/p_1',
    'https://user:pass@debate.example/posts/p_1',
    'https://user@debate.example/posts/p_1',
    'https://debate.example%2F@evil.com/posts/p_1',
    'https://xn--dbate-bva.example/posts/p_1',
    'https://dеbate.example/posts/p_1', // Cyrillic е
    'https://debate.example./posts/p_1',
    'https://debate-example.com/posts/p_1',
    'https://notdebate.example/posts/p_1',
    'javascript:alert(1)//debate.example/posts/p_1',
    'data:text/html,https://debate.example/posts/p_1',
    'ftp://debate.example/posts/p_1',
    'https://debate.example\\@evil.com/posts/p_1',
  ];
  for (const href of lookalikes) {
    it(href, () => expect(site.match(href, PAGE)).toBeNull());
  }

  it('parses a fullwidth host to the real one, as the browser does (same site, so it matches)', () => {
    expect(site.match('https://ｄｅｂａｔｅ.example/posts/p_1')).toBe('p_1');
  });
});

describe('extra patterns', () => {
  it('match their own host, port and path shape', () => {
    expect(site.match('https://mirror.example:8443/p/p_9/view')).toBe('p_9');
    expect(site.match('https://mirror.example:8443/p/p_9/view/?q#f')).toBe('p_9');
    expect(site.match('https://mirror.example/p/p_9/view')).toBeNull();
    expect(site.match('https://mirror.example:8443/p/p_9')).toBeNull();
    expect(site.match('https://mirror.example:8443/posts/p_9')).toBeNull();
  });

  it('work with the id right after the host', () => {
    const short = createLinkMatcher(patternsFor({ siteOrigin: null, linkPatterns: ['https://dbt.example/{id}'] }));
    expect(short.match('https://DBT.example/p_1')).toBe('p_1');
    expect(short.match('https://dbt.example/')).toBeNull();
    expect(short.match('https://dbt.example/a/b')).toBeNull();
  });

  it('skip invalid patterns and match nothing without any', () => {
    const none = createLinkMatcher(
      patternsFor({ siteOrigin: null, linkPatterns: ['not a pattern', 'https://x/{id}/{id}'] }),
    );
    expect(none.match('https://x/p_1/p_1')).toBeNull();
  });

  it('match a loopback site with its port', () => {
    const sandbox = createLinkMatcher(patternsFor({ siteOrigin: 'http://127.0.0.1:8787', linkPatterns: [] }));
    expect(sandbox.match('http://127.0.0.1:8787/posts/p_0EqnZPnMPDAFOG')).toBe('p_0EqnZPnMPDAFOG');
    expect(sandbox.match('http://127.0.0.1:8788/posts/p_1')).toBeNull();
    expect(sandbox.match('http://localhost:8787/posts/p_1')).toBeNull();
    expect(sandbox.match('/posts/p_1', 'http://127.0.0.1:8787/')).toBe('p_1');
  });
});
