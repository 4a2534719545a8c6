import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DRAIN_ALARM, Waker } from '@/entrypoints/background/wake';

const NOW = 1_800_000_000_000;

describe('Waker', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the drainer at the time asked, never before, with an alarm behind it for a stopped worker', async () => {
    const run = vi.fn();
    await new Waker(run).schedule(NOW + 10_000, NOW);
    expect(await fakeBrowser.alarms.get(DRAIN_ALARM)).toMatchObject({ scheduledTime: NOW + 10_000 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once for a time already past, and keeps the alarm at least a second ahead', async () => {
    const run = vi.fn();
    await new Waker(run).schedule(NOW - 5, NOW);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(await fakeBrowser.alarms.get(DRAIN_ALARM)).toMatchObject({ scheduledTime: NOW + 1_000 });
  });

  it('replaces the previous wake-up, and clears it all when nothing is pending', async () => {
    const run = vi.fn();
    const waker = new Waker(run);
    await waker.schedule(NOW + 1_000, NOW);
    await waker.schedule(NOW + 3_000, NOW);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).not.toHaveBeenCalled();
    await waker.schedule(null, NOW + 2_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).not.toHaveBeenCalled();
    expect(await fakeBrowser.alarms.get(DRAIN_ALARM)).toBeUndefined();
  });
});
