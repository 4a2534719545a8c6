import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ErrorBody, TestSandbox } from './helpers.js';

let sb: TestSandbox;
beforeEach(async () => {
  sb = await TestSandbox.start();
});
afterEach(() => sb.close());

const bodiesInTimeline = async () =>
  (await sb.api<{ items: { body: string }[] }>('GET', '/v1/timelines/public?limit=100')).json.items.map((p) => p.body);

describe('fault injection', () => {
  it('latency delays API requests by the given time, then answers normally', async () => {
    await sb.control('POST', '/faults', { latencyMs: 150, count: 1 });
    const started = performance.now();
    const slow = await sb.api('GET', '/v1/me');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(slow.status).toBe(200);
    // `count: 1` is spent: the fault is gone (speed itself is for benchmarks, not tests).
    expect((await sb.control<{ faults: unknown[] }>('GET', '/faults')).faults).toEqual([]);
    expect((await sb.api('GET', '/v1/me')).status).toBe(200);
  });

  it('drop-after-commit: the client sees a socket error, the write exists exactly once', async () => {
    await sb.control('POST', '/faults', { dropAfterCommit: true, method: 'POST', path: '/v1/posts', count: 1 });
    const body = 'Did this get through? (drop test)';
    await expect(
      fetch(`${sb.base}/v1/posts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sb.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ body }),
      }),
    ).rejects.toThrow();
    expect((await bodiesInTimeline()).filter((b) => b === body)).toHaveLength(1);
    expect((await sb.control<{ faults: unknown[] }>('GET', '/faults')).faults).toHaveLength(0);
    // The next request is answered again.
    expect((await sb.api('POST', '/v1/posts', { body: 'after the drop' })).status).toBe(201);
  });

  it('answers the given 5xx for the next N requests without writing, then recovers', async () => {
    await sb.control('POST', '/faults', { status: 503, retryAfterSeconds: 2, count: 2 });
    for (let i = 0; i < 2; i++) {
      const answer = await sb.api<ErrorBody>('POST', '/v1/posts', { body: `attempt ${i}` });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(answer.json.error.code).toBe('injected_fault');
    }
    expect(await bodiesInTimeline()).toEqual([]);
    expect((await sb.api('POST', '/v1/posts', { body: 'third time' })).status).toBe(201);
  });

  it('a fault without count lasts until cleared; controls and the website are never affected', async () => {
    await sb.control('POST', '/faults', { status: 500 });
    for (let i = 0; i < 3; i++) expect((await sb.api('GET', '/v1/me')).status).toBe(500);
    expect((await sb.request('GET', '/')).status).toBe(200);
    const listed = await sb.control<{ faults: { status: number; remaining: number | null }[] }>('GET', '/faults');
    expect(listed.faults).toEqual([expect.objectContaining({ status: 500, remaining: null })]);
    expect(await sb.control('DELETE', '/faults')).toEqual({ cleared: 1 });
    expect((await sb.api('GET', '/v1/me')).status).toBe(200);
  });

  it('filters by method and path', async () => {
    await sb.control('POST', '/faults', { status: 502, method: 'post', path: '/v1/posts' });
    expect((await sb.api('GET', '/v1/timelines/public')).status).toBe(200);
    expect((await sb.api('POST', '/v1/posts', { body: 'x' })).status).toBe(502);
  });

  it('refuses invalid fault bodies with 400', async () => {
    const bad = [
      {},
      { status: 404 },
      { status: 500, dropAfterCommit: true },
      { latencyMs: -5 },
      { latencyMs: '100' },
      { count: 0, status: 500 },
      { retryAfterSeconds: 3 },
      { status: 500, surprise: true },
    ];
    for (const body of bad) {
      const answer = await sb.request<ErrorBody>('POST', '/__sandbox/faults', {
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.error.code).toBe('invalid_body');
    }
    expect((await sb.control<{ faults: unknown[] }>('GET', '/faults')).faults).toEqual([]);
  });
});
