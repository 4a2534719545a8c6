import { browser } from 'wxt/browser';
import type { DrainResult } from '@/lib/queue';
import { fullJitter } from '@/lib/queue/backoff';

/** The alarm that wakes a stopped worker when the Outbox has work at a known time. */
export const DRAIN_ALARM = 'outbox-drain';

/**
 * A slower alarm that exists while any write is still to be sent, whatever the exact wake-up says:
 * should that one ever be lost (a worker stopped between a pass and its alarm, a read that made an
 * account look keyless), the Outbox is looked at again within a minute instead of never.
 */
export const BACKSTOP_ALARM = 'outbox-backstop';
/** How often the backstop wakes the drainer while writes wait (minutes; Chrome's minimum is 0.5). */
export const BACKSTOP_PERIOD_MINUTES = 1;

/**
 * How soon after a send starts the worker is woken if nothing else did (it was stopped mid-send):
 * set before every send, replaced by the exact time once the pass ends.
 */
export const SEND_WATCHDOG_MS = 5_000;

/** Retries of a drain pass that threw: full jitter over 1 s doubling to 5 min. */
const DRAIN_RETRY = { baseMs: 1_000, capMs: 5 * 60_000 };

/** A drain pass that threw, as the status shows it. */
export interface DrainFailure {
  message: string;
  at: number;
  retryAt: number;
  attempt: number;
}

/**
 * Wakes the drainer at the time the Outbox asks: a short in-memory timer while the worker lives,
 * backed by an `alarms` alarm for when the browser has stopped it (alarms survive; timers do not).
 */
export class Waker {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failure: DrainFailure | undefined;

  constructor(
    private readonly run: () => void,
    private readonly random: () => number = Math.random,
  ) {}

  /** The last pass's failure while passes keep failing; undefined after a pass that succeeded. */
  get lastFailure(): DrainFailure | undefined {
    return this.failure;
  }

  /** Before a send: wake in {@link SEND_WATCHDOG_MS} unless the pass ends first and says otherwise. */
  async watch(now: number = Date.now()): Promise<void> {
    await browser.alarms.create(DRAIN_ALARM, { when: now + SEND_WATCHDOG_MS });
  }

  /** A pass ended (its DrainResult): forget earlier failures, wake at the time it asked for, keep the backstop while writes are pending. */
  async succeeded({ nextWakeAt: at, pending }: DrainResult, now: number = Date.now()): Promise<void> {
    this.failure = undefined;
    await Promise.all([this.schedule(at, now), this.backstop(pending)]);
  }

  /** The backstop alarm exists exactly while writes are pending (created once, not moved by each pass). */
  async backstop(pending: boolean): Promise<void> {
    if (!pending) {
      await browser.alarms.clear(BACKSTOP_ALARM);
      return;
    }
    if ((await browser.alarms.get(BACKSTOP_ALARM)) !== undefined) return;
    await browser.alarms.create(BACKSTOP_ALARM, {
      delayInMinutes: BACKSTOP_PERIOD_MINUTES,
      periodInMinutes: BACKSTOP_PERIOD_MINUTES,
    });
  }

  /** A pass threw: record why and try again after a jittered, growing wait (never just logged). */
  async failed(error: unknown, now: number = Date.now()): Promise<DrainFailure> {
    const attempt = this.failure === undefined ? 0 : this.failure.attempt + 1;
    const retryAt = now + Math.max(1_000, fullJitter(attempt, DRAIN_RETRY, this.random));
    const message = error instanceof Error ? error.message : String(error);
    this.failure = { message, at: now, retryAt, attempt };
    await this.schedule(retryAt, now);
    return this.failure;
  }

  /** Wakes at `at` (epoch ms), at once when it is past, never when null. */
  async schedule(at: number | null, now: number = Date.now()): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (at === null) {
      await browser.alarms.clear(DRAIN_ALARM);
      return;
    }
    const delay = Math.max(0, at - now);
    this.timer = setTimeout(this.run, delay);
    // The browser may round a near alarm up (30 s for packed extensions): the timer covers that gap.
    await browser.alarms.create(DRAIN_ALARM, { when: Math.max(at, now + 1_000) });
  }
}
