import { describe, expect, it } from 'vitest';
import { readBudget, resetMs } from '@/lib/api/budget-headers';
import { MAX_RETRY_AFTER_MS } from '@/lib/api/retry-after';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const read = (fields: Record<string, string>, now = NOW) => readBudget(new Headers(fields), now);

describe('readBudget: the current IETF draft', () => {
  it('reads RateLimit with its policy (quoted names, as the sandbox sends)', () => {
    expect(read({ RateLimit: '"writes";r=3;t=12', 'RateLimit-Policy': '"writes";q=10;w=60' })).toEqual({
      source: 'ietf',
      remaining: 3,
      resetMs: 12_000,
      limit: 10,
      windowMs: 60_000,
    });
  });

  it('takes token names, and a RateLimit without a policy', () => {
    expect(read({ RateLimit: 'default;r=0;t=5', 'RateLimit-Policy': 'default;q=100;w=3600' })).toEqual({
      source: 'ietf',
      remaining: 0,
      resetMs: 5000,
      limit: 100,
      windowMs: 3_600_000,
    });
    expect(read({ RateLimit: '"writes";r=7' })).toEqual({ source: 'ietf', remaining: 7 });
  });

  it('with several policies, the one with the fewest writes left binds (a tie: the longer wait)', () => {
    const fields = {
      RateLimit: '"day";r=50;t=3600, "burst";r=1;t=2, "minute";r=1;t=40',
      'RateLimit-Policy': '"burst";q=5;w=10, "minute";q=30;w=60, "day";q=1000;w=86400',
    };
    // The day frees later: it is kept too, for a reserve it reaches.
    expect(read(fields)).toEqual({
      source: 'ietf',
      remaining: 1,
      resetMs: 40_000,
      limit: 30,
      windowMs: 60_000,
      later: [{ remaining: 50, resetMs: 3_600_000 }],
    });
  });

  it('keeps each policy that frees later than the binding one, with its writes left and reset', () => {
    expect(read({ RateLimit: '"burst";r=0;t=1, "day";r=1;t=3600' })).toEqual({
      source: 'ietf',
      remaining: 0,
      resetMs: 1000,
      later: [{ remaining: 1, resetMs: 3_600_000 }],
    });
  });

  it('ignores unknown parameters, partition keys and spacing', () => {
    expect(
      read({
        RateLimit: ' "writes" ; r=2 ; t=9 ; pk=:cHJvamVjdC0xMjM=:',
        'RateLimit-Policy': '"writes";q=4;w=20;qu="requests";pk=:cHJvamVjdC0xMjM=:',
      }),
    ).toEqual({ source: 'ietf', remaining: 2, resetMs: 9000, limit: 4, windowMs: 20_000 });
  });

  it('leaves out a garbage or negative field, and is undefined without a usable remaining', () => {
    expect(read({ RateLimit: '"w";r=4;t=-3', 'RateLimit-Policy': '"w";q=ten;w=60' })).toEqual({
      source: 'ietf',
      remaining: 4,
      windowMs: 60_000,
    });
    expect(read({ RateLimit: '"w";r=-1;t=3' })).toBeUndefined();
    expect(read({ RateLimit: '"w";t=3', 'RateLimit-Policy': '"w";q=10;w=60' })).toBeUndefined();
    expect(read({})).toBeUndefined();
  });
});

describe('readBudget: older IETF drafts', () => {
  it('one field as a dictionary: RateLimit: limit=10, remaining=3, reset=12', () => {
    expect(read({ RateLimit: 'limit=10, remaining=3, reset=12' })).toEqual({
      source: 'ietf',
      remaining: 3,
      limit: 10,
      resetMs: 12_000,
    });
  });

  it('separate fields, with a quota policy in RateLimit-Limit or RateLimit-Policy', () => {
    expect(read({ 'RateLimit-Limit': '10, 10;w=60', 'RateLimit-Remaining': '6', 'RateLimit-Reset': '30' })).toEqual({
      source: 'ietf',
      remaining: 6,
      limit: 10,
      resetMs: 30_000,
      windowMs: 60_000,
    });
    expect(read({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '6', 'RateLimit-Policy': '10;w=1' })).toEqual({
      source: 'ietf',
      remaining: 6,
      limit: 10,
      windowMs: 1000,
    });
  });
});

describe('readBudget: X-RateLimit-*', () => {
  it('Reset as epoch seconds (GitHub), epoch ms, or seconds from now', () => {
    const base = { 'X-RateLimit-Limit': '5000', 'X-RateLimit-Remaining': '4999' };
    const at = (reset: string) => read({ ...base, 'X-RateLimit-Reset': reset })?.resetMs;
    expect(at(String(NOW / 1000 + 90))).toBe(90_000);
    expect(at(String(NOW + 1500))).toBe(1500);
    expect(at('42')).toBe(42_000);
    expect(at(String(NOW / 1000 - 5))).toBe(0); // already past
    expect(read({ ...base, 'X-RateLimit-Reset': '60' })).toEqual({
      source: 'x-ratelimit',
      remaining: 4999,
      limit: 5000,
      resetMs: 60_000,
    });
  });

  it('measures an epoch Reset against the answer’s Date, not a skewed local clock', () => {
    const fields = {
      'X-RateLimit-Remaining': '1',
      'X-RateLimit-Reset': String(NOW / 1000 + 30),
      Date: new Date(NOW).toUTCString(),
    };
    expect(read(fields, NOW + 3_600_000)?.resetMs).toBe(30_000);
  });

  it('reads X-RateLimit-Reset-After as fractional seconds; with Reset too, the later of the two', () => {
    expect(read({ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset-After': '1.25' })).toEqual({
      source: 'x-ratelimit',
      remaining: 0,
      resetMs: 1250,
    });
    expect(
      read({ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '999', 'X-RateLimit-Reset-After': '1.25' })?.resetMs,
    ).toBe(999_000);
    expect(
      read({ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '1', 'X-RateLimit-Reset-After': '1.25' })?.resetMs,
    ).toBe(1250);
  });

  it('garbage fields are left out; without a remaining there is no signal', () => {
    expect(read({ 'X-RateLimit-Remaining': '3', 'X-RateLimit-Limit': 'lots', 'X-RateLimit-Reset': 'soon' })).toEqual({
      source: 'x-ratelimit',
      remaining: 3,
    });
    expect(read({ 'X-RateLimit-Remaining': '-2', 'X-RateLimit-Limit': '10' })).toBeUndefined();
    expect(read({ 'X-RateLimit-Remaining': '1e3' })).toBeUndefined();
    expect(read({ 'X-RateLimit-Limit': '10', 'X-RateLimit-Reset': '60' })).toBeUndefined();
  });

  it('both dialects sent: the source is IETF', () => {
    expect(read({ RateLimit: '"w";r=2;t=3', 'X-RateLimit-Remaining': '9' })?.source).toBe('ietf');
  });
});

describe('readBudget: the most cautious reading of ambiguous fields', () => {
  it('a repeated or comma-joined X-RateLimit field: fewest left, lowest limit, latest reset', () => {
    expect(read({ 'X-RateLimit-Remaining': '5, 0' })).toEqual({ source: 'x-ratelimit', remaining: 0 });
    // Two header lines of one name, as fetch joins them (", ").
    const appended = new Headers();
    for (const [name, value] of [
      ['X-RateLimit-Limit', '10'],
      ['X-RateLimit-Remaining', '5'],
      ['X-RateLimit-Reset', '10'],
      ['X-RateLimit-Limit', '5'],
      ['X-RateLimit-Remaining', '0'],
      ['X-RateLimit-Reset', '60'],
    ] as const) {
      appended.append(name, value);
    }
    expect(readBudget(appended, NOW)).toEqual({ source: 'x-ratelimit', remaining: 0, limit: 5, resetMs: 60_000 });
    expect(read({ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset-After': '2, 30' })?.resetMs).toBe(30_000);
  });

  it('repeated keys in the older IETF forms: fewest left, lowest limit, latest reset, longest window', () => {
    expect(read({ RateLimit: 'remaining=5, limit=10;w=10, reset=10, remaining=0, limit=5;w=60, reset=60' })).toEqual({
      source: 'ietf',
      remaining: 0,
      limit: 5,
      resetMs: 60_000,
      windowMs: 60_000,
    });
    expect(read({ 'RateLimit-Remaining': '5, 0', 'RateLimit-Limit': '10, 5', 'RateLimit-Reset': '10, 60' })).toEqual({
      source: 'ietf',
      remaining: 0,
      limit: 5,
      resetMs: 60_000,
    });
  });

  it('IETF and X-RateLimit both sent and disagreeing: the stricter of the two per field', () => {
    expect(read({ RateLimit: '"w";r=9;t=1', 'X-RateLimit-Remaining': '0' })).toEqual({
      source: 'ietf',
      remaining: 0,
      resetMs: 1000,
    });
    expect(
      read({
        RateLimit: '"w";r=0;t=1',
        'RateLimit-Policy': '"w";q=10;w=60',
        'X-RateLimit-Limit': '4',
        'X-RateLimit-Remaining': '3',
        'X-RateLimit-Reset': '30',
      }),
    ).toEqual({ source: 'ietf', remaining: 0, limit: 4, resetMs: 30_000, windowMs: 60_000 });
  });

  it('a reset too long for 15 digits holds at least the longest wait we honour, never none', () => {
    const huge = ['1'.padEnd(16, '0'), '9'.repeat(40), '7'.repeat(400)];
    for (const digits of huge) {
      const forms: Record<string, string>[] = [
        { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': digits },
        { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset-After': digits },
        { RateLimit: `"w";r=0;t=${digits}` },
        { RateLimit: `remaining=0, reset=${digits}` },
      ];
      for (const fields of forms) {
        const reset = read(fields)?.resetMs;
        expect(Number.isFinite(reset)).toBe(true);
        expect(reset).toBeGreaterThanOrEqual(MAX_RETRY_AFTER_MS);
      }
    }
  });
});

describe('resetMs', () => {
  it('rounds seconds up to whole ms, and refuses garbage', () => {
    expect(resetMs('0.0004', NOW)).toBe(1);
    expect(resetMs('', NOW)).toBeUndefined();
    expect(resetMs('12s', NOW)).toBeUndefined();
    expect(resetMs(null, NOW)).toBeUndefined();
  });
});
