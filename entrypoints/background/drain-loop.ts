import type { DrainResult, Outbox } from '@/lib/queue';
import { type DrainFailure, Waker } from './wake';

/** What the drain loop works on, passed in (no service reads back what another wrote). */
export interface DrainLoopDeps {
  outbox: () => Promise<Outbox>;
  /** The history's bounds (from the settings): sent writes beyond them are forgotten after a pass. */
  historyBounds: () => Promise<{ keep: number; maxAgeMs: number }>;
  /** The drain began failing, or recovered: the status shows it. */
  healthChanged: () => void;
  random?: () => number;
}

/**
 * The Outbox's drain. Only one pass runs at a time (the Outbox guarantees it); each ends by
 * scheduling the next (`Waker`), and one that throws is retried with backoff and shown in the
 * status until a pass succeeds. A wake-up exists whenever work does: every send arms the watchdog
 * alarm first (`beforeSend`), so a worker stopped at any instant is woken again.
 */
export class DrainLoop {
  private readonly waker: Waker;

  constructor(private readonly deps: DrainLoopDeps) {
    this.waker = new Waker(() => this.kick(), deps.random);
  }

  /** The last failure while passes keep failing; undefined once one succeeds. */
  get failure(): DrainFailure | undefined {
    return this.waker.lastFailure;
  }

  /** Before each send: arms the watchdog that wakes a worker stopped mid-send (an Outbox option). */
  beforeSend(): Promise<void> {
    return this.waker.watch();
  }

  /** Runs a pass now (a write was queued, a key saved, an alarm rang). */
  kick(): void {
    this.pass().catch((error: unknown) => console.error('Scheduling the next Outbox drain failed', error));
  }

  private async pass(): Promise<void> {
    let result: DrainResult;
    try {
      result = await (await this.deps.outbox()).drain();
    } catch (error) {
      const failure = await this.waker.failed(error);
      console.error(
        `Outbox drain failed (attempt ${failure.attempt + 1}); retrying at ${new Date(failure.retryAt).toISOString()}`,
        error,
      );
      this.deps.healthChanged();
      return;
    }
    const hadFailed = this.failure !== undefined;
    await this.waker.succeeded(result);
    await this.prune().catch((error: unknown) => console.warn('Pruning the Outbox history failed', error));
    if (hadFailed) this.deps.healthChanged();
  }

  /** The history stays bounded: sent writes beyond the settings' count and age are forgotten. */
  private async prune(): Promise<void> {
    const { keep, maxAgeMs } = await this.deps.historyBounds();
    await (await this.deps.outbox()).pruneSent({ keep, maxAgeMs });
  }
}
