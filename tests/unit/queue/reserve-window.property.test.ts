// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimClock } from './sim';
import { honest, SlidingWindowServer, silent, simOutbox } from './sliding-server';

const ACCOUNT = 'acct-a';

/** A burst of 3 × limit writes with a reserve, the website writing at the given gaps from `webFrom`. */
async function play(p: {
  limit: number;
  reserve: number;
  windowMs: number;
  latencyMs: number;
  headers: boolean;
  webGaps: number[];
}) {
  const clock = new SimClock();
  const server = new SlidingWindowServer(clock, p.limit, p.windowMs, p.headers ? honest : silent, p.latencyMs);
  const { outbox, kick } = await simOutbox(clock, server.sender, p.reserve);
  for (let i = 0; i < 3 * p.limit; i++) await outbox.enqueue(ACCOUNT, { kind: 'post', body: `write ${i}` });
  kick();
  await clock.flush();
  // Headers on: the website writes from the start. Off: once the first 429 taught the budget and
  // the burst before it left the window (the website's earlier writes would skew the lesson).
  let webFrom: number | undefined = p.headers ? 0 : undefined;
  const webAttempts: number[] = [];
  let nextWeb = 0;
  for (let round = 0; round < 10_000; round++) {
    if (webFrom === undefined) {
      const refusal = server.log.find((e) => !e.ok);
      if (refusal !== undefined) webFrom = refusal.at + p.windowMs;
    }
    const webAt =
      webFrom === undefined || nextWeb >= p.webGaps.length ? undefined : webFrom + (p.webGaps[nextWeb] ?? 0);
    const timer = clock.nextTimerAt();
    if (timer === undefined && webAt === undefined) break;
    if (webAt !== undefined && (timer === undefined || webAt <= timer)) {
      await clock.advanceTo(webAt);
      server.attempt('web');
      webAttempts.push(webAt);
      webFrom = webAt;
      nextWeb += 1;
    } else if (timer !== undefined) {
      await clock.advanceTo(timer);
    }
  }
  const firstRefusal = server.log.find((e) => !e.ok)?.at;
  return { server, final: outbox.list(), firstRefusal, webAttempts };
}

const params = (headers: boolean) =>
  fc
    .record({
      limit: fc.integer({ min: 3, max: 6 }),
      windowMs: fc.constantFrom(5_000, 10_000, 60_000),
      latencyMs: fc.integer({ min: 0, max: 300 }),
      spread: fc.array(fc.double({ min: 1, max: 3, noNaN: true }), { maxLength: 12 }),
      reserveShare: fc.double({ min: 0, max: 0.99, noNaN: true }),
    })
    .map(({ limit, windowMs, latencyMs, spread, reserveShare }) => {
      const reserve = 1 + Math.floor(reserveShare * (limit - 1));
      // At most `reserve` website writes in any window: gaps of at least window / reserve.
      const webGaps = spread.map((factor) => Math.ceil((factor * windowMs) / reserve));
      return { limit, reserve, windowMs, latencyMs, headers, webGaps };
    });

describe('a reserve against a sliding-window server (property)', () => {
  it('headers on: our writes in any window stay within limit − reserve, the website never hears 429', async () => {
    await fc.assert(
      fc.asyncProperty(params(true), async (p) => {
        const { server, final, webAttempts } = await play(p);
        expect(webAttempts).toHaveLength(p.webGaps.length);
        expect(final.map((item) => item.state.status)).toEqual(Array(3 * p.limit).fill('sent'));
        const ours = server.log.filter((e) => e.who === 'ext' && e.ok);
        expect(ours).toHaveLength(3 * p.limit);
        for (const write of ours) expect(server.oursAt(write.at)).toBeLessThanOrEqual(p.limit - p.reserve);
        expect(server.log.filter((e) => e.who === 'web' && !e.ok)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('headers off: after the first 429 is learned, the same holds (before it, nothing is known)', async () => {
    await fc.assert(
      fc.asyncProperty(params(false), async (p) => {
        const { server, final, firstRefusal, webAttempts } = await play(p);
        expect(webAttempts).toHaveLength(p.webGaps.length);
        expect(final.map((item) => item.state.status)).toEqual(Array(3 * p.limit).fill('sent'));
        // The burst runs into the budget once: that refusal is the lesson.
        expect(firstRefusal).toBeDefined();
        const ours = server.log.filter((e) => e.who === 'ext' && e.ok);
        expect(ours).toHaveLength(3 * p.limit);
        const learnedBy = (firstRefusal ?? 0) + p.windowMs;
        for (const write of ours) {
          if (write.at >= learnedBy) expect(server.oursAt(write.at)).toBeLessThanOrEqual(p.limit - p.reserve);
        }
        expect(server.log.filter((e) => !e.ok)).toHaveLength(1);
        expect(server.log.filter((e) => e.who === 'web' && !e.ok)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
