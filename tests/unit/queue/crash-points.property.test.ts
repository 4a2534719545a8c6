// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryOutboxStore } from '@/lib/queue/memory-store';
import { Outbox } from '@/lib/queue/outbox';
import type { OutboxItem } from '@/lib/queue/types';
import { FakeServer, fencedStore, Generation, type ServerReply, SimClock, seededRandom } from './sim';

const ACCOUNT = 'acc-a';
const MAX_LATENCY_MS = 3_000;

const latency = fc.integer({ min: 0, max: MAX_LATENCY_MS });
// Every wait is at most the 60 s fallback: a 429 lost with the worker can only be honoured by it.
const wait = fc.integer({ min: 1, max: 60 });
const replyArb: fc.Arbitrary<ServerReply> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('ok' as const), latencyMs: latency }) },
  {
    weight: 4,
    arbitrary: fc.record({ type: fc.constant('rate_limited' as const), latencyMs: latency, retryAfterS: wait }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('unavailable' as const), latencyMs: latency, retryAfterS: wait }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('drop_after_commit' as const), latencyMs: latency, hidden: fc.boolean() }),
  },
);

/**
 * A background with `writes` posts queued, stopped at the given steps of the send path (every store
 * write, and every moment an answer arrives), started again at once each time, as the browser does.
 */
async function play(writes: number, replies: ServerReply[], crashes: number[], seed: number) {
  const clock = new SimClock();
  // The strict rule: a 429 binds from the moment the server answers, heard or not.
  const server = new FakeServer(clock, [...replies], 'answered');
  const base = new MemoryOutboxStore();
  const random = seededRandom(seed);
  const pendingCrashes = [...crashes];
  const errors: unknown[] = [];
  let ids = 0;
  let gen = new Generation();
  let outbox!: Outbox;
  let cancelAlarm: () => void = () => undefined;

  const fail = (mine: Generation) => (error: unknown) => {
    if (!mine.dead) errors.push(error);
  };
  function kick(): void {
    const mine = gen;
    outbox.drain().then((result) => {
      if (mine.dead) return;
      cancelAlarm();
      if (result.nextWakeAt !== null) cancelAlarm = clock.setTimer(Math.max(result.nextWakeAt, clock.now), kick);
    }, fail(mine));
  }
  async function start(): Promise<void> {
    gen = new Generation();
    gen.crashAfterSteps = pendingCrashes.shift();
    const mine = gen;
    outbox = await Outbox.open({
      store: fencedStore(base, mine),
      sender: server.senderFor(mine),
      findLanded: server.findLanded,
      clock: () => clock.now,
      random,
      newId: () => `item-${++ids}`,
      answerDeadlineMs: MAX_LATENCY_MS,
    });
    kick();
  }
  clock.afterStep = async () => {
    if (!gen.dead) return;
    cancelAlarm();
    await start();
    await new Promise<void>((resolve) => setImmediate(resolve));
  };

  // Enqueued before any stop can happen (acknowledged = durable is another test's subject).
  const setup = await Outbox.open({
    store: base,
    sender: server.senderFor(new Generation()),
    findLanded: server.findLanded,
    clock: () => clock.now,
    newId: () => `item-${++ids}`,
  });
  const acked: string[] = [];
  for (let i = 0; i < writes; i++) acked.push((await setup.enqueue(ACCOUNT, { kind: 'post', body: `post ${i}` })).id);

  await start();
  await clock.flush();
  for (let round = 0; round < 2_000; round++) {
    const pending = (await base.listItems()).some((item) =>
      ['queued', 'waiting', 'sending'].includes(item.state.status),
    );
    if (!pending) break;
    if (gen.dead) {
      // Stopped with no timer left: the browser starts it again (its alarm or start-up).
      await clock.flush();
      continue;
    }
    const next = clock.nextTimerAt();
    // Work left and no wake-up scheduled: the final check below names what was stranded.
    if (next === undefined) break;
    await clock.advanceTo(next);
  }
  return { server, final: await base.listItems(), acked, errors };
}

describe('the send path, stopped at every step (property)', () => {
  it('never sends before a stored or lost Retry-After, never calls a heard refusal uncertain, loses and doubles nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(replyArb, { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 6 }),
        fc.integer(),
        async (writes, replies, crashes, seed) => {
          const { server, final, acked, errors } = await play(writes, replies, crashes, seed);
          expect(errors).toEqual([]);
          // No send before any 429/503 wait the server named (heard or lost); one write in flight.
          expect(server.violations).toEqual([]);
          const byId = new Map(final.map((item) => [item.id, item]));
          for (const id of acked) expect(byId.has(id)).toBe(true);
          for (const item of final) {
            expect(['sent', 'uncertain']).toContain(item.state.status);
            // Never doubled: no user resends here, so at most one commit per item.
            expect(server.commitsOf(item.id).length).toBeLessThanOrEqual(1);
            if (item.state.status === 'sent') {
              const { id } = item.state;
              expect(server.records.find((r) => r.id === id)?.itemId).toBe(item.id);
            }
            if (item.state.status === 'uncertain') {
              // A refusal the worker heard is known: such a write goes back to the queue. (A send
              // that never reached the server, or whose answer was lost, may be uncertain.)
              const { since } = item.state;
              const send = server.attempts.find((a) => a.itemId === item.id && a.since === since);
              const heardRefusal =
                send?.heard === true && (send.reply === 'rate_limited' || send.reply === 'unavailable');
              expect(heardRefusal).toBe(false);
            }
          }
          const sent = final.filter(
            (item): item is OutboxItem & { state: { status: 'sent'; id: string } } => item.state.status === 'sent',
          );
          const positions = sent.map((item) => server.records.findIndex((r) => r.id === item.state.id));
          expect(positions).toEqual([...positions].sort((a, b) => a - b));
        },
      ),
      { numRuns: 600 },
    );
  }, 120_000);
});
