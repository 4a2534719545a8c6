import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApiClient, type FetchLike } from '@/lib/api/client';
import { type ApiErrorKind, isApiError } from '@/lib/api/errors';

/*
 * 10,000 random responses (status, headers, body) and failing fetches at the real client (ky
 * included): every call resolves to a record that has what the spec promises, or rejects with an
 * ApiError whose message is short and human — nothing else is thrown, and the key never shows.
 */

const KEY = 'dcp_Pr0pErTyK3ySecretSecretSecret';
/** The nine kinds the spec names, written out here (not imported) so the check does not mirror the code. */
const KINDS: readonly ApiErrorKind[] = [
  'unauthorized',
  'forbidden_scope',
  'key_disabled',
  'rate_limited',
  'not_found',
  'invalid',
  'server',
  'network',
  'bad_response',
];
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

const printable = (maxLength: number) => fc.string({ unit: 'grapheme-ascii', maxLength });
/** Text that sometimes carries the key or an echoed Authorization header. */
const leakyText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(`Invalid key ${KEY}`, `Bearer ${KEY}`, KEY, `authorization: Bearer ${KEY}; scope posts:write`),
  fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}${KEY}${b}`),
  fc.constantFrom('Key disabled: abuse', 'missing scope posts:write', 'Forbidden', 'suspended', 'x'.repeat(5000)),
);
const shortText = fc.oneof(leakyText, fc.integer(), fc.boolean(), fc.constant(null));

/** Error bodies in every plausible shape, and some implausible ones. */
const errorShape = fc.oneof(
  fc.record({
    error: fc.record(
      { code: shortText, message: shortText, reason: shortText, scope: shortText },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ reason: shortText }),
  fc.record({ message: shortText }),
  fc.record({ error: shortText }),
  fc.record({
    errors: fc.array(fc.record({ detail: shortText, code: shortText }, { requiredKeys: [] }), { maxLength: 3 }),
  }),
  fc.record({ retryAfterSeconds: fc.oneof(fc.double(), fc.integer()), retry_after: fc.double() }, { requiredKeys: [] }),
);
/** Success-ish bodies: near-valid records with random field types. */
const recordShape = fc.record(
  {
    id: fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constant(null)),
    body: shortText,
    author: fc.oneof(
      fc.record({ id: shortText, handle: shortText, displayName: shortText }, { requiredKeys: [] }),
      shortText,
    ),
    createdAt: shortText,
    commentCount: fc.oneof(fc.integer(), fc.double(), shortText),
    reactionCounts: fc.oneof(fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), shortText)), shortText),
    moderation: fc.oneof(fc.record({ state: shortText, reason: shortText }, { requiredKeys: [] }), shortText),
    items: fc.oneof(
      fc.array(fc.record({ id: fc.oneof(fc.string({ maxLength: 6 }), fc.integer()) }), { maxLength: 4 }),
      shortText,
    ),
    nextCursor: fc.oneof(fc.string({ maxLength: 8 }), fc.constant(null), fc.integer()),
    account: fc.oneof(fc.record({ handle: shortText }), shortText),
    scopes: fc.oneof(fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }), shortText),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  errorShape.map((v) => JSON.stringify(v)),
  recordShape.map((v) => JSON.stringify(v)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  leakyText,
  fc.constantFrom(
    '',
    '{',
    'null',
    '[]',
    '<html><title>502</title></html>',
    '{"__proto__":{"polluted":true},"id":"p_1","items":[],"nextCursor":null}',
    '{"constructor":{"prototype":{"polluted":true}},"id":"p_2"}',
    `{"id":"p_3","author":{"__proto__":{"polluted":true}},"reactionCounts":{"__proto__":1}}`,
  ),
);

const headerValue = fc.oneof(
  printable(40),
  fc.integer({ min: -1000, max: 100_000 }).map(String),
  fc.constantFrom(
    '0',
    '1.5',
    '1e3',
    '99999999999999999999',
    'Sun, 06 Nov 1994 08:49:37 GMT',
    'Fri, 01 Jan 2100 00:00:00 GMT',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
  fc.constantFrom(`Bearer error="insufficient_scope", scope="posts:write"`, `Bearer ${KEY}`),
);
const headers = fc.record(
  {
    'retry-after': headerValue,
    date: headerValue,
    'content-type': fc.constantFrom('application/json', 'text/plain', 'text/html', 'application/problem+json'),
    'www-authenticate': headerValue,
    'x-anything': headerValue,
  },
  { requiredKeys: [] },
);

/** A random answer: a response, or a fetch that fails with a random value (possibly holding the key). */
const answer = fc.oneof(
  { weight: 12, arbitrary: fc.record({ status: fc.integer({ min: 200, max: 599 }), headers, body }) },
  { weight: 1, arbitrary: fc.record({ throws: fc.oneof(leakyText, fc.anything()) }) },
);
const call = fc.constantFrom('me', 'timeline', 'createPost', 'createComment', 'createReaction');

type Answer = { status: number; headers: Record<string, string>; body: string } | { throws: unknown };

function fetchFor(a: Answer): FetchLike {
  return async () => {
    if ('throws' in a) {
      throw typeof a.throws === 'string' ? new TypeError(a.throws) : a.throws;
    }
    const payload = NULL_BODY_STATUSES.has(a.status) ? null : a.body;
    return new Response(payload, { status: a.status, headers: a.headers });
  };
}

function expectPromised(name: string, value: unknown): void {
  const record = value as Record<string, unknown>;
  expect(typeof record).toBe('object');
  if (name === 'createPost' || name === 'createComment') {
    expect(typeof record.id).toBe('string');
    expect((record.id as string).length).toBeGreaterThan(0);
  }
  if (name === 'timeline') {
    expect(Array.isArray(record.items)).toBe(true);
    expect(record.nextCursor === null || typeof record.nextCursor === 'string').toBe(true);
  }
}

describe('API client under 10,000 random responses', () => {
  it('always yields a valid record or a clear ApiError, never the key', async () => {
    await fc.assert(
      fc.asyncProperty(answer, call, async (a, name) => {
        const api = createApiClient({ baseUrl: 'http://127.0.0.1:1', getKey: async () => KEY, fetch: fetchFor(a) });
        const run = (): Promise<unknown> => {
          switch (name) {
            case 'me':
              return api.me();
            case 'timeline':
              return api.timeline({ limit: 20 });
            case 'createPost':
              return api.createPost('Hello');
            case 'createComment':
              return api.createComment('p_1', 'Hi');
            default:
              return api.createReaction('p_1', 'well_sourced');
          }
        };
        let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
        try {
          outcome = { ok: true, value: await run() };
        } catch (error) {
          outcome = { ok: false, error };
        }
        if (outcome.ok) {
          expect('status' in a && a.status >= 200 && a.status < 300).toBe(true);
          expectPromised(name, outcome.value);
          return;
        }
        const error = outcome.error;
        expect(isApiError(error)).toBe(true);
        if (!isApiError(error)) return;
        expect(KINDS).toContain(error.kind);
        expect(error.message.length).toBeGreaterThan(3);
        expect(error.message.length).toBeLessThanOrEqual(400);
        expect(typeof error.outcomeUnknown).toBe('boolean');
        const texts = JSON.stringify([error.message, error.reason, error.scope, error.issuePath]);
        expect(texts).not.toContain(KEY);
        expect(texts).not.toMatch(/Bearer (?!\[redacted\])/);
        if (error.kind === 'rate_limited') {
          expect(error.retryAfterMs).toBeGreaterThanOrEqual(1000);
          expect(error.retryAfterMs).toBeLessThanOrEqual(86_400_000);
        }
        if ('status' in a) {
          const expected: Record<number, ApiErrorKind[]> = {
            401: ['unauthorized'],
            403: ['key_disabled', 'forbidden_scope'],
            404: ['not_found'],
            410: ['not_found'],
            429: ['rate_limited'],
            503: ['rate_limited', 'server'],
          };
          const kinds =
            expected[a.status] ??
            (a.status < 300
              ? ['bad_response']
              : a.status < 400
                ? ['invalid'] // a redirect: never followed, an error in words
                : a.status === 408
                  ? ['network']
                  : a.status < 500
                    ? ['invalid']
                    : ['server']);
          expect(kinds).toContain(error.kind);
        } else {
          expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true });
        }
      }),
      { numRuns: 10_000 },
    );
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  }, 60_000);
});
