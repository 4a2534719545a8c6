import { browser } from 'wxt/browser';

/** The alarm that wakes a stopped worker when the Outbox has work at a known time. */
export const DRAIN_ALARM = 'outbox-drain';

/**
 * Wakes the drainer at the time the Outbox asks: a short in-memory timer while the worker lives,
 * backed by an `alarms` alarm for when the browser has stopped it (alarms survive; timers do not).
 */
export class Waker {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly run: () => void) {}

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
