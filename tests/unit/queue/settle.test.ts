import { describe, expect, it, vi } from 'vitest';
import { MemoryOutboxStore } from '@/lib/queue/memory-store';
import type { FindLanded, OutboxItem } from '@/lib/queue/types';
import { apiError, fakeTimersFrom, makeOutbox, settleMicrotasks, states, wake } from './harness';
import { makeItem } from './store-contract';

const A = 'https://api.example|acc-a';
const START = Date.UTC(2026, 10, 22, 8, 0, 0);

fakeTimersFrom(START);

/** Sends one post, lets `latencyMs` pass, then fails the send with `error`. */
async function sendAndFail(findLanded: FindLanded, error: unknown, latencyMs = 250) {
  const setup = await makeOutbox({ findLanded });
  const item = await setup.outbox.enqueue(A, { kind: 'post', body: 'did it land?' });
  const drained = setup.outbox.drain();
  await settleMicrotasks();
  await vi.advanceTimersByTimeAsync(latencyMs);
  setup.sender.last().fail(error);
  await drained;
  return { ...setup, item };
}

describe('an unknown outcome is settled, never re-sent blindly, never dropped', () => {
  const unknownOutcomes = [
    ['a timeout after the request left', apiError('network', { outcomeUnknown: true })],
    ['a 500', apiError('server', { status: 500, outcomeUnknown: true })],
    ['a 502', apiError('server', { status: 502, outcomeUnknown: true })],
    ['a 504', apiError('server', { status: 504, outcomeUnknown: true })],
    ['something that is not an ApiError', new TypeError('boom')],
  ] as const;

  for (const [name, error] of unknownOutcomes) {
    it(`${name}: found among the newest contributions → sent with that id`, async () => {
      const findLanded = vi.fn<FindLanded>(async () => ['p_found']);
      const { outbox, sender, item } = await sendAndFail(findLanded, error);
      expect(outbox.get(item.id)?.state).toEqual({ status: 'sent', id: 'p_found', at: START + 250, settled: true });
      // Looked for it from the moment the send began.
      expect(findLanded).toHaveBeenCalledWith(expect.objectContaining({ id: item.id }), START);
      expect(sender.calls).toHaveLength(1);
    });

    it(`${name}: not found → uncertain, and nothing is sent again`, async () => {
      const { outbox, sender, item } = await sendAndFail(async () => [], error);
      expect(outbox.get(item.id)?.state).toMatchObject({ status: 'uncertain', since: START });
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      await outbox.drain();
      expect(sender.calls).toHaveLength(1);
      expect(outbox.list()).toHaveLength(1);
    });
  }

  it('a lookup that fails (offline) also leaves the item uncertain, saying so', async () => {
    const { outbox, item } = await sendAndFail(
      async () => {
        throw new Error('offline');
      },
      apiError('network', { outcomeUnknown: true }),
    );
    expect(outbox.get(item.id)?.state).toMatchObject({ status: 'uncertain', detail: 'unknown: lookup_failed' });
  });

  it('skips ids another item already claimed (two writes with the same text)', async () => {
    const findLanded = vi.fn<FindLanded>(async () => ['p_1', 'p_2']);
    const { outbox, sender } = await makeOutbox({ findLanded });
    const first = await outbox.enqueue(A, { kind: 'post', body: 'same' });
    const second = await outbox.enqueue(A, { kind: 'post', body: 'same' });
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_1');
    await settleMicrotasks();
    sender.last().fail(apiError('network', { outcomeUnknown: true }));
    await drained;
    expect(outbox.get(first.id)?.state).toMatchObject({ status: 'sent', id: 'p_1' });
    expect(outbox.get(second.id)?.state).toMatchObject({ status: 'sent', id: 'p_2', settled: true });
  });

  it('does not claim an id that only another item could own', async () => {
    const { outbox, sender } = await makeOutbox({ findLanded: async () => ['p_1'] });
    await outbox.enqueue(A, { kind: 'post', body: 'same' });
    const second = await outbox.enqueue(A, { kind: 'post', body: 'same' });
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_1');
    await settleMicrotasks();
    sender.last().fail(apiError('server', { status: 502, outcomeUnknown: true }));
    await drained;
    expect(outbox.get(second.id)?.state.status).toBe('uncertain');
  });

  it('an uncertain item does not block the writes behind it (a broken connection hid no 429: the browser got no answer)', async () => {
    const { outbox, sender } = await makeOutbox();
    for (const body of ['lost in transit', 'next', 'last']) await outbox.enqueue(A, { kind: 'post', body });
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().fail(apiError('network', { outcomeUnknown: true }));
    await settleMicrotasks();
    sender.last().succeed('p_2');
    await settleMicrotasks();
    sender.last().succeed('p_3');
    await drained;
    expect(states(outbox.list())).toEqual(['lost in transit:uncertain', 'next:sent', 'last:sent']);
  });

  it('a heard 5xx does not pause the account: its answer was no 429', async () => {
    const { outbox, sender } = await makeOutbox();
    for (const body of ['gateway', 'next']) await outbox.enqueue(A, { kind: 'post', body });
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().fail(apiError('server', { status: 502, outcomeUnknown: true }));
    await settleMicrotasks();
    sender.last().succeed('p_2');
    await drained;
    expect(states(outbox.list())).toEqual(['gateway:uncertain', 'next:sent']);
  });

  it('a 2xx with an unreadable body (bad_response) is settled; if not found it fails, warning it may have landed', async () => {
    const landed = await sendAndFail(async () => ['p_7'], apiError('bad_response', { issuePath: 'id' }));
    expect(landed.outbox.get(landed.item.id)?.state).toMatchObject({ status: 'sent', id: 'p_7' });

    const notFound = await sendAndFail(async () => [], apiError('bad_response', { issuePath: 'id' }));
    expect(notFound.outbox.get(notFound.item.id)?.state).toMatchObject({
      status: 'failed',
      reason: { kind: 'bad_response', mayHaveLanded: true },
    });
  });
});

describe('send again on an uncertain item', () => {
  it('looks once more first: if the earlier send landed, it becomes sent and is not sent twice', async () => {
    let landed: string[] = [];
    const { outbox, sender, item } = await sendAndFail(
      async () => landed,
      apiError('network', { outcomeUnknown: true }),
    );
    expect(outbox.get(item.id)?.state.status).toBe('uncertain');
    landed = ['p_late'];
    const result = await outbox.sendAgain(item.id);
    expect(result.state).toMatchObject({ status: 'sent', id: 'p_late', settled: true });
    await outbox.drain();
    expect(sender.calls).toHaveLength(1);
  });

  it('otherwise re-queues it at the back of the queue and sends it once more', async () => {
    const { outbox, sender, item } = await sendAndFail(
      async () => [],
      apiError('server', { status: 500, outcomeUnknown: true }),
    );
    const later = await outbox.enqueue(A, { kind: 'post', body: 'later' });
    const again = await outbox.sendAgain(item.id);
    expect(again).toMatchObject({ state: { status: 'queued' }, resends: 1 });
    expect(again.seq).toBeGreaterThan(later.seq);
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_later');
    await settleMicrotasks();
    sender.last().succeed('p_again');
    await drained;
    expect(sender.bodies()).toEqual(['did it land?', 'later', 'did it land?']);
    expect(outbox.get(item.id)?.state).toMatchObject({ status: 'sent', id: 'p_again' });
  });

  it('a slow lookup does not hold up other user actions', async () => {
    let lookups = 0;
    let answer: (ids: string[]) => void = () => undefined;
    const findLanded: FindLanded = () => {
      lookups += 1;
      // The first lookup (during the drain) answers at once; the one for "send again" hangs.
      return lookups === 1 ? Promise.resolve([]) : new Promise((resolve) => (answer = resolve));
    };
    const { outbox, item } = await sendAndFail(findLanded, apiError('network', { outcomeUnknown: true }));
    const again = outbox.sendAgain(item.id);
    await expect(outbox.enqueue(A, { kind: 'post', body: 'meanwhile' })).resolves.toMatchObject({
      state: { status: 'queued' },
    });
    answer([]);
    await expect(again).resolves.toMatchObject({ state: { status: 'queued' }, resends: 1 });
  });

  it('discard removes an uncertain item', async () => {
    const { outbox, item } = await sendAndFail(async () => [], apiError('network', { outcomeUnknown: true }));
    await outbox.discard(item.id);
    expect(outbox.list()).toEqual([]);
  });
});

describe('a worker stopped mid-send', () => {
  function interrupted(id: string, seq: number, since: number): OutboxItem {
    return makeItem(id, seq, A, { state: { status: 'sending', since }, attempts: 1 });
  }

  it('recoverInterrupted settles items found sending: found → sent, not found → uncertain', async () => {
    const store = new MemoryOutboxStore();
    await store.putItem(interrupted('landed', 1, START - 5_000));
    await store.putItem(interrupted('lost', 2, START - 4_000));
    await store.putItem(makeItem('queued', 3, A));
    const findLanded = vi.fn<FindLanded>(async (item) => (item.id === 'landed' ? ['p_landed'] : []));
    const { outbox, sender } = await makeOutbox({ store, findLanded });

    const settled = await outbox.recoverInterrupted();
    expect(settled.map((item) => item.state.status)).toEqual(['sent', 'uncertain']);
    expect(findLanded).toHaveBeenCalledWith(expect.objectContaining({ id: 'landed' }), START - 5_000);
    expect((await store.getItem('landed'))?.state).toMatchObject({ status: 'sent', id: 'p_landed' });
    expect((await store.getItem('lost'))?.state).toMatchObject({ status: 'uncertain' });
    // Nothing was re-sent; the queued item is left to the drainer.
    expect(sender.calls).toHaveLength(0);
    expect(outbox.get('queued')?.state.status).toBe('queued');
  });

  it('an interrupted write that is not found pauses its account for the fallback wait: a 429 may have been lost', async () => {
    const store = new MemoryOutboxStore();
    await store.putItem(interrupted('lost', 1, START - 4_000));
    await store.putItem(makeItem('next', 2, A));
    const { outbox, sender } = await makeOutbox({ store, answerDeadlineMs: 15_000 });
    const { nextWakeAt } = await outbox.drain();
    // The answer could have come until now (4 s < the 15 s deadline): 60 s from now.
    expect(nextWakeAt).toBe(START + 60_000);
    expect(sender.calls).toHaveLength(0);
    expect(outbox.get('lost')?.state.status).toBe('uncertain');
    expect(await store.getAccount(A)).toMatchObject({
      rateLimitedUntil: START + 60_000,
      rateLimitedBy: { item: 'lost', at: START, lost: true },
    });
    expect(outbox.summary().paused).toEqual([{ account: A, rateLimitedUntil: START + 60_000, lostAnswer: true }]);
    await vi.advanceTimersByTimeAsync(59_999);
    await outbox.drain();
    expect(sender.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const drained = outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['body next']);
    sender.last().succeed('p_next');
    await drained;
  });

  it('a worker that stayed stopped past the deadline waits only what is left of the fallback', async () => {
    const store = new MemoryOutboxStore();
    await store.putItem(interrupted('lost', 1, START - 50_000));
    const { outbox } = await makeOutbox({ store, answerDeadlineMs: 15_000 });
    await outbox.recoverInterrupted();
    // The answer came by START - 35 s at the latest: its fallback ends at START + 25 s.
    expect(outbox.accountState(A)?.rateLimitedUntil).toBe(START + 25_000);
  });

  it('an interrupted write whose 429 was stored goes back to the queue, never to uncertain', async () => {
    const store = new MemoryOutboxStore();
    await store.putItem(interrupted('refused', 1, START - 2_000));
    // A store that wrote the pause but not the item (the IndexedDB store writes both at once).
    await store.putAccount({
      account: A,
      rateLimitedUntil: START + 8_000,
      rateLimitedBy: { item: 'refused', at: START - 1_990 },
    });
    const findLanded = vi.fn<FindLanded>(async () => []);
    const { outbox, sender } = await makeOutbox({ store, findLanded });
    expect(await outbox.drain()).toEqual(wake(START + 8_000));
    expect(outbox.get('refused')?.state).toEqual({ status: 'waiting', until: START + 8_000 });
    expect(findLanded).not.toHaveBeenCalled();
    expect(sender.calls).toHaveLength(0);
  });

  it('a later attempt interrupted in the millisecond of an earlier refusal is looked for, not taken as refused', async () => {
    // Attempt 1 was refused with Retry-After: 0 at START; attempt 2 left at START too and the
    // worker stopped: the stored refusal is attempt 1's, so attempt 2 may have landed.
    const store = new MemoryOutboxStore();
    await store.putItem(makeItem('again', 1, A, { state: { status: 'sending', since: START }, attempts: 2 }));
    await store.putAccount({
      account: A,
      rateLimitedUntil: START,
      rateLimitedBy: { item: 'again', at: START, attempt: 1 },
    });
    const findLanded = vi.fn<FindLanded>(async () => ['p_again']);
    const { outbox, sender } = await makeOutbox({ store, findLanded });
    await outbox.recoverInterrupted();
    expect(findLanded).toHaveBeenCalledOnce();
    expect(outbox.get('again')?.state).toMatchObject({ status: 'sent', id: 'p_again' });
    expect(sender.calls).toHaveLength(0);
  });

  it('a drain settles interrupted items before it sends anything', async () => {
    const store = new MemoryOutboxStore();
    await store.putItem(interrupted('was-sending', 1, START - 1_000));
    await store.putItem(makeItem('next', 2, A));
    const order: string[] = [];
    const { outbox, sender } = await makeOutbox({
      store,
      findLanded: async (item) => {
        order.push(`settle:${item.id}`);
        return ['p_1'];
      },
    });
    const drained = outbox.drain();
    await settleMicrotasks();
    order.push(...sender.calls.map((call) => `send:${call.item.id}`));
    sender.last().succeed('p_2');
    await drained;
    expect(order).toEqual(['settle:was-sending', 'send:next']);
    expect(outbox.get('was-sending')?.state).toMatchObject({ status: 'sent', id: 'p_1' });
  });

  it('recoverInterrupted during a live send leaves that send alone', async () => {
    const findLanded = vi.fn<FindLanded>(async () => []);
    const { outbox, sender } = await makeOutbox({ findLanded });
    const item = await outbox.enqueue(A, { kind: 'post', body: 'live' });
    const drained = outbox.drain();
    await settleMicrotasks();
    // It waits for the pass (recoveries and passes never interleave), then finds nothing to recover.
    const recovered = outbox.recoverInterrupted();
    await settleMicrotasks();
    sender.last().succeed('p_live');
    await drained;
    expect(await recovered).toEqual([]);
    expect(findLanded).not.toHaveBeenCalled();
    expect(outbox.get(item.id)?.state).toMatchObject({ status: 'sent', id: 'p_live' });
  });
});
