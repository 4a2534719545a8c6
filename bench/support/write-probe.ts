import type { FetchLike } from '@/lib/api/client';
import { DEFAULT_RETRY_AFTER_MS, parseRetryAfter } from '@/lib/api/retry-after';

/** One write request as the probe saw it leave and come back. */
export interface ProbedWrite {
  /** `Date.now()` when fetch was called: the moment the request left the client. */
  sentAt: number;
  /** `Date.now()` when the response headers arrived; undefined when fetch threw. */
  answeredAt?: number;
  status?: number;
  /** For a 429: the Retry-After in ms, as the header said (seconds or HTTP date; missing: 60 s). */
  retryAfterMs?: number;
  /** True when it left before the time named by the 429s this client had received until then. */
  early: boolean;
  /** For an accepted write: the server's `createdAt` (the time its budget counts it from), epoch ms. */
  serverAt?: number;
}

/** What a client's wrapped fetch saw: every write (POST) it sent, and the 429s it received. */
export interface WriteProbe {
  /** Give this to the client instead of the global fetch. */
  fetch: FetchLike;
  readonly writes: readonly ProbedWrite[];
  rateLimited(): number;
  early(): number;
  /** Resolves once every accepted write's `serverAt` has been read (from a clone of its answer). */
  settled(): Promise<void>;
}

function methodOf(input: Request | URL | string, init: RequestInit | undefined): string {
  return (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
}

/**
 * Wraps the global fetch to time-stamp every write. A 429 received at `t` with `Retry-After: s`
 * names the time `t + s`; a write that leaves before the latest such time seen so far is "early".
 * Measured at the client, from the moment the answer's headers arrived: a client that honours
 * Retry-After measures its wait from later than that, so it never counts as early here.
 */
export function createWriteProbe(): WriteProbe {
  const writes: ProbedWrite[] = [];
  const reading: Promise<void>[] = [];
  let blockedUntil = Number.NEGATIVE_INFINITY;
  const probe: FetchLike = async (input, init) => {
    if (methodOf(input, init) !== 'POST') return globalThis.fetch(input, init);
    const sentAt = Date.now();
    const write: ProbedWrite = { sentAt, early: sentAt < blockedUntil };
    writes.push(write);
    const response = await globalThis.fetch(input, init);
    write.answeredAt = Date.now();
    write.status = response.status;
    if (response.status === 429) {
      // What the server named, unclamped (the client clamps; the probe records what was said).
      write.retryAfterMs =
        parseRetryAfter(response.headers.get('retry-after'), write.answeredAt) ?? DEFAULT_RETRY_AFTER_MS;
      blockedUntil = Math.max(blockedUntil, write.answeredAt + write.retryAfterMs);
    }
    if (response.ok) {
      // Read from a clone, in the background: the client reads the original as it would anyway.
      reading.push(
        response
          .clone()
          .json()
          .then(
            (body: { createdAt?: unknown }) => {
              const at = typeof body.createdAt === 'string' ? Date.parse(body.createdAt) : Number.NaN;
              if (Number.isFinite(at)) write.serverAt = at;
            },
            () => undefined,
          ),
      );
    }
    return response;
  };
  return {
    fetch: probe,
    writes,
    rateLimited: () => writes.filter((w) => w.status === 429).length,
    early: () => writes.filter((w) => w.early).length,
    settled: async () => {
      await Promise.all(reading);
    },
  };
}
