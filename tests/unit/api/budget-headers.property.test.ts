import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBudget } from '@/lib/api/budget-headers';

const NAMES = [
  'RateLimit',
  'RateLimit-Policy',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-RateLimit-Reset-After',
  'Date',
];

/** Pieces a server might put in these fields, right or wrong. */
const piece = fc.oneof(
  fc.constantFrom('"writes"', 'writes', ';', ',', '=', 'r=', 't=', 'q=', 'w=', 'limit=', 'remaining=', 'reset='),
  fc.constantFrom('"', '\\', ' ', '-', '.', 'e', 'NaN', 'Infinity', ':YWJj:', '?1', 'Sun, 06 Nov 1994 08:49:37 GMT'),
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
  // Any printable ASCII a header value may hold.
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 12 }),
);

const value = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));

const headers = fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: NAMES.length });

const now = fc.oneof(
  fc.integer({ min: 0, max: 4_102_444_800_000 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1, 0),
);

describe('readBudget (property)', () => {
  it('never throws, and every number it gives is finite and non-negative', () => {
    fc.assert(
      fc.property(headers, now, (fields, at) => {
        const signal = readBudget(new Headers(fields), at);
        if (signal === undefined) return;
        expect(['ietf', 'x-ratelimit']).toContain(signal.source);
        for (const n of [signal.remaining, signal.limit, signal.resetMs, signal.windowMs]) {
          if (n === undefined) continue;
          expect(Number.isFinite(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back what a well-formed IETF answer says', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1_000_000 }),
        fc.nat({ max: 86_400 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 86_400 }),
        (r, t, q, w) => {
          const signal = readBudget(
            new Headers({ RateLimit: `"writes";r=${r};t=${t}`, 'RateLimit-Policy': `"writes";q=${q};w=${w}` }),
            0,
          );
          expect(signal).toEqual({ source: 'ietf', remaining: r, resetMs: t * 1000, limit: q, windowMs: w * 1000 });
        },
      ),
    );
  });
});
