import { describe, expect, it } from 'vitest';
import { readBudget } from '@/lib/api/budget-headers';
import { type Accepted, observeBudget } from '@/lib/queue/budget';
import { pacedUntil } from '@/lib/queue/pacing';

const T = Date.UTC(2026, 10, 22, 8, 0, 0);
const SECOND = 1_000;

/** Until when the next write waits after the answer to the newest of `accepted`, heard at `seenAt`. */
function holdAfter(headers: Record<string, string>, accepted: Accepted[], seenAt: number, reserve: number) {
  const signal = readBudget(new Headers(headers), seenAt);
  if (signal === undefined) throw new Error('no budget read');
  const budget = observeBudget(signal, seenAt, accepted.at(-1)?.id ?? 'p_1');
  return pacedUntil({ account: 'acct-a', budget }, accepted, reserve, seenAt);
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
