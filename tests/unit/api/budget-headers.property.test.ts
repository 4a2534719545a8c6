import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBudget } from '@/lib/api/budget-headers';
import { MAX_RETRY_AFTER_MS } from '@/lib/api/retry-after';

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

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);

/** A wait as pacing holds it: at most the one-day cap. */
const capped = (ms: number | undefined): number => Math.min(ms ?? 0, MAX_RETRY_AFTER_MS);

/** A time field's text and the wait it says (ms, capped). */
interface Time {
  text: string;
  ms: number;
}

/** Seconds from now (`t`, `Reset-After`): up to past the cap, or 16 to 400 digits. */
const delta = fc.oneof(
  fc.nat({ max: 200_000 }).map((s): Time => ({ text: String(s), ms: capped(s * 1000) })),
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 16, max: 400 }))
    .map(([lead, digits]): Time => ({ text: String(lead).padEnd(digits, '0'), ms: MAX_RETRY_AFTER_MS })),
);

/** A reset to be guessed (`reset=`, `RateLimit-Reset`, `X-RateLimit-Reset`): a delta, or an epoch in s or ms. */
const reset = fc.oneof(
  delta,
  fc.nat({ max: 200_000 }).map((s): Time => ({ text: String(NOW / 1000 + s), ms: capped(s * 1000) })),
  fc.nat({ max: 200_000_000 }).map((ms): Time => ({ text: String(NOW + ms), ms: capped(ms) })),
);

const counts = fc.array(fc.nat({ max: 1_000 }), { maxLength: 3 });
const times = (time: fc.Arbitrary<Time>) => fc.array(time, { maxLength: 2 });

/** A flat form's fields, each sent 0 to 3 times (as repeated lines or comma-joined, alike to fetch). */
const flat = fc.option(fc.record({ remaining: counts, limit: counts, reset: times(reset), after: times(delta) }), {
  nil: undefined,
});

/** Where each flat form puts a field's value: `[header, member]`. */
const FORMS: Record<'combined' | 'separate' | 'x', (field: string, value: string) => [string, string]> = {
  combined: (field, value) => ['RateLimit', `${field.toLowerCase()}=${value}`],
  separate: (field, value) => [`RateLimit-${field}`, value],
  x: (field, value) => [`X-RateLimit-${field}`, value],
};

/** Members no reading may take for a well-formed field. */
const JUNK = ['soon', '-1', '1e3', 'NaN', '"x";r=-1;t=5', '"y";t=9', 'remaining=lots', 'reset=-4', 'limit=', '12s'];

const policy = fc.record({
  name: fc.constantFrom('burst', 'minute', 'day'),
  r: fc.nat({ max: 1_000 }),
  t: fc.option(delta, { nil: undefined }),
});

/**
 * A set of budget headers in every form at once (several policies, repeated fields, junk members),
 * in shuffled order, with the well-formed fields it holds: `remaining`, `limits` and `resets` of
 * each flat form that names a remaining, and each current-draft policy's `r` and `t`.
 */
const headerSet = fc
  .record({
    policies: fc.array(policy, { maxLength: 4 }),
    combined: flat,
    separate: flat,
    x: flat,
    junk: fc.array(fc.tuple(fc.constantFrom(...NAMES.filter((n) => n !== 'Date')), fc.constantFrom(...JUNK))),
    date: fc.boolean(),
  })
  .chain(({ policies, junk, date, ...flats }) => {
    const seen = { remaining: [] as number[], limits: [] as number[], resets: [] as number[], policies };
    const members: (readonly [string, string])[] = [...junk];
    for (const { name, r, t } of policies) {
      members.push(['RateLimit', `"${name}";r=${r}${t === undefined ? '' : `;t=${t.text}`}`]);
      seen.remaining.push(r);
    }
    for (const [form, fields] of Object.entries(flats)) {
      if (fields === undefined) continue;
      const at = FORMS[form as keyof typeof FORMS];
      // Only `X-RateLimit-*` has a Reset-After.
      const after = form === 'x' ? fields.after : [];
      if (fields.remaining.length > 0) {
        seen.remaining.push(...fields.remaining);
        seen.limits.push(...fields.limit);
        seen.resets.push(...[...fields.reset, ...after].map((t) => t.ms));
      }
      for (const n of fields.remaining) members.push(at('Remaining', String(n)));
      for (const n of fields.limit) members.push(at('Limit', String(n)));
      for (const t of fields.reset) members.push(at('Reset', t.text));
      for (const t of after) members.push(at('Reset-After', t.text));
    }
    return fc
      .shuffledSubarray(members, { minLength: members.length })
      .map((shuffled) => ({ seen, members: shuffled, date }));
  });

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

  it('is never more generous than any single well-formed field sent, in any mix of forms', () => {
    fc.assert(
      fc.property(headerSet, ({ seen, members, date }) => {
        const headers = new Headers(date ? { Date: new Date(NOW).toUTCString() } : {});
        for (const [name, member] of members) headers.append(name, member);
        const signal = readBudget(headers, NOW);
        if (seen.remaining.length === 0) {
          expect(signal).toBeUndefined();
          return;
        }
        expect(signal?.remaining).toBe(Math.min(...seen.remaining));
        for (const limit of seen.limits) expect(signal?.limit).toBeLessThanOrEqual(limit);
        for (const ms of seen.resets) expect(capped(signal?.resetMs)).toBeGreaterThanOrEqual(ms);
        // A policy's reset binds at its own writes left: some reading holds at least as long.
        const readings = signal === undefined ? [] : [signal, ...(signal.later ?? [])];
        for (const { r, t } of seen.policies) {
          if (t !== undefined) expect(readings.some((c) => c.remaining <= r && capped(c.resetMs) >= t.ms)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
