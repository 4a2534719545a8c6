// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimClock } from './sim';
import { type Announce, honestWholeSeconds, SlidingWindowServer, simOutbox } from './sliding-server';

const ACCOUNT = 'acct-a';

/** Enqueues `count` posts at once and runs the world until nothing is left to do. */
async function burst(p: { limit: number; windowMs: number; latencyMs: number; count: number; announce: Announce }) {
  const clock = new SimClock();
  const server = new SlidingWindowServer(clock, p.limit, p.windowMs, p.announce, p.latencyMs);
  const { outbox, kick } = await simOutbox(clock, server.sender);
  const bodies = Array.from({ length: p.count }, (_, i) => `write ${i}`);
  for (const body of bodies) await outbox.enqueue(ACCOUNT, { kind: 'post', body });
  kick();
  await clock.flush();
  for (let step = 0; step < 100_000; step++) {
    const timer = clock.nextTimerAt();
    if (timer === undefined) break;
    await clock.advanceTo(timer);
  }
  const accepted = server.log.filter((e) => e.who === 'ext' && e.ok);
  return { server, bodies, accepted, final: outbox.list(), finishedAt: clock.now };
}

const world = fc.record({
  limit: fc.integer({ min: 2, max: 8 }),
  windowMs: fc.constantFrom(5_000, 10_000, 60_000),
  latencyMs: fc.integer({ min: 0, max: 50 }),
  extra: fc.integer({ min: 0, max: 20 }),
});

/** Anything a header could say: absent, negative, huge, fractional, inconsistent from one answer to the next. */
const figure = fc.oneof(
  fc.constant(undefined),
  fc.integer({ min: -5, max: 20 }),
  fc.double({ min: -1e6, max: 1e13, noNaN: true }),
  fc.constantFrom(Number.POSITIVE_INFINITY, Number.NaN, 0),
);
const lies = fc.array(fc.record({ limit: figure, remaining: figure, resetMs: figure, windowMs: figure }), {
  minLength: 1,
  maxLength: 30,
});

describe('pacing by the announced budget (property)', () => {
  it('honest headers (reset in whole seconds): no 429, in order, finished at the budget’s own pace', async () => {
    await fc.assert(
      fc.asyncProperty(world, async ({ limit, windowMs, latencyMs, extra }) => {
        const count = 2 * limit + extra;
        const { server, bodies, accepted, finishedAt } = await burst({
          limit,
          windowMs,
          latencyMs,
          count,
          announce: honestWholeSeconds,
        });
        expect(server.log.filter((e) => !e.ok)).toEqual([]);
        expect(accepted.map((e) => e.body)).toEqual(bodies);
        // The least time: one window per `limit` writes after the first; each window's turn adds one
        // answer's trip (our log holds a write from its answer), each send one trip of its own.
        const windows = Math.ceil(count / limit) - 1;
        const leastMs = windows * windowMs;
        expect(finishedAt).toBeLessThanOrEqual(leastMs + (windows + limit + 1) * latencyMs + count);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('lying or inconsistent headers: never a send before a Retry-After, every write lands once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(world, lies, async ({ limit, windowMs, latencyMs, extra }, said) => {
        let answers = 0;
        const announce: Announce = () => {
          const lie = said[answers++ % said.length];
          if (lie === undefined || lie.remaining === undefined) return undefined;
          return {
            remaining: lie.remaining,
            ...(lie.limit === undefined ? {} : { limit: lie.limit }),
            ...(lie.resetMs === undefined ? {} : { resetMs: lie.resetMs }),
            ...(lie.windowMs === undefined ? {} : { windowMs: lie.windowMs }),
          };
        };
        const count = limit + extra;
        const { server, bodies, accepted, final } = await burst({ limit, windowMs, latencyMs, count, announce });
        expect(server.earlySends()).toEqual([]);
        expect(final.map((item) => item.state.status)).toEqual(Array(count).fill('sent'));
        expect(accepted.map((e) => e.body)).toEqual(bodies);
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});
