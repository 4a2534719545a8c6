import { describe, expect, it } from 'vitest';
import { isHttpUrl, splitLinks } from '@/lib/ui/text-links';

describe('splitLinks', () => {
  it('turns http(s) addresses into links and leaves the rest as text', () => {
    expect(splitLinks('See https://example.org/a?b=1, and http://x.test/.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: ', and ' },
      { text: 'http://x.test/', href: 'http://x.test/' },
      { text: '.' },
    ]);
  });

  it('keeps a closing parenthesis that belongs to the address, drops one that closes the sentence', () => {
    expect(splitLinks('(see https://en.wikipedia.org/wiki/Foo_(bar))')).toEqual([
      { text: '(see ' },
      { text: 'https://en.wikipedia.org/wiki/Foo_(bar)', href: 'https://en.wikipedia.org/wiki/Foo_(bar)' },
      { text: ')' },
    ]);
  });

  it('never links other schemes, and keeps markup as plain text', () => {
    const text = 'javascript:alert(1) <img src=x onerror=alert(1)> data:text/html,hi';
    expect(splitLinks(text)).toEqual([{ text }]);
  });

  it('returns nothing for empty text', () => {
    expect(splitLinks('')).toEqual([]);
  });
});

describe('isHttpUrl', () => {
  it('accepts http and https only', () => {
    expect(isHttpUrl('https://a.test/p')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
    expect(isHttpUrl(undefined)).toBe(false);
  });
});
