import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJson } from '@/lib/same-json';
import { keepUnchanged } from '@/lib/ui/keep-unchanged';

const post = (id: string, body: string, extra: Record<string, unknown> = {}) => ({ id, body, ...extra });

describe('keepUnchanged', () => {
  it('keeps the records of unchanged posts, takes the changed and new ones, in the fresh order', () => {
    const a = post('a', 'one', { reactionCounts: { well_sourced: 1 } });
    const b = post('b', 'two');
    const c = post('c', 'three');
    const fresh = [
      post('d', 'new'),
      { reactionCounts: { well_sourced: 1 }, body: 'one', id: 'a' },
      post('b', 'edited'),
      { ...c },
    ];
    const told: string[] = [];
    const result = keepUnchanged([a, b, c], fresh, (kept, from) => told.push(`${kept.id}:${kept === from}`));
    expect(result.map((entry) => entry.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(result[0]).toBe(fresh[0]);
    expect(result[1]).toBe(a);
    expect(result[2]).toBe(fresh[2]);
    expect(result[3]).toBe(c);
    expect(told).toEqual(['a:false', 'c:false']);
  });

  it('a count that moved, a field added or dropped, is a change', () => {
    const before = post('a', 'x', { reactionCounts: { well_sourced: 1 }, author: { handle: 'h' } });
    for (const after of [
      post('a', 'x', { reactionCounts: { well_sourced: 2 }, author: { handle: 'h' } }),
      post('a', 'x', { reactionCounts: { well_sourced: 1 }, author: { handle: 'h', displayName: 'H' } }),
      post('a', 'x', { reactionCounts: { well_sourced: 1 } }),
    ]) {
      expect(keepUnchanged([before], [after])[0]).toBe(after);
    }
  });
});

/** JSON values as the API's posts hold them. */
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false),
    fc.integer(),
    fc.string({ maxLength: 3 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 2 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

describe('sameJson', () => {
  it('agrees with comparing the values written with sorted keys', () => {
    const sorted = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sorted)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.keys(value)
                .sort()
                .map((key) => [key, sorted(Reflect.get(value, key))]),
            )
          : value;
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(sameJson(a, b)).toBe(JSON.stringify(sorted(a)) === JSON.stringify(sorted(b)));
        expect(sameJson(a, structuredClone(a))).toBe(true);
      }),
    );
  });

  it('an array is never equal to an object with the same entries', () => {
    expect(sameJson(['x'], { 0: 'x' })).toBe(false);
    expect(sameJson({ 0: 'x' }, ['x'])).toBe(false);
  });
});
