import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  BACKSTOP_ALARM,
  BACKSTOP_PERIOD_MINUTES,
  DRAIN_ALARM,
  SEND_WATCHDOG_MS,
  Waker,
} from '@/entrypoints/background/wake';

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

  it('arms the alarm before a send, so a worker stopped mid-send is woken', async () => {
    const waker = new Waker(vi.fn());
    await waker.watch(NOW);
    expect(await fakeBrowser.alarms.get(DRAIN_ALARM)).toMatchObject({ scheduledTime: NOW + SEND_WATCHDOG_MS });
    // The pass ended and named its own time: that replaces the watchdog.
    await waker.succeeded({ nextWakeAt: NOW + 60_000, pending: true }, NOW + 100);
    expect(await fakeBrowser.alarms.get(DRAIN_ALARM)).toMatchObject({ scheduledTime: NOW + 60_000 });
  });

  it('retries a pass that threw after a growing, jittered wait, and forgets the failures after a success', async () => {
    const run = vi.fn();
    const waker = new Waker(run, () => 0.999);
    const first = await waker.failed(new Error('IndexedDB refused'), NOW);
    expect(first).toMatchObject({ message: 'IndexedDB refused', attempt: 0, at: NOW });
    expect(first.retryAt).toBeGreaterThanOrEqual(NOW + 1_000);
    expect(await fakeBrowser.alarms.get(DRAIN_ALARM)).toMatchObject({ scheduledTime: first.retryAt });
    const second = await waker.failed(new Error('again'), NOW);
    const third = await waker.failed(new Error('again'), NOW);
    expect(second.attempt).toBe(1);
    expect(third.retryAt - NOW).toBeGreaterThan(second.retryAt - NOW);
    await waker.succeeded({ nextWakeAt: null, pending: false }, NOW);
    expect((await waker.failed(new Error('new trouble'), NOW)).attempt).toBe(0);
  });
});

describe('Waker backstop', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a minute-ly alarm while writes are pending, even those no exact time was asked for', async () => {
    const waker = new Waker(vi.fn());
    // Writes wait, but no pass can name a time (say, a read made their account look keyless).
    await waker.succeeded({ nextWakeAt: null, pending: true }, NOW);
    expect(await fakeBrowser.alarms.get(DRAIN_ALARM)).toBeUndefined();
    expect(await fakeBrowser.alarms.get(BACKSTOP_ALARM)).toMatchObject({ periodInMinutes: BACKSTOP_PERIOD_MINUTES });
  });

  it('is created once, not pushed back by every pass, and cleared when nothing is pending', async () => {
    const waker = new Waker(vi.fn());
    await waker.succeeded({ nextWakeAt: NOW + 5_000, pending: true }, NOW);
    const first = await fakeBrowser.alarms.get(BACKSTOP_ALARM);
    expect(first).toBeDefined();
    // Four seconds on, the next pass: an alarm made again would now be due four seconds later.
    vi.setSystemTime(NOW + 4_000);
    await waker.succeeded({ nextWakeAt: NOW + 9_000, pending: true }, NOW + 4_000);
    expect(await fakeBrowser.alarms.get(BACKSTOP_ALARM)).toEqual(first);
    await waker.succeeded({ nextWakeAt: null, pending: false }, NOW + 9_000);
    expect(await fakeBrowser.alarms.get(BACKSTOP_ALARM)).toBeUndefined();
  });
});
