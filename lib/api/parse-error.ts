import type { z } from 'zod';
import { readAuthChallenge, readErrorBody } from './error-body';
import { ApiError } from './errors';
import { retryAfterMs } from './retry-after';
import { cleanText, redact } from './text';

/** What the error parsers need besides the response: the clock, and the key to scrub from any text. */
export interface ErrorContext {
  /** Epoch ms, for Retry-After dates. */
  now: number;
  /** The API key of the request: removed from every text the server sent back. */
  secret?: string | undefined;
}

/** Makes server text safe to show: no key, no Authorization value, no markup, short. */
export function safeText(text: string | undefined, secret: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const clean = cleanText(redact(text, secret));
  // Belt and braces: if cleaning somehow re-assembled the secret, drop the text altogether.
  if (clean === '' || (secret !== undefined && secret.length >= 4 && clean.includes(secret))) return undefined;
  return clean;
}

/** Words of status texts that say nothing about *why* ("403 Forbidden", "Access denied", "Error"). */
const GENERIC_WORDS = new Set([
  'forbidden',
  'access',
  'denied',
  'permission',
  'not',
  'allowed',
  'error',
  'http',
  'unknown',
]);

/** True when a text is only status words and numbers: not a reason, not a hint of either 403 kind. */
function isGeneric(text: string): boolean {
  return words(text)
    .split(/[^a-z]+/)
    .every((word) => word === '' || GENERIC_WORDS.has(word));
}

const DISABLED_WORDS =
  /\b(?:disabled?|suspended|suspension|revoked|revocation|deactivated|inactive|banned|blocked|locked|expired|paused)\b/;
const SCOPE_WORDS = /\b(?:scopes?|permissions?)\b/;
const SCOPE_TOKEN = /\b([a-z][a-z0-9_-]{0,30}:[a-z][a-z0-9_-]{0,30})\b/i;
const VALID_SCOPE = /^[A-Za-z0-9][A-Za-z0-9:._/-]{0,63}$/;

/** Lower-cases and splits `key_disabled` / `keyDisabled` into words so `\b` matching works. */
function words(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function meaningful(texts: (string | undefined)[]): string[] {
  return texts
    .filter((t): t is string => t !== undefined)
    .map(words)
    .filter((t) => t !== '' && !isGeneric(t));
}

/**
 * Decides a 403. Order: (1) a machine code that names exactly one of the two cases; (2) an explicit
 * scope field; (3) the words of everything the server said: any mention of a scope or permission
 * means a missing scope (even next to "disabled", which then describes the scope); "disabled",
 * "suspended", "revoked", … mean a disabled key; (4) any other non-generic reason means a disabled
 * key, because the spec says a disabled key's 403 states its reason; (5) an empty or generic 403 is
 * a missing scope: it fails one write instead of pausing every write of the account.
 */
export function classify403(
  headers: Headers,
  bodyText: string,
  secret: string | undefined,
): Pick<ApiError, 'kind' | 'reason' | 'scope'> {
  const body = readErrorBody(bodyText);
  const challenge = readAuthChallenge(headers.get('www-authenticate'));
  const reasonText = safeText(body.reason ?? body.message ?? challenge.description, secret);
  const reason = reasonText !== undefined && isGeneric(reasonText) ? undefined : reasonText;
  const codes = meaningful([...body.codes, challenge.error]);
  const codeDisabled = codes.some((c) => DISABLED_WORDS.test(c));
  const codeScope = codes.some((c) => SCOPE_WORDS.test(c));
  const all = meaningful([body.reason, body.message, challenge.description, ...codes]);
  const explicitScope = [...body.scopes, challenge.scope].find((s) => s !== undefined && VALID_SCOPE.test(s));

  let kind: 'key_disabled' | 'forbidden_scope';
  if (codeDisabled !== codeScope) kind = codeDisabled ? 'key_disabled' : 'forbidden_scope';
  else if (explicitScope !== undefined) kind = 'forbidden_scope';
  else if (all.some((t) => SCOPE_WORDS.test(t))) kind = 'forbidden_scope';
  else if (all.some((t) => DISABLED_WORDS.test(t))) kind = 'key_disabled';
  else kind = reason !== undefined ? 'key_disabled' : 'forbidden_scope';

  if (kind === 'key_disabled') return { kind, reason, scope: undefined };
  const fromText = all.map((t) => SCOPE_TOKEN.exec(t)?.[1]).find((s) => s !== undefined);
  const scope = safeText(explicitScope ?? fromText, secret);
  return { kind, reason, scope };
}

/** 5xx codes after which the server has certainly not acted (not implemented, unavailable, bad version). */
const NOT_ACTED_5XX = new Set([501, 503, 505]);

/**
 * Turns a non-2xx response into an ApiError. Pure: status, headers and the body text in; never
 * throws. Texts from the server are cleaned, shortened and scrubbed of the key.
 */
export function errorFromHttp(status: number, headers: Headers, bodyText: string, ctx: ErrorContext): ApiError {
  const { secret } = ctx;
  const serverSays = (): string | undefined => {
    const body = readErrorBody(bodyText);
    const text = safeText(body.reason ?? body.message ?? body.codes[0], secret);
    return text !== undefined && isGeneric(text) ? undefined : text;
  };
  const rateLimited = (): ApiError => {
    const wait = retryAfterMs(
      headers.get('retry-after'),
      ctx.now,
      headers.get('date'),
      readErrorBody(bodyText).retryAfterSeconds,
    );
    return new ApiError({
      kind: 'rate_limited',
      status,
      retryAfterMs: wait,
      reason: serverSays(),
      message: `Too many requests: try again in ${formatWait(wait)}.`,
    });
  };

  if (status === 401) {
    const reason = serverSays();
    return new ApiError({ kind: 'unauthorized', status, reason, message: 'The API key was not accepted.' });
  }
  if (status === 403) {
    const { kind, reason, scope } = classify403(headers, bodyText, secret);
    const message =
      kind === 'key_disabled'
        ? `The API key is disabled${reason ? `: ${reason}` : '.'}`
        : `The API key lacks ${scope ? `the scope ${scope}` : 'a scope this action needs'}.`;
    return new ApiError({ kind, status, reason, scope, message });
  }
  if (status === 429) return rateLimited();
  if (status === 503 && (headers.get('retry-after') ?? '').trim() !== '') return rateLimited();
  if (status === 404 || status === 410) {
    // 410 Gone: it existed and was removed (a post taken down); either way there is nothing to write to.
    const message = status === 410 ? 'It no longer exists.' : 'Not found.';
    return new ApiError({ kind: 'not_found', status, reason: serverSays(), message });
  }
  if (status === 408) {
    // The server gave up waiting for our request before reading it: nothing was acted on.
    return new ApiError({ kind: 'network', status, message: 'The server timed out waiting for the request.' });
  }
  if (status >= 400 && status < 500) {
    const reason = serverSays();
    const message = reason
      ? `The server refused the request: ${reason}`
      : `The server refused the request (HTTP ${status}).`;
    return new ApiError({ kind: 'invalid', status, reason, message });
  }
  if (status >= 500 && status < 600) {
    return new ApiError({
      kind: 'server',
      status,
      reason: serverSays(),
      outcomeUnknown: !NOT_ACTED_5XX.has(status),
      message: `The server had a problem (HTTP ${status}).`,
    });
  }
  // 1xx/3xx/0 reaching us means a redirect or proxy answered in our place: we cannot tell what happened.
  return new ApiError({
    kind: 'bad_response',
    status,
    outcomeUnknown: true,
    message: `The server answered with an unexpected status (HTTP ${status}).`,
  });
}

/** Reads a non-2xx Response (body failures count as an empty body) into an ApiError. Never throws. */
export async function errorFromResponse(response: Response, ctx: ErrorContext): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  return errorFromHttp(response.status, response.headers, text, ctx);
}

/**
 * A 2xx whose body is not what the spec promises. The write (if it was one) was acted on, but we
 * cannot read its id: the outcome counts as unknown so that the queue settles it instead of re-sending.
 */
export function badResponse(status: number, problem: z.ZodError | 'not_json', secret?: string): ApiError {
  if (problem === 'not_json') {
    return new ApiError({
      kind: 'bad_response',
      status,
      issuePath: '',
      outcomeUnknown: true,
      message: 'The server answered with something that is not JSON.',
    });
  }
  const issue = problem.issues[0];
  // Keys in the path come from the server: cleaned and scrubbed like any text it sent.
  const issuePath = safeText((issue?.path ?? []).map((p) => String(p)).join('.'), secret) ?? '';
  const where = issuePath === '' ? 'the top level' : issuePath;
  return new ApiError({
    kind: 'bad_response',
    status,
    issuePath,
    outcomeUnknown: true,
    message: `The server's answer was not understood (at ${cleanText(where, 100)}).`,
    cause: problem,
  });
}

/** Formats a wait for a message: `42 s`, `3 min`, `2 h`. */
export function formatWait(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.ceil(s / 60)} min`;
  return `${Math.ceil(s / 3600)} h`;
}
