import { describe, expect, it, vi } from 'vitest';
import { createReadWithRetry, isRetryable } from '@/lib/queue/read-retry';
import { apiError, fakeTimersFrom } from './harness';

const START = Date.UTC(2026, 10, 22, 8, 0, 0);

fakeTimersFrom(START);

/** A read that fails with the given errors in turn, then returns `value`; records when each attempt ran. */
function flaky<T>(errors: unknown[], value: T) {
  const times: number[] = [];
  const fn = vi.fn(async () => {
    times.push(Date.now());
    const error = errors.shift();
    if (error !== undefined) throw error;
    return value;
  });
  return { fn, times };
}

describe('readWithRetry', () => {
  it('returns at once when the first attempt works', async () => {
    const read = createReadWithRetry();
    const { fn } = flaky([], 'page');
    await expect(read('timeline', fn)).resolves.toBe('page');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('retries network errors and 5xx with capped exponential backoff and full jitter', async () => {
    // random() = 0.999…: the full window each time: 500 ms, 1 s, 2 s, then capped at 2 s.
    const read = createReadWithRetry({
      random: () => 0.999_999,
      maxAttempts: 5,
      backoff: { baseMs: 500, capMs: 2_000 },
    });
    const { fn, times } = flaky(
      [
        apiError('network'),
        apiError('server', { status: 500 }),
        apiError('server', { status: 502 }),
        apiError('network'),
      ],
      'ok',
    );
    const result = read('timeline', fn);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('ok');
    const gaps = times.slice(1).map((time, i) => time - (times[i] ?? 0));
    expect(gaps).toEqual([499, 999, 1_999, 1_999]);
  });

  it('full jitter: with random() = 0 it retries at once', async () => {
    const read = createReadWithRetry({ random: () => 0 });
    const { fn, times } = flaky([apiError('network'), apiError('network')], 'ok');
    const result = read('k', fn);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('ok');
    expect(times).toEqual([START, START, START]);
  });

  it('gives up after maxAttempts with the last error', async () => {
    const read = createReadWithRetry({ maxAttempts: 3, random: () => 0.5 });
    const last = apiError('server', { status: 503, message: 'third' });
    const { fn } = flaky([apiError('network'), apiError('network'), last, apiError('network')], 'never');
    const result = read('k', fn);
    const assertion = expect(result).rejects.toBe(last);
    await vi.runAllTimersAsync();
    await assertion;
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('does not retry what a retry cannot fix: 401, 403, 404, 4xx, bad_response, non-API errors', async () => {
    const read = createReadWithRetry();
    for (const error of [
      apiError('unauthorized'),
      apiError('forbidden_scope'),
      apiError('key_disabled'),
      apiError('not_found'),
      apiError('invalid'),
      apiError('bad_response'),
      new Error('bug'),
    ]) {
      const { fn } = flaky([error], 'never');
      await expect(read('k', fn)).rejects.toBe(error);
      expect(fn).toHaveBeenCalledTimes(1);
    }
  });

  it('honours a 429: the next attempt waits at least Retry-After', async () => {
    const read = createReadWithRetry({ random: () => 0 });
    const { fn, times } = flaky([apiError('rate_limited', { status: 429, retryAfterMs: 12_000 })], 'ok');
    const result = read('timeline', fn);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('ok');
    expect(times).toEqual([START, START + 12_000]);
  });

  it('a 429 holds back every read of the instance, not just the one refused', async () => {
    const read = createReadWithRetry({ random: () => 0 });
    const limited = flaky([apiError('rate_limited', { status: 429, retryAfterMs: 5_000 })], 'a');
    const first = read('timeline', limited.fn);
    await vi.advanceTimersByTimeAsync(1_000);
    const other = flaky([], 'me');
    const second = read('me', other.fn);
    await vi.runAllTimersAsync();
    await expect(Promise.all([first, second])).resolves.toEqual(['a', 'me']);
    expect(other.times).toEqual([START + 5_000]);
  });

  it('gives up at once on a 429 asking for longer than maxRetryAfterMs, so the UI can show the time', async () => {
    const read = createReadWithRetry({ maxRetryAfterMs: 30_000 });
    const error = apiError('rate_limited', { status: 429, retryAfterMs: 120_000 });
    const { fn } = flaky([error], 'never');
    await expect(read('k', fn)).rejects.toBe(error);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('coalesces identical concurrent reads into one request, and runs again once it settled', async () => {
    const read = createReadWithRetry();
    let resolve: (value: string) => void = () => undefined;
    const fn = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const a = read('timeline?cursor=x', fn);
    const b = read('timeline?cursor=x', fn);
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    resolve('page');
    await expect(Promise.all([a, b])).resolves.toEqual(['page', 'page']);
    const c = read('timeline?cursor=x', fn);
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(2);
    resolve('page 2');
    await expect(c).resolves.toBe('page 2');
  });

  it('does not coalesce different keys, and a failed shared read fails every caller', async () => {
    const read = createReadWithRetry({ maxAttempts: 1 });
    const error = apiError('network');
    const fn = vi.fn(async () => {
      throw error;
    });
    const results = await Promise.allSettled([read('a', fn), read('a', fn), read('b', fn)]);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('passes the attempt number to the read', async () => {
    const read = createReadWithRetry({ random: () => 0 });
    const seen: number[] = [];
    const result = read('k', async (attempt) => {
      seen.push(attempt);
      if (attempt < 3) throw apiError('network');
      return attempt;
    });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe(3);
    expect(seen).toEqual([1, 2, 3]);
  });
});

describe('isRetryable', () => {
  it('is true only for network, server and rate_limited ApiErrors', () => {
    expect(isRetryable(apiError('network'))).toBe(true);
    expect(isRetryable(apiError('server'))).toBe(true);
    expect(isRetryable(apiError('rate_limited'))).toBe(true);
    expect(isRetryable(apiError('invalid'))).toBe(false);
    expect(isRetryable('nope')).toBe(false);
  });
});
