import { isExcludedHost } from '@/lib/links/hosts';
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

/** The hostname of a page that may get bars: undefined for an address without one or a host the user excluded. */
export function decoratedHost(url: string | undefined, excludedHosts: readonly string[]): string | undefined {
  const hostname = urlOf(url)?.hostname;
  return hostname === undefined || hostname === '' || isExcludedHost(hostname, excludedHosts) ? undefined : hostname;
}
