import type { SenderInfo } from '@/lib/messages/sender';

/** A URL, or undefined for what does not parse. */
export function urlOf(url: string | undefined): URL | undefined {
  try {
    return url === undefined ? undefined : new URL(url);
  } catch {
    return undefined;
  }
}

/** The site (origin) of a content script's page; undefined for an extension page. */
export function pageSite(sender: SenderInfo): string | undefined {
  if (sender.kind !== 'content') return undefined;
  // A content script with no URL still counts as a page: it gets the caps, never the extension's freedom.
  return urlOf(sender.url)?.origin ?? 'null';
}
