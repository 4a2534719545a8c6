import { afterEach, beforeEach, vi } from 'vitest';
import type { BudgetSignal } from '@/lib/api/budget';
import { ApiError, type ApiErrorInit } from '@/lib/api/errors';
import { MemoryOutboxStore } from '@/lib/queue/memory-store';
import { Outbox } from '@/lib/queue/outbox';
import type { OutboxOptions } from '@/lib/queue/outbox-options';
import type { DrainResult } from '@/lib/queue/scheduler';
import type { FindLanded, OutboxItem, SendHooks, SendResult } from '@/lib/queue/types';

/** A send the test answers by hand. */
export interface PendingSend {
  item: OutboxItem;
  at: number;
  succeed(id: string): void;
  /** The server took it and answered this (held or rejected by moderation, no id, …). */
  answer(result: SendResult): void;
  fail(error: unknown): void;
  /** Accepted, its headers announcing `budget` (told through `onBudget` before the answer resolves). */
  succeedWith(id: string, budget: Omit<BudgetSignal, 'source'>): Promise<void>;
  /** A 429 as a sender meets it: `onRefused`, then `onBudget` when headers said one, then the error. */
  refuse(retryAfterMs: number, budget?: Omit<BudgetSignal, 'source'>): Promise<void>;
}

/** A sender whose every call waits until the test answers it. */
export class ManualSender {
  readonly calls: PendingSend[] = [];
  readonly send = (item: OutboxItem, hooks: SendHooks = {}): Promise<SendResult> =>
    new Promise<SendResult>((resolve, reject) => {
      this.calls.push({
        item: structuredClone(item),
        at: Date.now(),
        succeed: (id) => resolve({ id }),
        answer: resolve,
        fail: reject,
        succeedWith: async (id, budget) => {
          await hooks.onBudget?.({ ...budget, source: 'ietf' });
          resolve({ id });
        },
        refuse: async (retryAfterMs, budget) => {
          await hooks.onRefused?.(retryAfterMs, 429);
          if (budget !== undefined) await hooks.onBudget?.({ ...budget, source: 'ietf' });
          reject(apiError('rate_limited', { status: 429, retryAfterMs }));
        },
      });
    });

  /** The newest call; throws if there is none. */
  last(): PendingSend {
    const call = this.calls.at(-1);
    if (call === undefined) throw new Error('no send was made');
    return call;
  }

  bodies(): string[] {
    return this.calls.map((call) => label(call.item));
  }
}

/** A short text naming a request, for readable assertions. */
export function label(item: OutboxItem): string {
  const { request } = item;
  return request.kind === 'reaction' ? `reaction:${request.postId}:${request.reaction}` : request.body;
}

/** An ApiError with only what a test cares about. */
export function apiError(kind: ApiErrorInit['kind'], init: Partial<ApiErrorInit> = {}): ApiError {
  return new ApiError({ kind, message: `${kind} happened`, ...init });
}

/** Fake timers from `start` in every test of the file: they drive `Date.now` and the Outbox's waits. */
export function fakeTimersFrom(start: number): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: start });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Lets every pending promise callback run (the store and the drainer chain many). */
export async function settleMicrotasks(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

let idCounter = 0;

/** Builds an Outbox on a memory store with a manual sender; fake timers drive `Date.now`. */
export async function makeOutbox(overrides: Partial<OutboxOptions> & { findLanded?: FindLanded } = {}) {
  const store = overrides.store ?? new MemoryOutboxStore();
  const sender = new ManualSender();
  const findLanded: FindLanded = overrides.findLanded ?? (async () => []);
  const outbox = await Outbox.open({
    store,
    sender: sender.send,
    findLanded,
    clock: () => Date.now(),
    random: () => 0.5,
    newId: () => {
      idCounter += 1;
      return `item-${idCounter}`;
    },
    ...overrides,
  });
  return { outbox, store, sender, findLanded };
}

/** Items as "label:status", for compact assertions. */
export function states(items: readonly OutboxItem[]): string[] {
  return items.map((item) => `${label(item)}:${item.state.status}`);
}

/**
 * A drain's result: wake at `at`; writes pending (the backstop alarm's cue) whenever a time is asked
 * for, unless the test says otherwise (writes waiting for a key ask for none, yet are pending).
 */
export function wake(at: number | null, pending = at !== null): DrainResult {
  return { nextWakeAt: at, pending };
}
