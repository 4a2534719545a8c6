import { describe, expect, it, vi } from 'vitest';
import type { WriteRequest } from '@/lib/queue/types';
import { fakeTimersFrom, makeOutbox, settleMicrotasks, states, wake } from './harness';

const A = 'acct-a';
const START = Date.UTC(2026, 10, 22, 8, 0, 0);

const post = (body: string): WriteRequest => ({ kind: 'post', body });

fakeTimersFrom(START);

/** An Outbox whose accounts keep these reserves. */
async function paced(reserves: Record<string, number>) {
  return makeOutbox({ reserveFor: (account) => reserves[account] ?? 0 });
}

/** Sets the clock to `START + ms`. */
function at(ms: number): void {
  vi.setSystemTime(START + ms);
}

describe('budget signals from the sender', () => {
  it('stores the announced budget as an absolute observation, in the same write as the outcome', async () => {
    const { outbox, sender, store } = await makeOutbox();
    const putAccount = vi.spyOn(store, 'putAccount');
    const putBoth = vi.spyOn(store, 'putItemAndAccount');
    const item = await outbox.enqueue(A, post('one'));
    const drained = outbox.drain();
    await settleMicrotasks();
    at(100);
    await sender.last().succeedWith('p_1', { limit: 5, remaining: 4, resetMs: 60_000, windowMs: 60_000 });
    await drained;
    expect((await store.getAccount(A))?.budget).toEqual({
      limit: 5,
      remaining: 4,
      resetAt: START + 60_100,
      windowMs: 60_000,
      seenAt: START + 100,
      item: item.id,
      source: 'ietf',
    });
    expect(putAccount).not.toHaveBeenCalled();
    expect(putBoth).toHaveBeenCalledTimes(1);
    expect(outbox.summary(A).pacing).toEqual([
      {
        account: A,
        budget: { source: 'announced', limit: 5, remaining: 4, windowMs: 60_000, resetAt: START + 60_100 },
      },
    ]);
  });

  it('stores what a 429’s headers said with the refusal, and learns the budget from it', async () => {
    const { outbox, sender, store } = await makeOutbox();
    for (const body of ['one', 'two', 'three', 'four']) await outbox.enqueue(A, post(body));
    const drained = outbox.drain();
    for (const [ms, id] of [
      [0, 'p_1'],
      [1_000, 'p_2'],
      [2_000, 'p_3'],
    ] as const) {
      await settleMicrotasks();
      at(ms);
      sender.last().succeed(id);
    }
    await settleMicrotasks();
    at(3_000);
    await sender.last().refuse(7_000, { remaining: 0, resetMs: 7_000 });
    expect(await drained).toEqual(wake(START + 10_000));
    const state = await store.getAccount(A);
    // Three writes went since the run began; the window is the wait plus the time since the first.
    expect(state?.learned).toEqual({ limit: 3, windowMs: 10_000, learnedAt: START + 3_000 });
    expect(state?.budget).toMatchObject({ remaining: 0, resetAt: START + 10_000, seenAt: START + 3_000 });
    expect(state?.refusalEndsAt).toBe(START + 10_000);
  });
});

describe('learning from 429s (no budget headers)', () => {
  it('learns from the writes accepted since the previous refusal’s wait ended', async () => {
    const { outbox, sender, store } = await makeOutbox();
    for (const body of ['one', 'two', 'three', 'four', 'five']) await outbox.enqueue(A, post(body));
    let drained = outbox.drain();
    for (const ms of [0, 1_000, 2_000]) {
      await settleMicrotasks();
      at(ms);
      sender.last().succeed(`p_${ms}`);
    }
    await settleMicrotasks();
    at(3_000);
    await sender.last().refuse(7_000);
    await drained;
    expect(outbox.summary(A).pacing).toEqual([
      { account: A, budget: { source: 'learned', limit: 3, remaining: 0, windowMs: 10_000 } },
    ]);

    at(10_000);
    drained = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_4');
    await settleMicrotasks();
    at(10_500);
    await sender.last().refuse(2_000);
    await drained;
    // Only 'four' counts: the writes before the first wait ended belong to the lesson before.
    expect((await store.getAccount(A))?.learned).toEqual({ limit: 1, windowMs: 2_500, learnedAt: START + 10_500 });
  });

  /** Three writes accepted at 0, 1 s and 2 s, the fourth refused at 3 s for 7 s: 3 writes per 10 s. */
  async function learnedThreePerTenSeconds(reserve: number) {
    const setup = await paced({ [A]: reserve });
    const { outbox, sender } = setup;
    for (const body of ['one', 'two', 'three', 'four', 'five', 'six']) await outbox.enqueue(A, post(body));
    const drained = outbox.drain();
    for (const ms of [0, 1_000, 2_000]) {
      await settleMicrotasks();
      at(ms);
      sender.last().succeed(`p_${ms}`);
    }
    await settleMicrotasks();
    at(3_000);
    await sender.last().refuse(7_000);
    return { ...setup, first: await drained };
  }

  it('with a reserve, keeps its writes in any learned window within limit − reserve', async () => {
    const { outbox, sender, first } = await learnedThreePerTenSeconds(1);
    // The wake-up already counts the pacing: the 429's time alone would say 10 s.
    expect(first).toEqual(wake(START + 11_000));
    at(10_000);
    // Two of ours (1 s, 2 s) are still in the window (0 s, 10 s]: the reserve holds 'four' until 1 s leaves.
    expect(await outbox.drain()).toEqual(wake(START + 11_000));
    expect(sender.calls).toHaveLength(4);
    expect(outbox.list(A)[3]?.state).toEqual({ status: 'waiting', until: START + 10_000 });
    expect(outbox.summary(A).pacing[0]?.paced).toEqual({ until: START + 11_000, reserve: 1 });
    expect(outbox.summary(A).paused).toEqual([]);

    at(11_000);
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_4');
    expect(await drained).toEqual(wake(START + 12_000));
    expect(states(outbox.list(A)).slice(3)).toEqual(['four:sent', 'five:queued', 'six:queued']);
  });

  it('a reserve at or above the learned limit still lets one write per window go', async () => {
    const { outbox, sender, first } = await learnedThreePerTenSeconds(5);
    expect(first).toEqual(wake(START + 12_000));
    at(10_000);
    expect(await outbox.drain()).toEqual(wake(START + 12_000));
    at(12_000);
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_4');
    expect(await drained).toEqual(wake(START + 22_000));
    expect(sender.calls).toHaveLength(5);
  });

  it('without a reserve, learning changes nothing: writes go as soon as the 429’s time allows', async () => {
    const { outbox, sender, first } = await learnedThreePerTenSeconds(0);
    expect(first).toEqual(wake(START + 10_000));
    at(10_000);
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_4');
    await settleMicrotasks();
    sender.last().succeed('p_5');
    await settleMicrotasks();
    sender.last().succeed('p_6');
    expect(await drained).toEqual(wake(null));
  });
});
