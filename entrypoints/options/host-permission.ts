import { browser } from 'wxt/browser';
import { normalizeBaseUrl } from '@/lib/base-url';
import { originMatchPattern } from '@/lib/links/registration';

/**
 * The store build holds no host access until the user gives it: saving an API address asks for its
 * origin (the optional permission; the browser answers at once when it is already granted). The
 * pattern has no port, as the link script's registration checks it (Firefox refuses ports).
 * Throws for what is not a usable API address (https, or http on a loopback host).
 */
export async function ensureHostPermission(baseUrl: string): Promise<boolean> {
  if (baseUrl === '') return true;
  if (normalizeBaseUrl(baseUrl) === undefined) throw new TypeError('Not a usable API address');
  const pattern = originMatchPattern(new URL(baseUrl).origin);
  if (pattern === undefined) throw new TypeError('Not an http(s) URL');
  return browser.permissions.request({ origins: [pattern] });
}
