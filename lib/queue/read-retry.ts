import { isApiError } from '@/lib/api/errors';
import { type BackoffOptions, fullJitter, type Random } from './backoff';
import { DEFAULT_RETRY_AFTER_MS } from './classify';
import type { Clock } from './types';

/** How reads are retried. Every field has a default. */
export interface ReadRetryOptions {
  /** Attempts in all, the first included (default 4). */
  maxAttempts?: number;
  /** Full-jitter backoff windows (default 500 ms doubling, capped at 8 s). */
  backoff?: BackoffOptions;
  /** A 429 asking for a longer wait than this gives up at once, so the UI can show the time (default 60 s). */
  maxRetryAfterMs?: number;
  random?: Random;
  clock?: Clock;
  /** Waits `ms`; defaults to setTimeout, so fake timers drive it. */
  sleep?: (ms: number) => Promise<void>;
}

/** Runs a read with retries; calls with the same key while one runs share its promise. */
export type ReadWithRetry = <T>(key: string, fn: (attempt: number) => Promise<T>) => Promise<T>;

const DEFAULT_READ_BACKOFF: BackoffOptions = { baseMs: 500, capMs: 8_000 };

/**
 * Builds the read path that bypasses the Outbox: capped exponential backoff with full jitter,
 * retrying only what may pass on a later try (network errors, 5xx, 429), at most `maxAttempts`
 * times. A 429 closes a gate for every read of this instance until the time it named: no read
 * leaves before then. One instance per account (API client).
 */
export function createReadWithRetry(options: ReadRetryOptions = {}): ReadWithRetry {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const backoff = options.backoff ?? DEFAULT_READ_BACKOFF;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const random = options.random ?? Math.random;
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const inFlight = new Map<string, Promise<unknown>>();
  let notBefore = 0;

  async function waitForGate(): Promise<void> {
    // Loop: another read may move the gate later while this one sleeps.
    for (let wait = notBefore - clock(); wait > 0; wait = notBefore - clock()) await sleep(wait);
  }

  async function attemptAll<T>(fn: (attempt: number) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      await waitForGate();
      try {
        return await fn(attempt);
      } catch (error) {
        if (attempt >= maxAttempts || !isRetryable(error)) throw error;
        const jitter = fullJitter(attempt - 1, backoff, random);
        if (isApiError(error) && error.kind === 'rate_limited') {
          const retryAfterMs = error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
          if (retryAfterMs > maxRetryAfterMs) throw error;
          notBefore = Math.max(notBefore, clock() + retryAfterMs);
          // At least Retry-After; the jitter on top spreads readers that were refused together.
          await sleep(retryAfterMs + jitter);
        } else {
          await sleep(jitter);
        }
      }
    }
  }

  return <T>(key: string, fn: (attempt: number) => Promise<T>): Promise<T> => {
    const running = inFlight.get(key);
    if (running !== undefined) return running as Promise<T>;
    const started = attemptAll(fn).finally(() => {
      inFlight.delete(key);
    });
    inFlight.set(key, started);
    return started;
  };
}

/** Network failures, 5xx and 429 may pass on a later try; everything else will not. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.kind === 'network' || error.kind === 'server' || error.kind === 'rate_limited';
}
