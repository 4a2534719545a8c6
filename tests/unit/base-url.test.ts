import { describe, expect, it } from 'vitest';
import { isPlatformHost, normalizeBaseUrl, siteOriginOf } from '@/lib/base-url';

describe('base URL', () => {
  it('is normalized with a trailing slash, only for http(s) without credentials', () => {
    expect(normalizeBaseUrl('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787/');
    expect(normalizeBaseUrl('https://debate.example/api/')).toBe('https://debate.example/api/');
    expect(normalizeBaseUrl('')).toBeUndefined();
    expect(normalizeBaseUrl('ftp://debate.example')).toBeUndefined();
    expect(normalizeBaseUrl('https://user:pw@debate.example')).toBeUndefined();
  });

  it('gives the platform site’s origin, or null without a usable base URL', () => {
    expect(siteOriginOf('https://debate.example/api/')).toBe('https://debate.example');
    expect(siteOriginOf('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
    expect(siteOriginOf('')).toBeNull();
    expect(siteOriginOf('not a url')).toBeNull();
  });

  it('knows the platform’s own host, and no other, nor any without an address', () => {
    expect(isPlatformHost('https://debate.example/api', 'debate.example')).toBe(true);
    expect(isPlatformHost('https://debate.example/api', 'news.example')).toBe(false);
    expect(isPlatformHost('', 'debate.example')).toBe(false);
  });
});
