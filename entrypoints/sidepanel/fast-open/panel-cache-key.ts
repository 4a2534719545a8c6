/** The side panel's `localStorage` key for what it paints while its first answers travel (see panel-cache.ts). */
export const PANEL_CACHE_KEY = 'debateCompanion.panelCache.v1';
/** Its key for the picture of the last opening's first screen (picture.ts). */
export const PICTURE_KEY = 'debateCompanion.panelPicture.v2';
/**
 * The meta tag that names the page's entry module: the build takes the module scripts out of the
 * side panel's markup, and its early script adds them (page-modules.ts).
 */
export const ENTRY_META = 'dc-entry-module';

/** Bump when what the caches hold changes shape. */
const FORMAT = 3;

/**
 * The caches' format and the page's entry module (its file name carries a hash of the panel's
 * code): only the build that wrote a cache uses it, so nothing an older or newer panel wrote is
 * read. No extension API is touched (the first call to one is slow, and this runs before the first
 * paint). In development the script has no hash: the format alone tells builds apart there.
 */
export function cacheStamp(doc: Document | undefined = globalThis.document): string {
  const script =
    doc?.querySelector(`meta[name="${ENTRY_META}"]`)?.getAttribute('content') ??
    doc?.querySelector('script[type="module"][src]')?.getAttribute('src');
  return `${FORMAT}:${script ?? ''}`;
}

/** What this build stored under `key`, or undefined: nothing, damaged, or written by another build. */
export function readStamped(area: Storage | undefined, key: string): Record<string, unknown> | undefined {
  return parseStamped(readText(area, key));
}

/** The text stored under `key`, or null (nothing, or no storage). */
export function readText(area: Storage | undefined, key: string): string | null {
  try {
    return area?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** What this build wrote as `text`, or undefined: nothing, damaged, or written by another build. */
export function parseStamped(text: string | null): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const stored = value as Record<string, unknown>;
    return stored.stamp === cacheStamp() ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores `value` under `key` with this build's stamp, and answers the text stored under `key` now. A
 * storage that is full or unavailable only costs the next opening its head start.
 */
export function writeStamped(area: Storage | undefined, key: string, value: Record<string, unknown>): string | null {
  const text = JSON.stringify({ ...value, stamp: cacheStamp() });
  try {
    area?.setItem(key, text);
    return area === undefined ? null : text;
  } catch {
    // Full or unavailable: the panel works without it, only less quickly.
    return readText(area, key);
  }
}

/**
 * Forgets the kept picture of the last opening (picture-keep.ts): a draft was kept, which it would
 * not show.
 */
export function forgetPicture(area: Storage | undefined = globalThis.localStorage): void {
  try {
    area?.removeItem(PICTURE_KEY);
  } catch {
    // No storage: nothing kept either.
  }
}

/**
 * The kept posts' record (panel-cache.ts: the posts, reaction kinds, mute lists and speaker line), as
 * the text it is kept as. A picture is drawn only while the record it was kept with is the one kept
 * now, so it never shows what the live panel would not draw: the picture keeps that text and the
 * early script compares the two (a native comparison: a hash of the text took the early script
 * 0.6-4.6 ms before the picture's frame, its code not yet compiled).
 */
export function shownRecord(area: Storage | undefined): string {
  return readText(area, PANEL_CACHE_KEY) ?? '';
}
