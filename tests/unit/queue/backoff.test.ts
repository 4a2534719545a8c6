import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffWindow, fullJitter } from '@/lib/queue/backoff';

const options = { baseMs: 500, capMs: 30_000 };

describe('backoffWindow', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([0, 1, 2, 3, 5, 6, 7, 100].map((attempt) => backoffWindow(attempt, options))).toEqual([
      500, 1_000, 2_000, 4_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('treats a negative attempt as the first and never overflows', () => {
    expect(backoffWindow(-3, options)).toBe(500);
    expect(backoffWindow(Number.MAX_SAFE_INTEGER, options)).toBe(30_000);
  });
});

describe('fullJitter', () => {
  it('is a whole number in [0, window) for any attempt and any random value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000 }), fc.double({ noNaN: false }), (attempt, random) => {
        const delay = fullJitter(attempt, options, () => random);
        const window = backoffWindow(attempt, options);
        return Number.isInteger(delay) && delay >= 0 && delay < window;
      }),
      { numRuns: 1_000 },
    );
  });
});
