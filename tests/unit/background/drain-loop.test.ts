import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DrainLoop } from '@/entrypoints/background/drain-loop';
import { DRAIN_ALARM } from '@/entrypoints/background/wake';
import type { DrainResult, Outbox } from '@/lib/queue';

const NOW = 1_800_000_000_000;

/** An Outbox whose passes answer what the test says, one after another. */
function fakeOutbox(passes: (() => DrainResult)[]) {
  const pruned: { keep: number; maxAgeMs: number }[] = [];
  const outbox = {
    drain: vi.fn(async () => {
      const next = passes.shift();
      if (next === undefined) throw new Error('no more passes');
      return next();
    }),
    pruneSent: vi.fn(async (bounds: { keep: number; maxAgeMs: number }) => {
      pruned.push(bounds);
    }),
  };
  return { outbox: outbox as unknown as Outbox, drain: outbox.drain, pruned };
}

const done: DrainResult = { nextWakeAt: null, pending: false } as DrainResult;
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('DrainLoop', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers({ now: NOW });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a failing pass in its health, retries it after a wait, and says when it recovered', async () => {
    const { outbox, drain, pruned } = fakeOutbox([
      () => {
        throw new Error('disk unavailable');
      },
      () => done,
    ]);
    const healthChanged = vi.fn();
    const loop = new DrainLoop({
      outbox: async () => outbox,
      historyBounds: async () => ({ keep: 100, maxAgeMs: 1_000 }),
      healthChanged,
      random: () => 0,
    });
    loop.kick();
    await settle();
    expect(loop.failure).toMatchObject({ message: 'disk unavailable', attempt: 0, retryAt: NOW + 1_000 });
    expect(healthChanged).toHaveBeenCalledTimes(1);
    // Retried by itself, never at once: a wake-up exists for it (timer and alarm).
    expect(drain).toHaveBeenCalledTimes(1);
    expect(await fakeBrowser.alarms.get(DRAIN_ALARM)).toBeDefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(drain).toHaveBeenCalledTimes(2);
    expect(loop.failure).toBeUndefined();
    expect(healthChanged).toHaveBeenCalledTimes(2);
    // A good pass prunes the history to the settings' bounds.
    expect(pruned).toEqual([{ keep: 100, maxAgeMs: 1_000 }]);
  });

  it('arms the watchdog alarm before a send', async () => {
    const loop = new DrainLoop({
      outbox: async () => fakeOutbox([]).outbox,
      historyBounds: async () => ({ keep: 1, maxAgeMs: 1 }),
      healthChanged: () => undefined,
    });
    await loop.beforeSend();
    expect((await fakeBrowser.alarms.get(DRAIN_ALARM))?.scheduledTime).toBeGreaterThan(NOW);
  });
});
