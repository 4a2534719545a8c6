import { ENTRY_META } from './panel-cache-key';

/**
 * Adds the panel's module scripts, which the build took out of its markup and named in a meta tag
 * (build.ts, `modulesAfterPicture`): the entry, and a `modulepreload` for each chunk it imports so
 * they are all asked for at once. Should the entry fail to load, `onError` runs. A page without the
 * tag (the development server's) has its module scripts in its markup: nothing to add.
 */
export function addPageModules(doc: Document, onError: () => void): void {
  const meta = doc.querySelector(`meta[name="${ENTRY_META}"]`);
  const entry = meta?.getAttribute('content');
  if (meta === null || !entry) return;
  for (const url of (meta.getAttribute('data-preload') ?? '').split(' ').filter(Boolean)) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    doc.head.append(link);
  }
  const script = doc.createElement('script');
  script.type = 'module';
  script.src = entry;
  script.addEventListener('error', onError);
  doc.head.append(script);
}
