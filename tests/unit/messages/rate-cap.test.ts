import { describe, expect, it } from 'vitest';
import { createRateCap } from '@/lib/messages/rate-cap';

describe('createRateCap', () => {
  it('allows a burst, then the sustained rate, per key', () => {
    let now = 1_000_000;
    const cap = createRateCap({ perSecond: 2, burst: 3, now: () => now });
    expect([cap.take(1), cap.take(1), cap.take(1)].every((r) => r.ok)).toBe(true);
    const refused = cap.take(1);
    expect(refused).toEqual({ ok: false, retryAt: now + 500 });
    expect(cap.take(2).ok).toBe(true);
    now += 500;
    expect(cap.take(1).ok).toBe(true);
    expect(cap.take(1).ok).toBe(false);
    now += 10_000;
    expect([cap.take(1), cap.take(1), cap.take(1), cap.take(1)].map((r) => r.ok)).toEqual([true, true, true, false]);
  });

  it('survives a clock going backwards', () => {
    let now = 5000;
    const cap = createRateCap({ perSecond: 1, burst: 1, now: () => now });
    expect(cap.take(1).ok).toBe(true);
    now = 0;
    expect(cap.take(1).ok).toBe(false);
  });

  it('forgets a closed tab and keeps memory bounded', () => {
    const cap = createRateCap({ perSecond: 1, burst: 1, now: () => 0, maxKeys: 10 });
    expect(cap.take(1).ok).toBe(true);
    cap.forget(1);
    expect(cap.take(1).ok).toBe(true);
    for (let tab = 100; tab < 10_000; tab += 1) cap.take(tab);
    // Still works after pruning thousands of tabs.
    expect(cap.take(99_999).ok).toBe(true);
  });
});
