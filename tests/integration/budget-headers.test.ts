import { afterEach, describe, expect, it } from 'vitest';
import type { BudgetSignal } from '@/lib/api/budget';
import { createApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { T0, TestSandbox } from '../sandbox/helpers.js';

let sb: TestSandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

/** Two writes and a refused third against a 2-per-30-s budget, with what the client heard of the budget. */
async function drill(dialect: string): Promise<BudgetSignal[]> {
  const sandbox = await TestSandbox.start({ dialect, budget: { writes: 2, windowSeconds: 30 } });
  sb = sandbox;
  const api = createApiClient({ baseUrl: sandbox.base, getKey: async () => sandbox.key, now: () => T0 });
  const heard: BudgetSignal[] = [];
  const onBudget = (signal: BudgetSignal) => void heard.push(signal);
  await api.createPost('one', { onBudget });
  await sandbox.advance(5_000);
  await api.createPost('two', { onBudget });
  const refused = await api.createPost('three', { onBudget }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ApiError);
  expect(refused).toMatchObject({ kind: 'rate_limited', retryAfterMs: 25_000 });
  return heard;
}

describe('the client reads the budget each sandbox dialect announces', () => {
  it('standard: the IETF fields', async () => {
    const budget = { source: 'ietf', limit: 2, windowMs: 30_000 };
    expect(await drill('standard')).toEqual([
      { ...budget, remaining: 1, resetMs: 30_000 },
      { ...budget, remaining: 0, resetMs: 25_000 },
      { ...budget, remaining: 0, resetMs: 25_000 },
    ]);
  });

  it('snake: X-RateLimit-*, the epoch Reset measured against Date, not the client clock', async () => {
    // The client's clock stays at T0 while the sandbox's moves 5 s on: Date carries the sandbox's.
    const heard = await drill('snake');
    expect(heard.map((s) => [s.source, s.remaining, s.limit])).toEqual([
      ['x-ratelimit', 1, 2],
      ['x-ratelimit', 0, 2],
      ['x-ratelimit', 0, 2],
    ]);
    expect(heard.map((s) => s.resetMs)).toEqual([30_000, 25_000, 25_000]);
  });

  it('resource: no budget is announced, the 429 still is', async () => {
    expect(await drill('resource')).toEqual([]);
  });
});
