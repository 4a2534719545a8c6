import type { BudgetSignal } from '@/lib/api/budget';
import { ApiError } from '@/lib/api/errors';
import { MemoryOutboxStore } from '@/lib/queue/memory-store';
import { Outbox } from '@/lib/queue/outbox';
import type { WriteSender } from '@/lib/queue/types';
import type { SimClock } from './sim';

/** One attempt the server decided: when, by whom, accepted or not, and which write (ours). */
export interface Entry {
  at: number;
  who: 'ext' | 'web';
  ok: boolean;
  body?: string;
}

/** The figures an honest answer announces: `resetMs` exact or, as most servers send it, in whole seconds up. */
export interface Answer {
  ok: boolean;
  limit: number;
  remaining: number;
  resetMs: number;
  windowMs: number;
}

/** What an answer's headers say: the honest figures, something else (a liar), or nothing. */
export type Announce = (answer: Answer) => Omit<BudgetSignal, 'source'> | undefined;

export const honest: Announce = ({ limit, remaining, resetMs, windowMs }) => ({ limit, remaining, resetMs, windowMs });
/** As the sandbox and `RateLimit: t=` say it: the reset in whole seconds, rounded up. */
export const honestWholeSeconds: Announce = ({ limit, remaining, resetMs, windowMs }) => ({
  limit,
  remaining,
  resetMs: Math.ceil(resetMs / 1_000) * 1_000,
  windowMs,
});
export const silent: Announce = () => undefined;

/**
 * A platform with a sliding-window budget: at most `limit` accepted writes of the account in any
 * (now − window, now], the extension's and the website's together. It decides when a request
 * arrives; the client hears the answer `latencyMs` later, with Retry-After in whole seconds.
 */
export class SlidingWindowServer {
  readonly log: Entry[] = [];
  /** Each 429 as the client heard it: how many attempts the log held then, and the time it named. */
  readonly refusals: { heardAfter: number; until: number }[] = [];

  constructor(
    private readonly clock: SimClock,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly announce: Announce,
    private readonly latencyMs: number,
  ) {}

  /** Tries one write now; returns the answer's true figures. */
  attempt(who: Entry['who'], body?: string): Answer {
    const now = this.clock.now;
    const inWindow = this.log.filter((e) => e.ok && e.at > now - this.windowMs);
    const ok = inWindow.length < this.limit;
    this.log.push({ at: now, who, ok, ...(body === undefined ? {} : { body }) });
    const oldest = (ok ? [...inWindow, { at: now }] : inWindow)[0]?.at ?? now;
    const remaining = this.limit - inWindow.length - (ok ? 1 : 0);
    return { ok, limit: this.limit, remaining, resetMs: oldest + this.windowMs - now, windowMs: this.windowMs };
  }

  readonly sender: WriteSender = (item, hooks = {}) =>
    new Promise((resolve, reject) => {
      const answer = this.attempt('ext', item.request.kind === 'post' ? item.request.body : undefined);
      const said = this.announce(answer);
      this.clock.setTimer(this.clock.now + this.latencyMs, () => {
        void (async () => {
          if (answer.ok) {
            if (said !== undefined) await hooks.onBudget?.({ ...said, source: 'ietf' });
            resolve({ id: `c_${this.log.length}` });
            return;
          }
          const retryAfterMs = Math.max(1_000, Math.ceil(answer.resetMs / 1_000) * 1_000);
          this.refusals.push({ heardAfter: this.log.length, until: this.clock.now + retryAfterMs });
          await hooks.onRefused?.(retryAfterMs, 429);
          if (said !== undefined) await hooks.onBudget?.({ ...said, source: 'ietf' });
          reject(new ApiError({ kind: 'rate_limited', message: '429', status: 429, retryAfterMs }));
        })();
      });
    });

  /** The extension's accepted writes in the trailing window at `at`. */
  oursAt(at: number): number {
    return this.log.filter((e) => e.ok && e.who === 'ext' && e.at > at - this.windowMs && e.at <= at).length;
  }

  /** Our sends that left after a 429 was heard and before the time it named. */
  earlySends(): Entry[] {
    return this.log.filter((e, i) => e.who === 'ext' && this.refusals.some((r) => i >= r.heardAfter && e.at < r.until));
  }
}

/** An Outbox on the simulated clock, and `kick`: drain now and again at each wake it names, as the alarm does. */
export async function simOutbox(clock: SimClock, sender: WriteSender, reserve = 0) {
  let ids = 0;
  const outbox = await Outbox.open({
    store: new MemoryOutboxStore(),
    sender,
    findLanded: async () => [],
    clock: () => clock.now,
    random: () => 0.5,
    newId: () => `item-${++ids}`,
    reserveFor: () => reserve,
  });
  let cancelAlarm: () => void = () => undefined;
  const kick = (): void => {
    void outbox.drain().then((result) => {
      cancelAlarm();
      if (result.nextWakeAt !== null) cancelAlarm = clock.setTimer(Math.max(result.nextWakeAt, clock.now), kick);
    });
  };
  return { outbox, kick };
}
