/**
 * The client's checks at the door: what may leave (a well-formed key, a path parameter that
 * cannot change the path, the one origin the key was given for), and what an answer's status
 * line says before its body is read (a redirect, a wait).
 */

import { ApiError } from './errors';

/** A plausible API key: visible ASCII only (a header value cannot carry anything else), 8 to 4096 characters. */
export const KEY_SHAPE = /^[\x21-\x7e]{8,4096}$/;

/** Encodes a path parameter; refuses what could change the path (`.`, `..`, empty, unpaired surrogates). */
export function pathParam(value: string, what: string): string {
  const invalid = new ApiError({ kind: 'invalid', message: `The ${what} is not valid.` });
  if (typeof value !== 'string' || value === '' || value === '.' || value === '..' || value.length > 1000)
    throw invalid;
  try {
    return encodeURIComponent(value);
  } catch {
    throw invalid;
  }
}

/** The origin a request goes to. */
export function originOf(input: Request | URL | string): string {
  try {
    return new URL(input instanceof Request ? input.url : String(input)).origin;
  } catch {
    return '';
  }
}

/** A 3xx, or the opaque answer a browser gives for one with `redirect: 'manual'`. */
export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

/** A 429, or a 503 that names a wait: the server did not act and asks the client to wait. */
export function asksToWait(response: Response): boolean {
  if (response.status === 429) return true;
  return response.status === 503 && (response.headers.get('retry-after') ?? '').trim() !== '';
}
