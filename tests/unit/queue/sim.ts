import type { BudgetSignal } from '@/lib/api/budget';
import { ApiError } from '@/lib/api/errors';
import type { FindLanded, OutboxItem, SendResult, WriteSender } from '@/lib/queue/types';
import { type Generation, never } from '../../support/worker-life';
import { label } from './harness';

export { fencedStore, Generation } from '../../support/worker-life';

/**
 * A tiny deterministic world for property tests: virtual time with its own timers, a fake server
 * with a write log, and "worker generations" that can be stopped at any store write, as the
 * browser stops a service worker. Faster and more controllable than fake timers over 1,000 runs.
 */
export class SimClock {
  now = 0;
  private timers: { at: number; order: number; fn: () => void }[] = [];
  private order = 0;
  /** Called after every timer and every flush, e.g. to restart a stopped worker. */
  afterStep: () => Promise<void> = async () => undefined;

  setTimer(at: number, fn: () => void): () => void {
    const timer = { at, order: this.order++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  nextTimerAt(): number | undefined {
    return this.earliest()?.at;
  }

  /** Lets every queued promise callback run (nothing in the world uses real macrotasks). */
  async flush(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await this.afterStep();
  }

  /** Runs every timer due up to `target`, in time order, then sets the clock to `target`. */
  async advanceTo(target: number): Promise<void> {
    for (let next = this.earliest(); next !== undefined && next.at <= target; next = this.earliest()) {
      this.timers = this.timers.filter((t) => t !== next);
      this.now = Math.max(this.now, next.at);
      next.fn();
      await this.flush();
    }
    this.now = Math.max(this.now, target);
    await this.flush();
  }

  private earliest() {
    let best: (typeof this.timers)[number] | undefined;
    for (const timer of this.timers) {
      if (best === undefined || timer.at < best.at || (timer.at === best.at && timer.order < best.order)) best = timer;
    }
    return best;
  }
}

/** Budget headers a reply may carry (told to the client through `onBudget`). */
export type SimBudget = Omit<BudgetSignal, 'source'>;

/** How the fake server answers one request (taken in order; `ok` once the script runs out). */
export type ServerReply =
  | { type: 'ok'; latencyMs: number; budget?: SimBudget }
  | { type: 'rate_limited'; latencyMs: number; retryAfterS: number; budget?: SimBudget }
  /** A 503 naming a wait: like a 429 (nothing written). */
  | { type: 'unavailable'; latencyMs: number; retryAfterS: number }
  /** Commits, then the connection drops: the client sees a network error after sending. */
  | { type: 'drop_after_commit'; latencyMs: number; hidden: boolean }
  /** A 502 before anything was written. */
  | { type: 'bad_gateway'; latencyMs: number }
  /** The request never leaves the machine. */
  | { type: 'offline'; latencyMs: number }
  | { type: 'invalid'; latencyMs: number }
  | { type: 'key_disabled'; latencyMs: number };

/** One committed write as the server stores it. `itemId` is for checking only: findLanded never uses it. */
export interface ServerRecord {
  id: string;
  account: string;
  label: string;
  at: number;
  itemId: string;
  /** Held by moderation: not visible in the timeline, so settling cannot find it. */
  hidden: boolean;
}

/** When a 429's rule binds: when the client hears it, or when the server answers (heard or lost). */
export type BindRule = 'heard' | 'answered';

/** One attempt as the server saw it: what it answered, and whether the client heard the answer. */
export interface Attempt {
  itemId: string;
  /** When the client began this send (its `sending.since`). */
  since: number;
  reply: ServerReply['type'];
  heard: boolean;
}

/** The fake platform: answers by script, logs commits, and notes every rule a client broke. */
export class FakeServer {
  readonly records: ServerRecord[] = [];
  readonly violations: string[] = [];
  private readonly notBefore = new Map<string, number>();
  private readonly inFlight = new Map<string, number>();
  private nextId = 0;
  readonly attempts: Attempt[] = [];

  constructor(
    private readonly clock: SimClock,
    private readonly script: ServerReply[],
    private readonly bind: BindRule = 'heard',
  ) {}

  /** The sender of one worker generation: a stopped worker never hears back. */
  senderFor(gen: Generation): WriteSender {
    return (item: OutboxItem, hooks = {}): Promise<SendResult> => {
      if (gen.dead) return never();
      const reply = this.script.shift() ?? { type: 'ok', latencyMs: 50 };
      const now = this.clock.now;
      const since = item.state.status === 'sending' ? item.state.since : now;
      const attempt: Attempt = { itemId: item.id, since, reply: reply.type, heard: false };
      if (reply.type !== 'offline') this.attempts.push(attempt);
      const respond = (fn: () => void) =>
        this.clock.setTimer(now + reply.latencyMs, () => {
          if (reply.type !== 'offline') this.inFlight.delete(`${gen.id}|${item.account}`);
          if (reply.type === 'rate_limited' || reply.type === 'unavailable') {
            if (this.bind === 'answered') this.bindWait(item.account, this.clock.now + reply.retryAfterS * 1_000);
          }
          // Stopped the moment the answer arrives: it is lost, whatever the server did.
          if (gen.dead || gen.step()) return;
          attempt.heard = true;
          fn();
        });
      return new Promise<SendResult>((resolve, reject) => {
        if (reply.type === 'offline') {
          respond(() => reject(new ApiError({ kind: 'network', message: 'offline', outcomeUnknown: false })));
          return;
        }
        this.arrive(item, gen);
        switch (reply.type) {
          case 'ok': {
            const id = this.commit(item, false);
            respond(() => {
              const told =
                reply.budget === undefined ? undefined : hooks.onBudget?.({ ...reply.budget, source: 'ietf' });
              (told ?? Promise.resolve()).then(() => resolve({ id }), reject);
            });
            return;
          }
          case 'rate_limited':
          case 'unavailable': {
            const status = reply.type === 'rate_limited' ? 429 : 503;
            const retryAfterMs = reply.retryAfterS * 1_000;
            const error = new ApiError({
              kind: reply.type === 'rate_limited' ? 'rate_limited' : 'server',
              message: String(status),
              status,
              retryAfterMs,
            });
            respond(() => {
              // With the 'heard' rule, the wait binds from the moment the client hears the 429: a
              // worker stopped before the answer arrived cannot know it. The client stores it from
              // the headers (onRefused), before anything else, and a stop there loses the rest.
              if (this.bind === 'heard') this.bindWait(item.account, this.clock.now + retryAfterMs);
              const refused = hooks.onRefused?.(retryAfterMs, status) ?? Promise.resolve();
              const budget = reply.type === 'rate_limited' ? reply.budget : undefined;
              refused
                .then(() => (budget === undefined ? undefined : hooks.onBudget?.({ ...budget, source: 'ietf' })))
                .then(() => {
                  // Then the client reads the body: one more await a stop can cut.
                  if (gen.dead || gen.step()) return;
                  reject(error);
                }, reject);
            });
            return;
          }
          case 'drop_after_commit':
            this.commit(item, reply.hidden);
            respond(() => reject(new ApiError({ kind: 'network', message: 'reset', outcomeUnknown: true })));
            return;
          case 'bad_gateway':
            respond(() => reject(new ApiError({ kind: 'server', message: '502', status: 502, outcomeUnknown: true })));
            return;
          case 'invalid':
            respond(() => reject(new ApiError({ kind: 'invalid', message: '400', status: 400 })));
            return;
          case 'key_disabled':
            respond(() =>
              reject(new ApiError({ kind: 'key_disabled', message: '403', status: 403, reason: 'paused' })),
            );
            return;
        }
      });
    };
  }

  /** Settling as the background does it: same account, same text, at or after the send began, visible. */
  readonly findLanded: FindLanded = async (item, sinceMs) =>
    this.records
      .filter((r) => r.account === item.account && r.label === label(item) && r.at >= sinceMs && !r.hidden)
      .map((r) => r.id);

  commitsOf(itemId: string): ServerRecord[] {
    return this.records.filter((r) => r.itemId === itemId);
  }

  private bindWait(account: string, until: number): void {
    this.notBefore.set(account, Math.max(until, this.notBefore.get(account) ?? 0));
  }

  private arrive(item: OutboxItem, gen: Generation): void {
    const now = this.clock.now;
    const notBefore = this.notBefore.get(item.account) ?? 0;
    if (now < notBefore) this.violations.push(`${item.id} sent at ${now}, before the 429 time ${notBefore}`);
    const key = `${gen.id}|${item.account}`;
    if (this.inFlight.has(key)) this.violations.push(`${item.id}: two writes in flight for ${item.account}`);
    this.inFlight.set(key, now);
  }

  private commit(item: OutboxItem, hidden: boolean): string {
    this.nextId += 1;
    const id = `c_${this.nextId}`;
    this.records.push({ id, account: item.account, label: label(item), at: this.clock.now, itemId: item.id, hidden });
    return id;
  }
}

/** A small seeded generator (mulberry32) for jitter. */
export { seededRandom } from '../../support/seeded-random';
