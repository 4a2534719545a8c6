/**
 * Excluded hosts: the user's list of sites where links are never decorated. An entry names a host
 * and its subdomains (`example.com` also excludes `www.example.com`); an IP address names itself.
 */

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** True for an IPv4 or bracketed IPv6 literal. */
export function isIpLiteral(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.startsWith('[');
}

/**
 * Normalizes an entry as a user may type it (`Example.com`, `https://example.com/path`, `*.example.com`,
 * `example.com:8080`) to a lowercase, punycode hostname; undefined when it is not a host.
 */
export function normalizeHostEntry(entry: string): string | undefined {
  let text = entry.trim().toLowerCase();
  if (text === '') return undefined;
  text = text.replace(/^\*\./, '').replace(/^\.+/, '');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `http://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.username !== '' || url.password !== '') return undefined;
    const hostname = url.hostname.replace(/\.$/, '');
    return hostname === '' || hostname.includes('*') ? undefined : hostname;
  } catch {
    return undefined;
  }
}

/** True when `hostname` is one of the excluded hosts or a subdomain of one (IP addresses: exactly). */
export function isExcludedHost(hostname: string, excluded: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  for (const entry of excluded) {
    const normalized = normalizeHostEntry(entry);
    if (normalized === undefined) continue;
    if (host === normalized) return true;
    if (!isIpLiteral(normalized) && host.endsWith(`.${normalized}`)) return true;
  }
  return false;
}
