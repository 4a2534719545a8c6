/** Every machine code an error body can carry. */
export type ErrorCode =
  | 'invalid_json'
  | 'invalid_body'
  | 'unknown_reaction_kind'
  | 'invalid_limit'
  | 'invalid_cursor'
  | 'unauthorized'
  | 'missing_scope'
  | 'key_disabled'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'misdirected_request'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal'
  | 'injected_fault';

/** A refusal on its way to the client, before it is rendered as JSON or as an HTML page. */
export interface Failure {
  status: number;
  code: ErrorCode;
  message: string;
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Shorthand for building a Failure. */
export function failure(
  status: number,
  code: ErrorCode,
  message: string,
  extra?: Record<string, unknown>,
  headers?: Record<string, string>,
): Failure {
  return { status, code, message, ...(extra ? { extra } : {}), ...(headers ? { headers } : {}) };
}

/** JSON response with the sandbox's headers. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** The one error body for every error: `{"error":{"code","message",…extra}}`. */
export function errorResponse(f: Failure): Response {
  return jsonResponse(f.status, { error: { code: f.code, message: f.message, ...f.extra } }, f.headers);
}

/** The 429 every write path returns when the account's budget is spent. */
export function rateLimited(retryAfterSeconds: number): Failure {
  return failure(
    429,
    'rate_limited',
    `The account's write budget is spent. Retry in ${retryAfterSeconds} s, not sooner.`,
    { retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
