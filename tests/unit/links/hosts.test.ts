import { describe, expect, it } from 'vitest';
import { shouldDecorate } from '@/lib/links/eligibility';
import { isExcludedHost, normalizeHostEntry } from '@/lib/links/hosts';
import { patternsFor } from '@/lib/links/pattern';
import { excludeMatchPatterns, menuTargetPatterns, originMatchPattern, planLinkScript } from '@/lib/links/registration';

describe('excluded hosts', () => {
  it('normalize what a user types', () => {
    expect(normalizeHostEntry(' Example.COM ')).toBe('example.com');
    expect(normalizeHostEntry('https://www.example.com/path?q')).toBe('www.example.com');
    expect(normalizeHostEntry('*.example.com')).toBe('example.com');
    expect(normalizeHostEntry('example.com:8080')).toBe('example.com');
    expect(normalizeHostEntry('bücher.example')).toBe('xn--bcher-kva.example');
    expect(normalizeHostEntry('')).toBeUndefined();
    expect(normalizeHostEntry('a b')).toBeUndefined();
    expect(normalizeHostEntry('user@example.com')).toBeUndefined();
  });

  it('exclude a host and its subdomains, an IP exactly', () => {
    const list = ['example.com', '10.0.0.1', 'not a host'];
    expect(isExcludedHost('example.com', list)).toBe(true);
    expect(isExcludedHost('www.Example.com', list)).toBe(true);
    expect(isExcludedHost('example.com.', list)).toBe(true);
    expect(isExcludedHost('notexample.com', list)).toBe(false);
    expect(isExcludedHost('example.com.evil.net', list)).toBe(false);
    expect(isExcludedHost('10.0.0.1', list)).toBe(true);
    expect(isExcludedHost('1.10.0.0.1', list)).toBe(false);
  });
});

describe('registration plan', () => {
  const base = { siteOrigin: 'http://127.0.0.1:8787', siteGranted: true, allSites: false, excludedHosts: [] };

  it('runs on the site host (any port: match patterns have none) by default', () => {
    expect(planLinkScript(base)).toEqual({ file: '/links.js', matches: ['http://127.0.0.1/*'], excludeMatches: [] });
    expect(planLinkScript({ ...base, gated: true })?.file).toBe('/links-gated.js');
    expect(originMatchPattern('https://debate.example:8443')).toBe('https://debate.example/*');
    expect(originMatchPattern('file:///x')).toBeUndefined();
  });

  it('runs nowhere without a site or without access to it', () => {
    expect(planLinkScript({ ...base, siteOrigin: null })).toBeNull();
    expect(planLinkScript({ ...base, siteGranted: false })).toBeNull();
  });

  it('runs on every http(s) page with all-sites access, minus the excluded hosts', () => {
    expect(planLinkScript({ ...base, allSites: true, excludedHosts: ['Example.com', '10.0.0.1', '??'] })).toEqual({
      file: '/links.js',
      matches: ['http://*/*', 'https://*/*'],
      excludeMatches: ['*://*.example.com/*', '*://10.0.0.1/*'],
    });
    expect(excludeMatchPatterns(['a.example', 'https://a.example/x'])).toEqual(['*://*.a.example/*']);
  });

  it('runs on the sites chosen one by one as well as the platform’s, but only where granted (the caller passes those)', () => {
    expect(planLinkScript({ ...base, chosenSites: ['news.example', 'blog.example.org'] })).toEqual({
      file: '/links.js',
      matches: ['http://127.0.0.1/*', '*://news.example/*', '*://blog.example.org/*'],
      excludeMatches: [],
    });
    // Without the platform's site granted, the chosen ones still run; all sites covers them.
    expect(planLinkScript({ ...base, siteGranted: false, chosenSites: ['news.example'] })?.matches).toEqual([
      '*://news.example/*',
    ]);
    expect(planLinkScript({ ...base, allSites: true, chosenSites: ['news.example'] })?.matches).toEqual([
      'http://*/*',
      'https://*/*',
    ]);
  });

  it('builds context-menu link filters from the patterns', () => {
    const patterns = patternsFor({
      siteOrigin: 'http://127.0.0.1:8787',
      linkPatterns: ['https://debate.example/p/{id}/view', 'https://dbt.example/{id}'],
    });
    expect(menuTargetPatterns(patterns)).toEqual([
      'http://127.0.0.1/posts/*',
      'https://debate.example/p/*/view*',
      'https://dbt.example/*',
    ]);
  });
});

describe('shouldDecorate', () => {
  const config = {
    decorate: true,
    siteOrigin: 'http://127.0.0.1:8787',
    patterns: [],
    candidates: '',
    reactionKinds: [],
    barWords: {},
    allSites: false,
  };
  const page = (url: string) => new URL(url);

  it('decorates the site itself, exactly (not another port on the same host)', () => {
    expect(shouldDecorate(page('http://127.0.0.1:8787/posts/p_1'), config)).toBe(true);
    expect(shouldDecorate(page('http://127.0.0.1:9999/'), config)).toBe(false);
  });

  it('decorates other sites only with all-sites access, never where the background said no', () => {
    expect(shouldDecorate(page('https://news.example/'), config)).toBe(false);
    expect(shouldDecorate(page('https://news.example/'), { ...config, allSites: true })).toBe(true);
    expect(shouldDecorate(page('https://www.blocked.example/'), { ...config, allSites: true, decorate: false })).toBe(
      false,
    );
    expect(shouldDecorate(page('file:///tmp/a.html'), { ...config, allSites: true })).toBe(false);
  });
});
