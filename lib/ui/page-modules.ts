/*
 * The side panel's module scripts are not in its markup (see `modulesAfterEarlyScript` in
 * wxt.config.ts): their URLs are in a meta tag, and the early script adds them once it has drawn.
 */

/**
 * The meta tag's name; its content: the modules to preload, then the entry module, space-separated;
 * `data-after`: modules the entry imports later, fetched (and parsed) with the others.
 */
export const MODULES_META = 'debate-companion-modules';

/** The URLs in the page's meta tag (empty when there is none). */
export function pageModules(doc: Document | undefined = globalThis.document): string[] {
  const content = doc?.querySelector(`meta[name="${MODULES_META}"]`)?.getAttribute('content') ?? '';
  return content.split(/\s+/).filter((url) => url !== '');
}

function preload(doc: Document, href: string): void {
  const link = doc.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  doc.head.append(link);
}

/**
 * Adds the page's module scripts: the shared ones as preloads (fetched in parallel), the entry, then
 * preloads of what the entry imports later.
 */
export function loadPageModules(doc: Document = document): void {
  const urls = pageModules(doc);
  const entry = urls.pop();
  for (const href of urls) preload(doc, href);
  if (entry === undefined) return;
  const script = doc.createElement('script');
  script.type = 'module';
  script.src = entry;
  doc.head.append(script);
  const later = doc.querySelector(`meta[name="${MODULES_META}"]`)?.getAttribute('data-after') ?? '';
  for (const href of later.split(/\s+/).filter((url) => url !== '')) preload(doc, href);
}
