import { type Failure, failure } from '../http/errors.js';
import { API_KEY_PATTERN } from '../ids.js';
import type { Scope } from '../scopes.js';
import type { AccountStore, KeyRecord } from '../store/accounts.js';

/** The key in an `Authorization: Bearer <key>` header (scheme case-insensitive), if it is shaped like one. */
export function bearerKey(header: string | undefined): string | undefined {
  const token = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
  return token !== undefined && API_KEY_PATTERN.test(token) ? token : undefined;
}

/**
 * Checks `Authorization: Bearer <key>` in the contract's order: 401 (missing, malformed, unknown) →
 * 403 key_disabled (with the reason) → 403 missing_scope. `scope` null: any valid, enabled key will do.
 */
export function authorize(
  accounts: AccountStore,
  header: string | undefined,
  scope: Scope | null,
): { ok: true; key: KeyRecord } | { ok: false; failure: Failure } {
  const unauthorized = (message: string) => ({
    ok: false as const,
    failure: failure(401, 'unauthorized', message, undefined, { 'WWW-Authenticate': 'Bearer realm="debate-platform"' }),
  });
  if (header === undefined || header.trim() === '') {
    return unauthorized('Send the API key as "Authorization: Bearer <key>".');
  }
  const token = bearerKey(header);
  if (token === undefined) return unauthorized('The Authorization header is malformed; expected "Bearer dcp_…".');
  const key = accounts.findByClearKey(token);
  if (!key) return unauthorized('The API key is not known.');
  if (key.disabledReason !== null) {
    return {
      ok: false,
      failure: failure(403, 'key_disabled', `This key is temporarily disabled: ${key.disabledReason}`, {
        reason: key.disabledReason,
      }),
    };
  }
  if (scope !== null && !key.scopes.includes(scope)) {
    return {
      ok: false,
      failure: failure(403, 'missing_scope', `This key lacks the scope ${scope} that this endpoint requires.`, {
        scope,
      }),
    };
  }
  return { ok: true, key };
}
