// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '@/lib/api/errors';
import { MemoryOutboxStore } from '@/lib/queue/memory-store';
import { Outbox } from '@/lib/queue/outbox';
import { createReadWithRetry, isRetryable } from '@/lib/queue/read-retry';
import type { OutboxItem, SendResult } from '@/lib/queue/types';

const pending = new Set(['queued', 'waiting', 'sending']);

describe('reaction coalescing (property)', () => {
  it('never holds two equal reactions pending, and every click maps to a pending or sent item', async () => {
    type Op =
      | { type: 'react'; account: number; post: number; kind: number }
      | { type: 'drain'; outcome: 'ok' | 'rate_limited' | 'lost' };
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        type: fc.constant('react' as const),
        account: fc.integer({ min: 0, max: 1 }),
        post: fc.integer({ min: 0, max: 2 }),
        kind: fc.integer({ min: 0, max: 1 }),
      }),
      fc.record({
        type: fc.constant('drain' as const),
        outcome: fc.constantFrom('ok' as const, 'rate_limited' as const, 'lost' as const),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 30 }), async (ops) => {
        let now = 0;
        let outcome: 'ok' | 'rate_limited' | 'lost' = 'ok';
        let ids = 0;
        const outbox = await Outbox.open({
          store: new MemoryOutboxStore(),
          clock: () => now,
          sender: async (): Promise<SendResult> => {
            if (outcome === 'rate_limited')
              throw new ApiError({ kind: 'rate_limited', message: '429', retryAfterMs: 1_000 });
            if (outcome === 'lost') throw new ApiError({ kind: 'network', message: 'reset', outcomeUnknown: true });
            ids += 1;
            return { id: `r_${ids}` };
          },
          findLanded: async () => [],
        });
        for (const op of ops) {
          now += 1_000;
          if (op.type === 'drain') {
            outcome = op.outcome;
            await outbox.drain();
          } else {
            const request = { kind: 'reaction', postId: `p_${op.post}`, reaction: `k${op.kind}` } as const;
            const before = outbox
              .list()
              .find(
                (item) =>
                  pending.has(item.state.status) &&
                  item.account === `acc-${op.account}` &&
                  JSON.stringify(item.request) === JSON.stringify(request),
              );
            const item = await outbox.enqueue(`acc-${op.account}`, request);
            // Coalesced exactly when an equal one was pending.
            expect(item.id === before?.id).toBe(before !== undefined);
          }
          const keys = outbox
            .list()
            .filter((item: OutboxItem) => pending.has(item.state.status))
            .map((item) => `${item.account}|${JSON.stringify(item.request)}`);
          expect(new Set(keys).size).toBe(keys.length);
        }
      }),
      { numRuns: 1_000 },
    );
  }, 30_000);
});

describe('readWithRetry (property)', () => {
  const kinds: ApiErrorKind[] = [
    'network',
    'server',
    'rate_limited',
    'invalid',
    'unauthorized',
    'not_found',
    'bad_response',
  ];
  const failureArb = fc.record({
    kind: fc.constantFrom(...kinds),
    retryAfterMs: fc.option(fc.integer({ min: 0, max: 90_000 }), { nil: undefined }),
  });

  it('retries only what may pass, at most N times, never sooner than a 429 asked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(failureArb, { maxLength: 8 }),
        fc.integer({ min: 1, max: 6 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        async (failures, maxAttempts, jitter) => {
          let now = 0;
          const attempts: number[] = [];
          const read = createReadWithRetry({
            maxAttempts,
            random: () => jitter,
            clock: () => now,
            sleep: async (ms) => {
              now += ms;
            },
          });
          const script = [...failures];
          const outcome = await read('k', async () => {
            attempts.push(now);
            const failure = script.shift();
            if (failure === undefined) return 'ok';
            throw new ApiError({ kind: failure.kind, message: failure.kind, retryAfterMs: failure.retryAfterMs });
          }).then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({ ok: false as const, error }),
          );

          expect(attempts.length).toBeLessThanOrEqual(maxAttempts);
          // Every failure but the last seen was retryable and followed by a retry.
          for (let i = 0; i < attempts.length - 1; i++) {
            const failure = failures[i];
            expect(failure).toBeDefined();
            if (failure === undefined) continue;
            expect(isRetryable(new ApiError({ kind: failure.kind, message: '' }))).toBe(true);
            if (failure.kind === 'rate_limited') {
              const wait = failure.retryAfterMs ?? 60_000;
              expect((attempts[i + 1] ?? 0) - (attempts[i] ?? 0)).toBeGreaterThanOrEqual(wait);
            }
          }
          if (outcome.ok) expect(attempts.length).toBe(failures.length + 1);
          else expect((outcome.error as ApiError).kind).toBe(failures[attempts.length - 1]?.kind);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
