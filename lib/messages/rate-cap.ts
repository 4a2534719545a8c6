/** How many content-script messages one tab may send: a token bucket. */
export interface RateCapOptions {
  /** Sustained rate: tokens added per second. */
  perSecond: number;
  /** Bucket size: how many messages may arrive at once after a quiet spell. */
  burst: number;
  /** Clock in epoch ms (injected for tests). */
  now: () => number;
  /** Most buckets kept; beyond, full (idle) buckets are dropped first, then the oldest. */
  maxKeys?: number;
}

/** The outcome of taking a token: allowed, or refused until `retryAt`. */
export type RateCapResult = { ok: true } | { ok: false; retryAt: number };

/** A per-key (per-tab) rate cap. */
export interface RateCap {
  take(key: number): RateCapResult;
  /** Drops a key's bucket (a closed tab). */
  forget(key: number): void;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Default cap for content scripts: 10 messages per second per tab, bursts of 20. */
export const DEFAULT_CONTENT_RATE = { perSecond: 10, burst: 20 } as const;

/** Creates a token bucket per key. */
export function createRateCap(options: RateCapOptions): RateCap {
  const { perSecond, burst, now } = options;
  const maxKeys = options.maxKeys ?? 1000;
  const buckets = new Map<number, Bucket>();

  const refill = (bucket: Bucket, t: number): void => {
    // A clock that moves back refills nothing rather than going negative.
    const elapsed = Math.max(0, t - bucket.at);
    bucket.tokens = Math.min(burst, bucket.tokens + (elapsed / 1000) * perSecond);
    bucket.at = Math.max(bucket.at, t);
  };

  const prune = (t: number): void => {
    for (const [key, bucket] of buckets) {
      refill(bucket, t);
      if (bucket.tokens >= burst) buckets.delete(key);
    }
    for (const key of buckets.keys()) {
      if (buckets.size < maxKeys) break;
      buckets.delete(key);
    }
  };

  return {
    take(key) {
      const t = now();
      let bucket = buckets.get(key);
      if (bucket === undefined) {
        if (buckets.size >= maxKeys) prune(t);
        bucket = { tokens: burst, at: t };
        buckets.set(key, bucket);
      }
      refill(bucket, t);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAt: t + Math.ceil(((1 - bucket.tokens) / perSecond) * 1000) };
    },
    forget(key) {
      buckets.delete(key);
    },
  };
}
