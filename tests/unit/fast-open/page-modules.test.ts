import { afterEach, describe, expect, it, vi } from 'vitest';
import { addPageModules } from '@/entrypoints/sidepanel/fast-open/page-modules';
import { cacheStamp, ENTRY_META } from '@/entrypoints/sidepanel/fast-open/panel-cache-key';

function metaTag(preload: string): void {
  const meta = document.createElement('meta');
  meta.name = ENTRY_META;
  meta.content = '/chunks/sidepanel-A1.js';
  meta.dataset.preload = preload;
  document.head.append(meta);
}

describe('the panel’s module scripts, added by its early script', () => {
  afterEach(() => document.head.replaceChildren());

  it('adds the entry named by the build, with a preload for each chunk it imports', () => {
    metaTag('/chunks/runtime-B2.js /chunks/shared-C3.js');
    addPageModules(document, () => undefined);
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/chunks/runtime-B2.js',
      '/chunks/shared-C3.js',
    ]);
    const script = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    expect(script?.getAttribute('src')).toBe('/chunks/sidepanel-A1.js');
  });

  it('stamps the caches with the entry the meta tag names, before and after it is added', () => {
    metaTag('');
    const before = cacheStamp();
    expect(before).toContain('/chunks/sidepanel-A1.js');
    addPageModules(document, () => undefined);
    expect(cacheStamp()).toBe(before);
  });

  it('tells once the entry has run, or has failed to load', () => {
    for (const event of ['load', 'error']) {
      metaTag('');
      const ran = vi.fn();
      addPageModules(document, ran);
      document.head.querySelector('script')?.dispatchEvent(new Event(event));
      expect(ran.mock.calls.map(([heard]) => (heard as Event).type)).toContain(event);
      document.head.replaceChildren();
    }
  });

  it('adds nothing on a page that loads its modules itself (the development server’s), and tells once it has loaded', async () => {
    const ran = vi.fn();
    addPageModules(document, ran);
    expect(document.head.childElementCount).toBe(0);
    // Loaded already (as here): in a task of its own.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toHaveBeenCalledTimes(1);
    // Still loading: at its load.
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    const later = vi.fn();
    addPageModules(document, later);
    expect(later).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(later).toHaveBeenCalledTimes(1);
    Reflect.deleteProperty(document, 'readyState');
  });
});
