// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryOutboxStore } from '@/lib/queue/memory-store';
import { Outbox } from '@/lib/queue/outbox';
import type { AccountState, OutboxItem, WriteRequest } from '@/lib/queue/types';
import { readyAccounts } from './ready';
import { FakeServer, fencedStore, Generation, type ServerReply, type SimBudget, SimClock, seededRandom } from './sim';

const ACCOUNTS = ['acc-a', 'acc-b', 'acc-c'] as const;
type Reserves = Record<(typeof ACCOUNTS)[number], number>;

type Event =
  | { type: 'enqueue'; account: (typeof ACCOUNTS)[number]; kind: WriteRequest['kind'] }
  | { type: 'drain' }
  | { type: 'restart'; afterWrites: number }
  | { type: 'resend_uncertain' };

const latency = fc.integer({ min: 0, max: 3_000 });
/** Budget headers, or none (a server that says nothing). */
const budgetArb: fc.Arbitrary<SimBudget | undefined> = fc.option(
  fc.record(
    {
      limit: fc.integer({ min: 0, max: 6 }),
      remaining: fc.integer({ min: 0, max: 6 }),
      resetMs: fc.integer({ min: 0, max: 90_000 }),
      windowMs: fc.integer({ min: 1, max: 90_000 }),
    },
    { requiredKeys: ['remaining'] },
  ),
  { nil: undefined },
);
const withBudget = <T extends object>(reply: T, budget: SimBudget | undefined): T =>
  budget === undefined ? reply : { ...reply, budget };
const replyArb: fc.Arbitrary<ServerReply> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.record({ type: fc.constant('ok' as const), latencyMs: latency }), budgetArb)
      .map(([reply, budget]) => withBudget(reply, budget)),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.record({
          type: fc.constant('rate_limited' as const),
          latencyMs: latency,
          retryAfterS: fc.integer({ min: 0, max: 120 }),
        }),
        budgetArb,
      )
      .map(([reply, budget]) => withBudget(reply, budget)),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('drop_after_commit' as const), latencyMs: latency, hidden: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('bad_gateway' as const), latencyMs: latency }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('offline' as const), latencyMs: latency }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('invalid' as const), latencyMs: latency }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('key_disabled' as const), latencyMs: latency }) },
);
const eventArb: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('enqueue' as const),
      account: fc.constantFrom(...ACCOUNTS),
      kind: fc.constantFrom('post' as const, 'comment' as const, 'reaction' as const),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'drain' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('restart' as const), afterWrites: fc.integer({ min: 0, max: 8 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'resend_uncertain' as const }) },
);
const reserveArb = fc.integer({ min: 0, max: 3 });
const scheduleArb = fc.array(fc.record({ gapMs: fc.integer({ min: 0, max: 30_000 }), event: eventArb }), {
  minLength: 1,
  maxLength: 40,
});

let written = 0;
/** A unique request, so the server's log tells every write apart. */
function request(kind: WriteRequest['kind']): WriteRequest {
  written += 1;
  if (kind === 'post') return { kind, body: `post ${written}` };
  if (kind === 'comment') return { kind, postId: 'p_1', body: `comment ${written}` };
  return { kind, postId: `p_${written}`, reaction: 'well_sourced' };
}

/**
 * Plays one schedule against a world: a background that enqueues, drains on messages and alarms,
 * and is stopped at random store writes and started again on the same store. Returns what the
 * checks need.
 */
async function play(
  schedule: { gapMs: number; event: Event }[],
  replies: ServerReply[],
  seed: number,
  reserves: Reserves,
) {
  const clock = new SimClock();
  const server = new FakeServer(clock, [...replies]);
  const base = new MemoryOutboxStore();
  const random = seededRandom(seed);
  const acked: string[] = [];
  const errors: unknown[] = [];
  /** Accounts that could have sent at a quiet moment but did not (another account held them up). */
  const delayed: string[] = [];
  let ids = 0;
  let gen = new Generation();
  let outbox!: Outbox;
  let cancelAlarm: () => void = () => undefined;

  async function start(): Promise<void> {
    gen = new Generation();
    const mine = gen;
    outbox = await Outbox.open({
      store: fencedStore(base, mine),
      sender: server.senderFor(mine),
      findLanded: server.findLanded,
      clock: () => clock.now,
      random,
      newId: () => `item-${++ids}`,
      reserveFor: (account) => reserves[account as keyof Reserves] ?? 0,
    });
    void outbox.recoverInterrupted().then(kick, fail(mine));
  }

  /** What the background does: drain, then set the alarm to the next wake-up. */
  function kick(): void {
    const mine = gen;
    outbox.drain().then((result) => {
      if (mine.dead) return;
      cancelAlarm();
      if (result.nextWakeAt !== null) cancelAlarm = clock.setTimer(Math.max(result.nextWakeAt, clock.now), kick);
    }, fail(mine));
  }

  function fail(mine: Generation) {
    return (error: unknown) => {
      if (!mine.dead) errors.push(error);
    };
  }

  clock.afterStep = async () => {
    // The browser starts the worker again (the next alarm or message does).
    if (gen.dead) {
      cancelAlarm();
      await start();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    // A quiet moment (nothing in flight, no timer due): every account that may send has sent.
    const due = clock.nextTimerAt();
    if (gen.dead || (due !== undefined && due <= clock.now)) return;
    const items = outbox.list();
    if (items.some((item) => item.state.status === 'sending')) return;
    const states = new Map<string, AccountState>();
    for (const account of ACCOUNTS) {
      const state = outbox.accountState(account);
      if (state !== undefined) states.set(account, state);
    }
    for (const account of readyAccounts(ACCOUNTS, items, states, reserves, clock.now)) {
      delayed.push(`${account} could send at ${clock.now}`);
    }
  };

  await start();
  await clock.flush();
  for (const { gapMs, event } of schedule) {
    await clock.advanceTo(clock.now + gapMs);
    const mine = gen;
    switch (event.type) {
      case 'enqueue':
        outbox.enqueue(event.account, request(event.kind)).then((item) => {
          acked.push(item.id);
          if (!mine.dead) kick();
        }, fail(mine));
        break;
      case 'drain':
        kick();
        break;
      case 'restart':
        if (event.afterWrites === 0) gen.dead = true;
        else gen.killAfterWrites = event.afterWrites;
        break;
      case 'resend_uncertain': {
        const uncertain = outbox.list().find((item) => item.state.status === 'uncertain');
        if (uncertain !== undefined) outbox.sendAgain(uncertain.id).then(() => kick(), fail(mine));
        break;
      }
    }
    await clock.flush();
  }

  // Let the world run out: no more stops; only alarms wake the drainer now.
  gen.killAfterWrites = undefined;
  for (let round = 0; round < 1_000; round++) {
    const pending = (await base.listItems()).some((item) =>
      ['queued', 'waiting', 'sending'].includes(item.state.status),
    );
    const next = clock.nextTimerAt();
    if (!pending && next === undefined) break;
    if (next === undefined) break;
    await clock.advanceTo(next);
  }
  return { server, final: await base.listItems(), acked, errors, clock, delayed };
}

describe('Outbox under random schedules (property)', () => {
  it('never sends before a 429’s time, never delays an account for another, loses and doubles nothing, keeps FIFO', async () => {
    await fc.assert(
      fc.asyncProperty(
        scheduleArb,
        fc.array(replyArb, { maxLength: 60 }),
        fc.integer(),
        fc.record({ 'acc-a': reserveArb, 'acc-b': reserveArb, 'acc-c': reserveArb }),
        async (schedule, replies, seed, reserves) => {
          const { server, final, acked, errors, delayed } = await play(schedule, replies, seed, reserves);
          expect(errors).toEqual([]);
          // No early send, never two writes of one account in flight at once.
          expect(server.violations).toEqual([]);
          // A pause (429, probe, offline, pacing) of one account never held up another.
          expect(delayed).toEqual([]);

          const byId = new Map(final.map((item) => [item.id, item]));
          // Nothing acknowledged is lost, and nothing is left half-done.
          for (const id of acked) expect(byId.has(id)).toBe(true);
          for (const item of final) {
            expect(['sent', 'uncertain', 'failed']).toContain(item.state.status);
            const commits = server.commitsOf(item.id);
            // Sent at most once, unless the user explicitly sent an uncertain item again.
            expect(commits.length).toBeLessThanOrEqual(1 + item.resends);
            if (item.state.status === 'sent') {
              const { id } = item.state;
              const record = server.records.find((r) => r.id === id);
              expect(record?.itemId).toBe(item.id);
              expect(record?.account).toBe(item.account);
            }
            if (item.state.status === 'failed') expect(item.state.reason.kind).toBe('invalid');
          }

          // FIFO per account among sent items: server commit order follows the Outbox order.
          for (const account of new Set(final.map((item) => item.account))) {
            const sent = final.filter(
              (item): item is OutboxItem & { state: { status: 'sent'; id: string } } =>
                item.account === account && item.state.status === 'sent',
            );
            const positions = sent.map((item) => server.records.findIndex((r) => r.id === item.state.id));
            expect(positions).toEqual([...positions].sort((a, b) => a - b));
          }
        },
      ),
      { numRuns: 1_000 },
    );
  }, 60_000);
});
