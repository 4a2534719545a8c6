import { describe, expect, it } from 'vitest';
import { parsePermalinkPattern, patternsFor, sitePattern } from '@/lib/links/pattern';

describe('parsePermalinkPattern', () => {
  it('parses host, port and the segments around the id', () => {
    const result = parsePermalinkPattern(' https://Debate.Example:8443/a/b/{id}/c/ ');
    expect(result).toEqual({
      ok: true,
      pattern: {
        source: 'https://Debate.Example:8443/a/b/{id}/c/',
        protocol: 'https:',
        host: 'debate.example:8443',
        hostname: 'debate.example',
        before: ['a', 'b'],
        after: ['c'],
      },
    });
  });

  it('drops the default port and a query or fragment in the pattern', () => {
    const result = parsePermalinkPattern('https://debate.example:443/p/{id}?x=1#y');
    expect(result.ok && result.pattern.host).toBe('debate.example');
  });

  it('says why a pattern is refused', () => {
    expect(parsePermalinkPattern('https://debate.example/p/')).toEqual({ ok: false, error: 'no_id' });
    expect(parsePermalinkPattern('https://debate.example/{id}/{id}')).toEqual({ ok: false, error: 'several_ids' });
    expect(parsePermalinkPattern('debate.example/p/{id}')).toEqual({ ok: false, error: 'invalid' });
    expect(parsePermalinkPattern('ftp://debate.example/p/{id}')).toEqual({ ok: false, error: 'not_http' });
    expect(parsePermalinkPattern('https://u:p@debate.example/p/{id}')).toEqual({ ok: false, error: 'credentials' });
    expect(parsePermalinkPattern('https://{id}.debate.example/')).toEqual({ ok: false, error: 'id_outside_path' });
    expect(parsePermalinkPattern('https://debate.example/view?post={id}')).toEqual({
      ok: false,
      error: 'id_outside_path',
    });
    expect(parsePermalinkPattern('https://debate.example/p/post-{id}')).toEqual({ ok: false, error: 'id_not_segment' });
  });

  it('builds the site pattern from the origin', () => {
    expect(sitePattern('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787/posts/{id}');
    expect(sitePattern('https://debate.example/')).toBe('https://debate.example/posts/{id}');
    expect(patternsFor({ siteOrigin: 'https://debate.example', linkPatterns: ['bad'] }).map((p) => p.source)).toEqual([
      'https://debate.example/posts/{id}',
    ]);
  });
});
