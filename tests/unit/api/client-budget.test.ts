import { describe, expect, it } from 'vitest';
import type { BudgetSignal } from '@/lib/api/budget';
import { type ApiClientOptions, createApiClient, type FetchLike } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';

const KEY = 'dcp_0123456789abcdefABCDEF0123456789';
const POST = { id: 'p_1', type: 'post', body: 'Hello' };
const IETF = { RateLimit: '"writes";r=2;t=40', 'RateLimit-Policy': '"writes";q=30;w=60' };
const SIGNAL: BudgetSignal = { source: 'ietf', remaining: 2, resetMs: 40_000, limit: 30, windowMs: 60_000 };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function client(answer: () => Response, extra: Partial<ApiClientOptions> = {}) {
  const fetch: FetchLike = async () => answer();
  return createApiClient({ baseUrl: 'http://127.0.0.1:8787', getKey: async () => KEY, fetch, ...extra });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('onBudget', () => {
  it('hears the budget of a 201 before the request resolves', async () => {
    const order: string[] = [];
    const api = client(() => json(201, POST, IETF));
    const created = await api
      .createPost('Hello', {
        onBudget: (signal) => {
          order.push(`budget ${signal.remaining}`);
          expect(signal).toEqual(SIGNAL);
        },
      })
      .then((post) => {
        order.push('resolved');
        return post;
      });
    expect(created.id).toBe('p_1');
    expect(order).toEqual(['budget 2', 'resolved']);
  });

  it('on a 429: before onRetryAfter and before the rejection, which is unchanged', async () => {
    const order: string[] = [];
    const api = client(() =>
      json(429, { error: { code: 'rate_limited' } }, { ...IETF, RateLimit: '"writes";r=0;t=12', 'Retry-After': '12' }),
    );
    const error = await rejection(
      api.createPost('Hello', {
        onBudget: async (signal) => {
          order.push(`budget ${signal.remaining} ${signal.resetMs}`);
        },
        onRetryAfter: async (ms) => {
          order.push(`wait ${ms}`);
        },
      }),
    );
    order.push('rejected');
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 12_000 });
    expect(order).toEqual(['budget 0 12000', 'wait 12000', 'rejected']);
  });

  it('is awaited: the request settles only after the callback', async () => {
    let release: () => void = () => undefined;
    let settled = false;
    let heard = false;
    const api = client(() => json(201, POST, IETF));
    const pending = api
      .createPost('Hello', {
        onBudget: () => {
          heard = true;
          return new Promise<void>((resolve) => {
            release = resolve;
          });
        },
      })
      .finally(() => {
        settled = true;
      });
    for (let i = 0; i < 20 && !heard; i++) await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(heard).toBe(true);
    expect(settled).toBe(false);
    release();
    await pending;
    expect(settled).toBe(true);
  });

  it('a throwing or rejecting callback changes nothing', async () => {
    const api = client(() => json(201, POST, IETF));
    await expect(
      api.createPost('a', {
        onBudget: () => {
          throw new Error('store full');
        },
      }),
    ).resolves.toMatchObject({ id: 'p_1' });
    await expect(api.createPost('b', { onBudget: () => Promise.reject(new Error('no')) })).resolves.toMatchObject({
      id: 'p_1',
    });
    const refused = client(() => json(400, { error: { code: 'invalid_body', message: 'Too long.' } }, IETF));
    const error = await rejection(refused.createPost('c', { onBudget: () => Promise.reject(new Error('no')) }));
    expect(error.kind).toBe('invalid');
  });

  it('hears other refusals too, and nothing when an answer announces no budget', async () => {
    const heard: BudgetSignal[] = [];
    const onBudget = (signal: BudgetSignal) => {
      heard.push(signal);
    };
    await rejection(
      client(() => json(404, { error: { code: 'not_found' } }, IETF)).createComment('p_9', 'x', { onBudget }),
    );
    await client(() => json(201, POST)).createPost('quiet', { onBudget });
    expect(heard).toEqual([SIGNAL]);
  });

  it('measures an epoch X-RateLimit-Reset with the client’s clock', async () => {
    const now = Date.UTC(2026, 10, 22, 8, 0, 0);
    const heard: BudgetSignal[] = [];
    const api = client(
      () =>
        json(201, POST, {
          'X-RateLimit-Limit': '30',
          'X-RateLimit-Remaining': '29',
          'X-RateLimit-Reset': String(now / 1000 + 60),
        }),
      { now: () => now },
    );
    await api.createPost('x', { onBudget: (signal) => void heard.push(signal) });
    expect(heard).toEqual([{ source: 'x-ratelimit', remaining: 29, limit: 30, resetMs: 60_000 }]);
  });
});
