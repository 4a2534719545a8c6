/*
 * The API address rules, without dependencies: the settings schema, the client and the options page
 * share them.
 */

/** Loopback hosts: the only ones a key may be sent to over plain `http:` (it never leaves the machine). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Returns the base URL with a trailing slash when it is a usable API address, else undefined:
 * `https:`, or `http:` on a loopback host (a key sent over plain http elsewhere travels in clear).
 */
export function normalizeBaseUrl(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!secure || url.username !== '' || url.password !== '') return undefined;
  url.search = '';
  url.hash = '';
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** The platform site's origin for a base URL (its website shares it), or null when there is none. */
export function siteOriginOf(baseUrl: string): string | null {
  const normalized = normalizeBaseUrl(baseUrl);
  return normalized === undefined ? null : new URL(normalized).origin;
}

/** Whether `hostname` is the platform's own site for a base URL (its bars never need a site's choice). */
export function isPlatformHost(baseUrl: string, hostname: string): boolean {
  const origin = siteOriginOf(baseUrl);
  return origin !== null && new URL(origin).hostname === hostname;
}
