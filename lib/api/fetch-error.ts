/**
 * A request that got no answer: a thrown fetch/ky error as an ApiError, and whether the request
 * may have reached the server (`outcomeUnknown`). An answer that is an error is `parse-error.ts`'s.
 */

import { isTimeoutError } from 'ky';
import { ApiError, isApiError } from './errors';

/**
 * A thrown fetch/ky error. The outcome is unknown once fetch was called (the request may have
 * reached the server before the failure), known-not-sent before that.
 */
export function errorFromException(error: unknown, sent: boolean, timeoutMs: number): ApiError {
  if (isApiError(error)) return error;
  if (isTimeoutError(error)) {
    return new ApiError({
      kind: 'network',
      outcomeUnknown: sent,
      message: `The request timed out after ${Math.ceil(timeoutMs / 1000)} s.`,
    });
  }
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'AbortError') {
    return new ApiError({ kind: 'network', outcomeUnknown: sent, message: 'The request was cancelled.' });
  }
  // No `cause`: ky's errors carry the Request, whose headers hold the key.
  return new ApiError({
    kind: 'network',
    outcomeUnknown: sent && !neverConnected(error),
    message: 'Could not reach the server.',
  });
}

/** System error codes that mean no connection was made, so the request cannot have been received. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * True when the failure says the connection was never made. Node's fetch tells (`cause.code`);
 * browsers' fetch does not ("Failed to fetch" for a refused connection and a reset alike), so there
 * a failure after fetch was called stays an unknown outcome (never re-sent blindly: docs/architecture.md).
 */
function neverConnected(error: unknown): boolean {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const code: unknown = typeof cause === 'object' && cause !== null ? Reflect.get(cause, 'code') : undefined;
  return typeof code === 'string' && NOT_CONNECTED.has(code);
}
