import { describe, expect, it } from 'vitest';
import { parseHttpDate, parseRetryAfter, retryAfterMs } from '@/lib/api/retry-after';

const NOW = Date.UTC(1994, 10, 6, 8, 49, 0);

describe('parseHttpDate', () => {
  it.each([
    ['Sun, 06 Nov 1994 08:49:37 GMT', Date.UTC(1994, 10, 6, 8, 49, 37)],
    ['Sunday, 06-Nov-94 08:49:37 GMT', Date.UTC(1994, 10, 6, 8, 49, 37)],
    ['Sun Nov  6 08:49:37 1994', Date.UTC(1994, 10, 6, 8, 49, 37)],
    ['1994-11-06T08:49:37Z', Date.UTC(1994, 10, 6, 8, 49, 37)],
    ['Sunday, 06-Nov-26 08:49:37 GMT', Date.UTC(2026, 10, 6, 8, 49, 37)],
  ])('reads %s', (text, expected) => {
    expect(parseHttpDate(text)).toBe(expected);
  });

  it.each(['', 'tomorrow', '1', '06 Nov 1994', 'Sun, 06 Foo 1994 08:49:37 GMT', 'Sun, 06 Nov 1994 25:49:37 GMT'])(
    'refuses %j',
    (text) => {
      expect(parseHttpDate(text)).toBeUndefined();
    },
  );
});

describe('parseRetryAfter / retryAfterMs', () => {
  it('reads seconds and dates, and reports unusable values as undefined', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(37_000);
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter('-1', NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
  });

  it('falls back to 60 s, floors at 1 s and caps at one day', () => {
    expect(retryAfterMs(undefined, NOW)).toBe(60_000);
    expect(retryAfterMs('abc', NOW, null, Number.NaN)).toBe(60_000);
    expect(retryAfterMs(null, NOW, null, -3)).toBe(60_000);
    expect(retryAfterMs(null, NOW, null, 4.2)).toBe(4200);
    expect(retryAfterMs('0', NOW)).toBe(1000);
    expect(retryAfterMs('86401', NOW)).toBe(86_400_000);
  });
});
