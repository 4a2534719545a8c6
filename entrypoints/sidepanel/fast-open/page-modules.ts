import { ENTRY_META } from './panel-cache-key';

/**
 * Adds the panel's module scripts, which the build took out of its markup and named in a meta tag
 * (build.ts, `modulesAfterPicture`): the entry, and a `modulepreload` for each chunk it imports so
 * they are all asked for at once. `whenRan` runs once the entry has run, or failed to load or run. A
 * page without the tag (the development server's) has its module scripts in its markup: nothing to
 * add, and `whenRan` runs at the page's `load`, which waits for them.
 */
export function addPageModules(doc: Document, whenRan: () => void): void {
  const meta = doc.querySelector(`meta[name="${ENTRY_META}"]`);
  const entry = meta?.getAttribute('content');
  if (meta === null || !entry) {
    if (doc.readyState === 'complete') setTimeout(whenRan, 0);
    else doc.defaultView?.addEventListener('load', whenRan, { once: true });
    return;
  }
  for (const url of (meta.getAttribute('data-preload') ?? '').split(' ').filter(Boolean)) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    doc.head.append(link);
  }
  const script = doc.createElement('script');
  script.type = 'module';
  script.src = entry;
  // A module script's `load` comes after it ran, its imports with it; `error` when one failed to
  // load. Before any top-level `await` of theirs settles, though: the entry (main.tsx) takes the
  // picture in its first, synchronous run, and no module it imports may await at its top level.
  script.addEventListener('load', whenRan, { once: true });
  script.addEventListener('error', whenRan, { once: true });
  doc.head.append(script);
}
