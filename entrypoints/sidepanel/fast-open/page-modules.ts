/*
 * The side panel's module scripts are not in its markup (see `fastOpening` in build.ts): their
 * URLs are in a meta tag, and the early script adds them once it has drawn.
 */

/**
 * The meta tag's name; its content: the modules to preload, then the entry module, space-separated;
 * `data-after`: modules the entry imports later, fetched (and parsed) with the others.
 */
export const MODULES_META = 'debate-companion-modules';

/** What the page's meta tag lists (nothing when there is none). */
export interface PageModules {
  /** The modules to preload, then the entry module. */
  modules: string[];
  /** Modules the entry imports later. */
  later: string[];
}

const urls = (list: string | null | undefined) => (list ?? '').split(/\s+/).filter((url) => url !== '');

export function pageModules(doc: Document | undefined = globalThis.document): PageModules {
  const meta = doc?.querySelector(`meta[name="${MODULES_META}"]`);
  return { modules: urls(meta?.getAttribute('content')), later: urls(meta?.getAttribute('data-after')) };
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
  const { modules, later } = pageModules(doc);
  const entry = modules.pop();
  for (const href of modules) preload(doc, href);
  if (entry === undefined) return;
  const script = doc.createElement('script');
  script.type = 'module';
  script.src = entry;
  doc.head.append(script);
  for (const href of later) preload(doc, href);
}
