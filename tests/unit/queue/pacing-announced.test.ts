import { describe, expect, it, vi } from 'vitest';
import type { OutboxStore } from '@/lib/queue/store';
import type { WriteRequest } from '@/lib/queue/types';
import { fakeTimersFrom, makeOutbox, settleMicrotasks, states, wake } from './harness';

const A = 'acct-a';
const B = 'acct-b';
const START = Date.UTC(2026, 10, 22, 8, 0, 0);

const post = (body: string): WriteRequest => ({ kind: 'post', body });

fakeTimersFrom(START);

function at(ms: number): void {
  vi.setSystemTime(START + ms);
}

async function paced(reserves: Record<string, number>, store?: OutboxStore) {
  return makeOutbox({ reserveFor: async (account) => reserves[account] ?? 0, ...(store ? { store } : {}) });
}

describe('pacing by an announced budget', () => {
  it('holds the account once the writes left reach the reserve, until the reset; other accounts go', async () => {
    const { outbox, sender } = await paced({ [A]: 2 });
    for (const body of ['one', 'two', 'three']) await outbox.enqueue(A, post(body));
    const drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().succeedWith('p_1', { remaining: 2, resetMs: 30_000 });
    expect(await drained).toEqual(wake(START + 30_000));
    expect(states(outbox.list(A))).toEqual(['one:sent', 'two:queued', 'three:queued']);
    const summary = outbox.summary(A);
    expect(summary.pacing).toEqual([
      {
        account: A,
        paced: { until: START + 30_000, reserve: 2 },
        budget: { source: 'announced', remaining: 2, resetAt: START + 30_000 },
      },
    ]);
    // Pacing is no failure and no pause.
    expect(summary.paused).toEqual([]);
    expect(summary.worst).toBe('queued');

    // Another account is not held by A's pacing.
    await outbox.enqueue(B, post('other'));
    const other = outbox.drain();
    await settleMicrotasks();
    expect(sender.last().item.account).toBe(B);
    sender.last().succeed('p_b');
    expect(await other).toEqual(wake(START + 30_000));

    at(29_999);
    expect(await outbox.drain()).toEqual(wake(START + 30_000));
    expect(sender.calls).toHaveLength(2);
  });

  it('counts our writes answered without headers since; past the reset one write goes and refreshes it', async () => {
    const { outbox, sender } = await paced({ [A]: 1 });
    for (const body of ['one', 'two', 'three', 'four', 'five']) await outbox.enqueue(A, post(body));
    let drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().succeedWith('p_1', { remaining: 3, resetMs: 60_000 });
    await settleMicrotasks();
    sender.last().succeed('p_2');
    await settleMicrotasks();
    at(1_000);
    sender.last().succeed('p_3');
    // 3 left, less 'two' and 'three': 1, the reserve.
    expect(await drained).toEqual(wake(START + 60_000));
    expect(sender.calls).toHaveLength(3);

    at(60_000);
    drained = outbox.drain();
    await settleMicrotasks();
    // The observation is stale: one write goes, and its answer is the new observation.
    expect(sender.calls).toHaveLength(4);
    at(60_100);
    await sender.last().succeedWith('p_4', { remaining: 0, resetMs: 10_000 });
    expect(await drained).toEqual(wake(START + 70_100));
    expect(states(outbox.list(A)).slice(3)).toEqual(['four:sent', 'five:queued']);
  });

  it('never sends before a 429’s time, even when the budget looks plentiful', async () => {
    const { outbox, sender } = await paced({ [A]: 1 });
    for (const body of ['one', 'two']) await outbox.enqueue(A, post(body));
    const drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().refuse(30_000, { limit: 10, remaining: 9, resetMs: 1_000, windowMs: 60_000 });
    expect(await drained).toEqual(wake(START + 30_000));
    for (const ms of [1_000, 29_999]) {
      at(ms);
      expect(await outbox.drain()).toEqual(wake(START + 30_000));
    }
    expect(sender.calls).toHaveLength(1);
    at(30_000);
    const resumed = outbox.drain();
    await settleMicrotasks();
    expect(sender.calls).toHaveLength(2);
    sender.last().succeed('p_1');
    await settleMicrotasks();
    sender.last().succeed('p_2');
    expect(await resumed).toEqual(wake(null));
  });

  it('adds its wait to a 429’s shorter one, and to an Undo hold, never shortening either', async () => {
    const { outbox, sender } = await paced({ [A]: 1 });
    await outbox.enqueue(A, post('one'));
    await outbox.enqueue(A, post('two'));
    let drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().refuse(5_000, { remaining: 0, resetMs: 20_000 });
    expect(await drained).toEqual(wake(START + 20_000));
    at(5_000);
    expect(await outbox.drain()).toEqual(wake(START + 20_000));
    expect(sender.calls).toHaveLength(1);

    at(20_000);
    drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().succeedWith('p_1', { remaining: 5, resetMs: 60_000 });
    await settleMicrotasks();
    sender.last().succeed('p_2');
    await drained;
    // A held write waits for its Undo window even with budget to spare.
    await outbox.enqueue(A, post('held'), { holdUntil: START + 50_000 });
    expect(await outbox.drain()).toEqual(wake(START + 50_000));
    expect(sender.calls).toHaveLength(3);
  });

  it('an observation without reset or window does not pace; with a learned window it lasts that long', async () => {
    const { outbox, sender } = await paced({ [A]: 1 });
    for (const body of ['one', 'two', 'three']) await outbox.enqueue(A, post(body));
    let drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().succeedWith('p_1', { remaining: 0 });
    await settleMicrotasks();
    expect(sender.calls).toHaveLength(2);
    // Now learn a window: a 429 at 1 s for 9 s after one write at 0 s: 1 per 10 s.
    at(1_000);
    await sender.last().refuse(9_000);
    expect(await drained).toEqual(wake(START + 10_000));
    at(10_000);
    drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().succeedWith('p_2', { remaining: 0 });
    // Seen at 10 s, no reset said: it lasts the learned 10 s.
    expect(await drained).toEqual(wake(START + 20_000));
  });

  it('with a limit and a window known, a stale observation’s write never overruns limit − reserve', async () => {
    // Limit 3, reserve 2: one of ours per 10 s, also when an observation goes stale early.
    const { outbox, sender } = await paced({ [A]: 2 });
    for (const body of ['one', 'two', 'three']) await outbox.enqueue(A, post(body));
    const drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().succeedWith('p_1', { limit: 3, remaining: 2, resetMs: 1_000, windowMs: 10_000 });
    expect(await drained).toEqual(wake(START + 10_000));
    expect(outbox.summary(A).pacing[0]?.paced).toEqual({ until: START + 10_000, reserve: 2 });
  });

  it('a reserve at or above the limit lets one write per window go', async () => {
    const { outbox, sender } = await paced({ [A]: 10 });
    for (const body of ['one', 'two', 'three']) await outbox.enqueue(A, post(body));
    let drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().succeedWith('p_1', { limit: 5, remaining: 4, resetMs: 10_000 });
    expect(await drained).toEqual(wake(START + 10_000));
    at(10_000);
    drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().succeedWith('p_2', { limit: 5, remaining: 4, resetMs: 10_000 });
    expect(await drained).toEqual(wake(START + 20_000));
    expect(sender.calls).toHaveLength(2);
  });

  it('no reserve: an exhausted announced budget holds the next write until its reset, no 429 needed', async () => {
    const { outbox, sender } = await makeOutbox();
    for (const body of ['one', 'two']) await outbox.enqueue(A, post(body));
    const drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().succeedWith('p_1', { remaining: 0, resetMs: 60_000 });
    expect(await drained).toEqual(wake(START + 60_000));
    expect(sender.calls).toHaveLength(1);
    expect(outbox.summary(A).pacing[0]?.paced).toEqual({ until: START + 60_000, reserve: 0 });
    at(60_000);
    const resumed = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_2');
    expect(await resumed).toEqual(wake(null));
  });

  it('where our writes explain the announced use, our log times the wait, not the whole-second reset', async () => {
    const { outbox, sender } = await makeOutbox();
    for (const body of ['one', 'two', 'three']) await outbox.enqueue(A, post(body));
    const drained = outbox.drain();
    await settleMicrotasks();
    at(200);
    await sender.last().succeedWith('p_1', { limit: 2, remaining: 1, resetMs: 10_000, windowMs: 10_000 });
    await settleMicrotasks();
    at(500);
    // The reset rounds up to 10 s from 500 ms; our first write's answer came at 200 ms.
    await sender.last().succeedWith('p_2', { limit: 2, remaining: 0, resetMs: 10_000, windowMs: 10_000 });
    expect(await drained).toEqual(wake(START + 10_200));
  });

  it('more use announced than ours (the website wrote): the announced reset rules', async () => {
    const { outbox, sender } = await makeOutbox();
    for (const body of ['one', 'two']) await outbox.enqueue(A, post(body));
    const drained = outbox.drain();
    await settleMicrotasks();
    at(200);
    // Limit 3, none left after our one write: two were someone else's.
    await sender.last().succeedWith('p_1', { limit: 3, remaining: 0, resetMs: 7_000, windowMs: 10_000 });
    expect(await drained).toEqual(wake(START + 7_200));
  });

  it('no reserve and no window announced: the reset rules, not a window learned from 429s', async () => {
    const { outbox, sender } = await makeOutbox();
    for (const body of ['one', 'two', 'three']) await outbox.enqueue(A, post(body));
    let drained = outbox.drain();
    await settleMicrotasks();
    // One write at 0 s, then a 429 at 1 s for 9 s: learned, one write per 10 s.
    sender.last().succeed('p_1');
    await settleMicrotasks();
    at(1_000);
    await sender.last().refuse(9_000);
    expect(await drained).toEqual(wake(START + 10_000));
    at(10_000);
    drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().succeedWith('p_2', { limit: 1, remaining: 0, resetMs: 2_000 });
    // The platform now says one write per 2 s (X-RateLimit-* name no window): its reset, not the lesson.
    expect(await drained).toEqual(wake(START + 12_000));
  });

  it('a reset or window a server sends past a day holds a write one day at most', async () => {
    const { outbox, sender } = await makeOutbox();
    for (const body of ['one', 'two']) await outbox.enqueue(A, post(body));
    const drained = outbox.drain();
    await settleMicrotasks();
    await sender.last().succeedWith('p_1', { remaining: 0, resetMs: 10 ** 12, windowMs: 10 ** 12 });
    expect(await drained).toEqual(wake(START + 24 * 60 * 60 * 1000));
  });

  it('the budget survives a restart: a new worker keeps pacing from the stored observation', async () => {
    const first = await paced({ [A]: 1 });
    for (const body of ['one', 'two']) await first.outbox.enqueue(A, post(body));
    const drained = first.outbox.drain();
    await settleMicrotasks();
    await first.sender.last().succeedWith('p_1', { remaining: 1, resetMs: 30_000 });
    await drained;

    const second = await paced({ [A]: 1 }, first.store);
    expect(await second.outbox.drain()).toEqual(wake(START + 30_000));
    expect(second.sender.calls).toHaveLength(0);
    expect(second.outbox.summary().pacing).toEqual([
      {
        account: A,
        paced: { until: START + 30_000, reserve: 1 },
        budget: { source: 'announced', remaining: 1, resetAt: START + 30_000 },
      },
    ]);
  });
});
