import { describe, expect, it, vi } from 'vitest';
import { loadPageModules, MODULES_META, pageModules } from '@/entrypoints/sidepanel/fast-open/page-modules';

describe('page modules', () => {
  it('adds the shared modules as preloads, then the entry module, then what it imports later', () => {
    const doc = document.implementation.createHTMLDocument('panel');
    const meta = doc.createElement('meta');
    meta.name = MODULES_META;
    meta.content = '/chunks/runtime.js /chunks/shared.js /chunks/sidepanel.js';
    meta.dataset.after = '/chunks/checks.js';
    doc.head.append(meta);
    expect(pageModules(doc).modules).toEqual(['/chunks/runtime.js', '/chunks/shared.js', '/chunks/sidepanel.js']);
    // Kept, not inserted: the test document loads no scripts.
    const added: Element[] = [];
    vi.spyOn(doc.head, 'append').mockImplementation((...nodes) => void added.push(...(nodes as Element[])));
    loadPageModules(doc);
    expect(
      added.map((el) => [
        el.tagName,
        el.getAttribute('rel') ?? el.getAttribute('type'),
        el.getAttribute('href') ?? el.getAttribute('src'),
      ]),
    ).toEqual([
      ['LINK', 'modulepreload', '/chunks/runtime.js'],
      ['LINK', 'modulepreload', '/chunks/shared.js'],
      ['SCRIPT', 'module', '/chunks/sidepanel.js'],
      ['LINK', 'modulepreload', '/chunks/checks.js'],
    ]);
  });

  it('adds nothing to a page without the meta tag', () => {
    const doc = document.implementation.createHTMLDocument('page');
    loadPageModules(doc);
    expect(doc.head.querySelectorAll('script, link')).toHaveLength(0);
  });
});
