import { describe, expect, it } from 'vitest';
import { classifySendError } from '@/lib/queue/classify';
import { apiError } from './harness';

describe('classifySendError', () => {
  const cases = [
    ['429', apiError('rate_limited', { status: 429, retryAfterMs: 9_000 }), 'rate_limited'],
    ['503 with Retry-After', apiError('server', { status: 503, retryAfterMs: 9_000 }), 'rate_limited'],
    ['403 disabled key', apiError('key_disabled', { status: 403, reason: 'x' }), 'key_disabled'],
    ['403 missing scope', apiError('forbidden_scope', { status: 403, scope: 'reactions:write' }), 'failed'],
    ['401', apiError('unauthorized', { status: 401 }), 'failed'],
    ['404', apiError('not_found', { status: 404 }), 'failed'],
    ['400', apiError('invalid', { status: 400 }), 'failed'],
    ['2xx with a bad body', apiError('bad_response', { issuePath: 'id' }), 'landed_unreadable'],
    ['offline before sending', apiError('network', { outcomeUnknown: false }), 'not_sent'],
    ['503 without Retry-After', apiError('server', { status: 503 }), 'not_sent'],
    ['timeout after sending', apiError('network', { outcomeUnknown: true }), 'unknown'],
    ['500', apiError('server', { status: 500, outcomeUnknown: true }), 'unknown'],
    ['502', apiError('server', { status: 502, outcomeUnknown: true }), 'unknown'],
    ['504', apiError('server', { status: 504, outcomeUnknown: true }), 'unknown'],
    ['a thrown TypeError', new TypeError('x is undefined'), 'unknown'],
    ['a thrown string', 'weird', 'unknown'],
  ] as const;

  for (const [name, error, type] of cases) {
    it(`${name} → ${type}`, () => {
      expect(classifySendError(error).type).toBe(type);
    });
  }

  it('keeps the scope, reason and status for the UI, as plain data', () => {
    const decision = classifySendError(
      apiError('forbidden_scope', { status: 403, scope: 'posts:write', reason: 'missing scope', message: 'Forbidden' }),
    );
    expect(decision.error).toEqual({
      kind: 'forbidden_scope',
      message: 'Forbidden',
      status: 403,
      scope: 'posts:write',
      reason: 'missing scope',
    });
    expect(structuredClone(decision.error)).toEqual(decision.error);
  });

  it('carries the wait of a 429, and 60 s when it is missing or unusable', () => {
    expect(classifySendError(apiError('rate_limited', { retryAfterMs: 1_500 }))).toMatchObject({ retryAfterMs: 1_500 });
    expect(classifySendError(apiError('rate_limited'))).toMatchObject({ retryAfterMs: 60_000 });
    expect(classifySendError(apiError('rate_limited', { retryAfterMs: -5 }))).toMatchObject({ retryAfterMs: 60_000 });
  });

  it('names a non-ApiError "unexpected"', () => {
    expect(classifySendError(new Error('boom')).error).toEqual({ kind: 'unexpected', message: 'boom' });
  });
});
