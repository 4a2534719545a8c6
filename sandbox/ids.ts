import { createHash, randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text of the given length (rejection sampling keeps every character equally likely). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Prefixed identifiers: `p_…` posts, `c_…` comments, `r_…` reactions, `acc_…`, `app_…`, `key_…`, `evt_…`, … */
export type IdPrefix = 'p' | 'c' | 'r' | 'acc' | 'app' | 'key' | 'evt' | 'wh' | 'dlv' | 'flt';

/** A new random identifier with its type prefix. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(14)}`;
}

/** The shape of every API key: `dcp_` and 32 base62 characters. */
export const API_KEY_PATTERN = /^dcp_[0-9A-Za-z]{32}$/;

/** A new API key in clear text. Only its hash is ever stored. */
export function newApiKey(): string {
  return `dcp_${randomBase62(32)}`;
}

/** The stored form of a key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
