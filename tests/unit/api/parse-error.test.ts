import { describe, expect, it } from 'vitest';
import { errorFromHttp } from '@/lib/api/parse-error';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const KEY = 'dcp_SecretSecretSecretSecret0123';
const httpDate = (ms: number) => new Date(ms).toUTCString();

type Case = [
  name: string,
  status: number,
  headers: Record<string, string>,
  body: unknown,
  expected: Record<string, unknown>,
];

/** A JSON body, or raw text when given a string wrapped in `text()`. */
const text = (value: string) => ({ raw: value });
function bodyOf(body: unknown): string {
  if (body === undefined) return '';
  if (typeof body === 'object' && body !== null && 'raw' in body) return String((body as { raw: string }).raw);
  return JSON.stringify(body);
}

function parse(status: number, headers: Record<string, string>, body: unknown) {
  return errorFromHttp(status, new Headers(headers), bodyOf(body), { now: NOW, secret: KEY });
}

describe('403: key_disabled vs forbidden_scope, from whatever the server sent', () => {
  const cases: Case[] = [
    [
      'sandbox missing_scope',
      403,
      {},
      {
        error: {
          code: 'missing_scope',
          message: 'This key lacks the scope reactions:write.',
          scope: 'reactions:write',
        },
      },
      { kind: 'forbidden_scope', scope: 'reactions:write' },
    ],
    [
      'sandbox key_disabled',
      403,
      {},
      { error: { code: 'key_disabled', message: 'This key is disabled: abuse report', reason: 'abuse report' } },
      { kind: 'key_disabled', reason: 'abuse report', scope: undefined },
    ],
    [
      'a disabled code wins over a reason that mentions permission',
      403,
      {},
      { error: { code: 'key_disabled', reason: 'posting without the permission of the owner' } },
      { kind: 'key_disabled', reason: 'posting without the permission of the owner' },
    ],
    [
      '{reason} suspended',
      403,
      {},
      { reason: 'Key suspended for spam' },
      { kind: 'key_disabled', reason: 'Key suspended for spam' },
    ],
    ['{message} revoked', 403, {}, { message: 'Key revoked' }, { kind: 'key_disabled', reason: 'Key revoked' }],
    ['{error:"code"} deactivated', 403, {}, { error: 'key_deactivated' }, { kind: 'key_disabled' }],
    [
      '{error:"sentence"}',
      403,
      {},
      { error: 'Your key has been disabled by an administrator' },
      { kind: 'key_disabled', reason: 'Your key has been disabled by an administrator' },
    ],
    [
      '{errors:[{detail}]} permission',
      403,
      {},
      { errors: [{ detail: 'Missing permission posts:write' }] },
      { kind: 'forbidden_scope', scope: 'posts:write', reason: 'Missing permission posts:write' },
    ],
    ['{error:"insufficient_scope"}', 403, {}, { error: 'insufficient_scope' }, { kind: 'forbidden_scope' }],
    [
      'plain text disabled',
      403,
      {},
      text('Key disabled: too many reports'),
      { kind: 'key_disabled', reason: 'Key disabled: too many reports' },
    ],
    ['plain text scope', 403, {}, text('Missing scope posts:write'), { kind: 'forbidden_scope', scope: 'posts:write' }],
    [
      'a generic HTML error page',
      403,
      { 'content-type': 'text/html' },
      text('<html><head><title>403</title></head><body><h1>403 Forbidden</h1></body></html>'),
      { kind: 'forbidden_scope', reason: undefined },
    ],
    ['an empty body', 403, {}, undefined, { kind: 'forbidden_scope', reason: undefined, scope: undefined }],
    ['{message:"Forbidden"}', 403, {}, { message: 'Forbidden' }, { kind: 'forbidden_scope', reason: undefined }],
    [
      'any other named reason means disabled',
      403,
      {},
      { reason: 'Terms of service violation' },
      { kind: 'key_disabled', reason: 'Terms of service violation' },
    ],
    [
      'disabled and scope together: the scope wins',
      403,
      {},
      { message: 'Disabled: scope posts:write not granted' },
      { kind: 'forbidden_scope', scope: 'posts:write' },
    ],
    [
      'RFC 6750 WWW-Authenticate challenge',
      403,
      { 'www-authenticate': 'Bearer realm="api", error="insufficient_scope", scope="debates:write"' },
      undefined,
      { kind: 'forbidden_scope', scope: 'debates:write' },
    ],
    [
      'Google style, suspended',
      403,
      {},
      { error: { code: 403, status: 'PERMISSION_DENIED', message: 'API key suspended' } },
      { kind: 'key_disabled', reason: 'API key suspended' },
    ],
    [
      'Google style, scopes',
      403,
      {},
      { error: { code: 403, status: 'PERMISSION_DENIED', message: 'Request had insufficient authentication scopes.' } },
      { kind: 'forbidden_scope' },
    ],
    [
      'an explicit scopes array',
      403,
      {},
      { scopes: ['posts:write'], message: 'nope' },
      { kind: 'forbidden_scope', scope: 'posts:write' },
    ],
    [
      'a reason deep inside',
      403,
      {},
      { data: { error: { details: { reason: 'Account suspended' } } } },
      { kind: 'key_disabled', reason: 'Account suspended' },
    ],
    ['a bare JSON string code', 403, {}, 'key_disabled', { kind: 'key_disabled' }],
    ['a camelCase code', 403, {}, { code: 'KeyDisabled', message: 'Nope.' }, { kind: 'key_disabled', reason: 'Nope.' }],
  ];
  it.each(cases)('%s', (_name, status, headers, body, expected) => {
    const error = parse(status, headers, body);
    expect(error).toMatchObject({ status, outcomeUnknown: false, ...expected });
    expect(error.message.length).toBeGreaterThan(5);
    if (expected.kind === 'forbidden_scope' && expected.scope) expect(error.message).toContain(String(expected.scope));
  });
});

describe('429 and 503: retryAfterMs from Retry-After (seconds or HTTP date), 60 s fallback', () => {
  const cases: [name: string, status: number, headers: Record<string, string>, body: unknown, wait: number][] = [
    ['seconds', 429, { 'retry-after': '7' }, undefined, 7000],
    ['seconds with spaces', 429, { 'retry-after': ' 12 ' }, undefined, 12_000],
    ['zero is floored at 1 s', 429, { 'retry-after': '0' }, undefined, 1000],
    ['fractional seconds (tolerated)', 429, { 'retry-after': '1.5' }, undefined, 1500],
    ['IMF-fixdate', 429, { 'retry-after': httpDate(NOW + 90_000) }, undefined, 90_000],
    ['RFC 850 date', 429, { 'retry-after': 'Sunday, 22-Nov-26 08:02:00 GMT' }, undefined, 120_000],
    ['asctime date', 429, { 'retry-after': 'Sun Nov 22 08:00:30 2026' }, undefined, 30_000],
    [
      'a date measured against the server Date header (local clock skew)',
      429,
      { 'retry-after': httpDate(NOW + 10_000), date: httpDate(NOW - 20_000) },
      undefined,
      30_000,
    ],
    ['a past date is floored at 1 s', 429, { 'retry-after': httpDate(NOW - 60_000) }, undefined, 1000],
    ['missing', 429, {}, undefined, 60_000],
    ['empty', 429, { 'retry-after': '' }, undefined, 60_000],
    ['garbage', 429, { 'retry-after': 'soon' }, undefined, 60_000],
    ['negative', 429, { 'retry-after': '-5' }, undefined, 60_000],
    ['exponent notation', 429, { 'retry-after': '1e3' }, undefined, 60_000],
    ['an impossible date', 429, { 'retry-after': 'Sun, 42 Nov 2026 08:00:00 GMT' }, undefined, 60_000],
    ['huge is capped at one day', 429, { 'retry-after': '99999999999' }, undefined, 86_400_000],
    ['absurdly huge is capped at one day', 429, { 'retry-after': '9'.repeat(400) }, undefined, 86_400_000],
    [
      'a far-future date is capped at one day',
      429,
      { 'retry-after': 'Fri, 01 Jan 2100 00:00:00 GMT' },
      undefined,
      86_400_000,
    ],
    [
      'missing header, seconds in the sandbox body',
      429,
      {},
      { error: { code: 'rate_limited', retryAfterSeconds: 12 } },
      12_000,
    ],
    ['the header wins over the body', 429, { 'retry-after': '3' }, { retry_after: 40 }, 3000],
    ['503 with Retry-After', 503, { 'retry-after': '30' }, undefined, 30_000],
    ['503 with a garbage Retry-After', 503, { 'retry-after': 'later' }, undefined, 60_000],
  ];
  it.each(cases)('%s', (_name, status, headers, body, wait) => {
    const error = parse(status, headers, body);
    expect(error).toMatchObject({ kind: 'rate_limited', status, retryAfterMs: wait, outcomeUnknown: false });
    expect(error.message).toMatch(/try again in/);
  });
});

describe('other statuses', () => {
  const cases: Case[] = [
    [
      '401',
      401,
      {},
      { error: { code: 'unauthorized', message: 'Unknown key' } },
      { kind: 'unauthorized', reason: 'Unknown key' },
    ],
    [
      '404',
      404,
      {},
      { error: { code: 'not_found', message: 'No such post' } },
      { kind: 'not_found', reason: 'No such post' },
    ],
    [
      '410 problem+json',
      410,
      {},
      { type: 'about:blank', title: 'Gone', status: 410, detail: 'This post was removed by its author.' },
      { kind: 'not_found', message: 'It no longer exists.', reason: 'This post was removed by its author.' },
    ],
    [
      '422 JSON:API errors',
      422,
      {},
      { errors: [{ status: '422', detail: 'Body is too similar to a recent post.' }] },
      { kind: 'invalid', reason: 'Body is too similar to a recent post.' },
    ],
    [
      '400 sandbox invalid_body',
      400,
      {},
      { error: { code: 'invalid_body', message: 'body must not be empty' } },
      { kind: 'invalid', reason: 'body must not be empty', outcomeUnknown: false },
    ],
    ['413 plain text', 413, {}, text('Payload Too Large'), { kind: 'invalid', reason: 'Payload Too Large' }],
    [
      '422 with only a code',
      422,
      {},
      { error: 'moderation_rejected' },
      { kind: 'invalid', reason: 'moderation_rejected' },
    ],
    ['409 empty', 409, {}, undefined, { kind: 'invalid', reason: undefined }],
    ['408: the request was never read', 408, {}, undefined, { kind: 'network', outcomeUnknown: false }],
    ['500', 500, {}, { error: { code: 'internal', message: 'oops' } }, { kind: 'server', outcomeUnknown: true }],
    [
      '502 HTML from a proxy',
      502,
      {},
      text('<html><body>Bad gateway</body></html>'),
      { kind: 'server', outcomeUnknown: true },
    ],
    ['504', 504, {}, undefined, { kind: 'server', outcomeUnknown: true }],
    ['520 (CDN: unknown)', 520, {}, undefined, { kind: 'server', outcomeUnknown: true }],
    ['503 without Retry-After', 503, {}, undefined, { kind: 'server', outcomeUnknown: false }],
    ['501', 501, {}, undefined, { kind: 'server', outcomeUnknown: false }],
    ['302 (a redirect reached us)', 302, {}, undefined, { kind: 'bad_response', outcomeUnknown: true }],
  ];
  it.each(cases)('%s', (_name, status, headers, body, expected) => {
    expect(parse(status, headers, body)).toMatchObject({ status, ...expected });
  });

  it('cuts a long server message to a sane length', () => {
    const error = parse(400, {}, { message: 'x'.repeat(10_000) });
    expect(error.reason?.length).toBeLessThanOrEqual(300);
    expect(error.message.length).toBeLessThan(400);
  });
});

describe('never the key', () => {
  const bodies: unknown[] = [
    { message: `Invalid key ${KEY}` },
    { error: { reason: `key ${KEY} disabled` } },
    text(`Bearer ${KEY} is not valid`),
    text(`authorization: Bearer ${KEY.slice(0, 10)}… rejected`),
    { errors: [{ detail: `scope missing for ${KEY}`, scope: KEY }] },
  ];
  for (const status of [400, 401, 403, 404, 429, 500]) {
    it.each(bodies)(`HTTP ${status}: %j`, (body) => {
      const error = parse(status, {}, body);
      const all = JSON.stringify([error.message, error.reason, error.scope]);
      expect(all).not.toContain(KEY);
      expect(all).not.toMatch(/Bearer (?!\[redacted\])/);
    });
  }
});
