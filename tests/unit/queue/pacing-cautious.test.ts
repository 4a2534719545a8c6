import { describe, expect, it } from 'vitest';
import { readBudget } from '@/lib/api/budget-headers';
import { type Accepted, observeBudget } from '@/lib/queue/budget';
import { pacedUntil } from '@/lib/queue/pacing';

const T = Date.UTC(2026, 10, 22, 8, 0, 0);
const SECOND = 1_000;

/** Until when the next write waits at `now` (default: `seenAt`), after the answer to the newest of `accepted`. */
function holdAfter(
  headers: Record<string, string>,
  accepted: Accepted[],
  seenAt: number,
  reserve: number,
  now = seenAt,
) {
  const signal = readBudget(new Headers(headers), seenAt);
  if (signal === undefined) throw new Error('no budget read');
  const budget = observeBudget(signal, seenAt, accepted.at(-1)?.id ?? 'p_1');
  return pacedUntil({ account: 'acct-a', budget }, accepted, reserve, now);
}

describe('pacing keeps the reserve against every announced policy', () => {
  const policies = { RateLimit: '"burst";r=0;t=1, "day";r=1;t=3600' };
  const one: Accepted[] = [{ id: 'p_1', at: T }];

  it('a policy other than the one with the fewest writes left, at the reserve, holds until its reset', () => {
    // The burst frees in 1 s, but the day has only the website's reserved write left.
    expect(holdAfter(policies, one, T, 1)).toBe(T + 3_600 * SECOND);
  });

  it('without a reserve only the exhausted policy holds, as with one policy', () => {
    expect(holdAfter(policies, one, T, 0)).toBe(T + SECOND);
  });
});

describe('our own send log never ends a hold before a longer announced reset', () => {
  it('five of our writes explain the use, but the server says an hour, not our 60 s window', () => {
    const five = [0, 1, 2, 3, 4].map((s) => ({ id: `p_${s + 1}`, at: T + s * SECOND }));
    const headers = { RateLimit: '"w";r=0;t=3600', 'RateLimit-Policy': '"w";q=5;w=60' };
    expect(holdAfter(headers, five, T + 4 * SECOND, 0)).toBe(T + 3_604 * SECOND);
  });

  it('the hold does not end early as it runs: our log is judged as of the answer', () => {
    // A refused write (none accepted), quota 0: our empty log explains the use, the reset says 2 s.
    const headers = { RateLimit: '"w";r=0;t=2', 'RateLimit-Policy': '"w";q=0;w=1' };
    for (const ms of [0, 999, 1_000, 1_999]) expect(holdAfter(headers, [], T, 0, T + ms)).toBe(T + 2 * SECOND);
  });

  it('within the reset’s whole-second rounding, our log still times the wait to the ms', () => {
    const two = [
      { id: 'p_1', at: T + 200 },
      { id: 'p_2', at: T + 500 },
    ];
    const headers = { RateLimit: '"w";r=0;t=10', 'RateLimit-Policy': '"w";q=2;w=10' };
    expect(holdAfter(headers, two, T + 500, 0)).toBe(T + 10_200);
  });
});
