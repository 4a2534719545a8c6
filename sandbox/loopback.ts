import { isIP } from 'node:net';

/** Whether a socket's remote address is a loopback address (127.0.0.0/8, ::1, or IPv4-mapped 127.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(plain) === 4) return plain.split('.')[0] === '127';
  if (isIP(plain) === 6) return plain === '::1' || plain === '0:0:0:0:0:0:0:1';
  return false;
}

/**
 * Whether an `Origin` header (when a browser sent one) names a loopback site. A page on another site
 * must not be able to drive the controls or post through the website's forms from the user's browser.
 */
export function isLoopbackOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || isLoopbackAddress(host);
}
