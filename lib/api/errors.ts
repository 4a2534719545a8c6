/**
 * The kinds of the API client's one error type, ApiError (reply codes and tests name them all from
 * here). The scheduler decides from `kind` (and `outcomeUnknown`) what happens to a write; the UI
 * maps `kind` to words. An ApiError never carries the API key.
 */
export const API_ERROR_KINDS = [
  /** 401: the key is missing or not accepted. */
  'unauthorized',
  /** 403: the key lacks the endpoint's scope (`scope` names it when known). */
  'forbidden_scope',
  /** 403: the service disabled the key temporarily (`reason` says why). */
  'key_disabled',
  /** 429, or 503 with Retry-After: wait `retryAfterMs`, never retry sooner. */
  'rate_limited',
  /** 404: unknown post or path. */
  'not_found',
  /** Any other 4xx (validation, size, …). */
  'invalid',
  /** 5xx. */
  'server',
  /** The request failed on the way (offline, refused, reset, timed out). */
  'network',
  /** The server answered 2xx with a body that does not match the schema (`issuePath` says where). */
  'bad_response',
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  /** The server's reason (403 disabled key, validation message), parsed from whatever shape it sent. */
  reason?: string;
  /** The scope a 403 named, when the server named one. */
  scope?: string;
  /** For `rate_limited`: how long to wait, from Retry-After (seconds or HTTP date), 60 s when missing or bad. */
  retryAfterMs?: number;
  /** For `bad_response`: the zod issue path, dotted (`items.3.id`). */
  issuePath?: string;
  /**
   * True when the request may have reached the server and been acted on: a network error or timeout
   * after the request left, 500/502/504. A write with an unknown outcome is never re-sent blindly.
   */
  outcomeUnknown?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly reason: string | undefined;
  readonly scope: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly issuePath: string | undefined;
  readonly outcomeUnknown: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.reason = init.reason;
    this.scope = init.scope;
    this.retryAfterMs = init.retryAfterMs;
    this.issuePath = init.issuePath;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }
}

/** Narrows an unknown thrown value to an ApiError. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
