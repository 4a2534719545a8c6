import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeTimersFrom, makeOutbox, settleMicrotasks, states, wake } from './harness';

const A = 'https://api.example|acc-a';
const B = 'https://api.example|acc-b';
const START = Date.UTC(2026, 10, 22, 8, 0, 0);

fakeTimersFrom(START);

describe('FIFO, one write in flight per account', () => {
  it('sends an account’s writes one at a time, oldest first, keeping each sent id', async () => {
    const { outbox, sender, store } = await makeOutbox();
    for (const body of ['one', 'two', 'three']) await outbox.enqueue(A, { kind: 'post', body });
    const drained = outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['one']);
    // The state is durable before the request leaves.
    const first = sender.last().item;
    expect((await store.getItem(first.id))?.state).toEqual({ status: 'sending', since: START });

    await vi.advanceTimersByTimeAsync(100);
    expect(sender.calls).toHaveLength(1);
    sender.last().succeed('p_1');
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['one', 'two']);
    sender.last().succeed('p_2');
    await settleMicrotasks();
    sender.last().succeed('p_3');
    expect(await drained).toEqual(wake(null));

    const items = outbox.list(A);
    expect(items.map((item) => (item.state.status === 'sent' ? item.state.id : '-'))).toEqual(['p_1', 'p_2', 'p_3']);
    expect((await store.listItems()).map((item) => item.state)).toEqual(items.map((item) => item.state));
  });

  it('holds a write for its Undo window: nothing of its account goes before it ends, other accounts go', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(A, { kind: 'reaction', postId: 'p_1', reaction: 'agree' }, { holdUntil: START + 5_000 });
    await outbox.enqueue(A, { kind: 'post', body: 'behind the held one' });
    await outbox.enqueue(B, { kind: 'post', body: 'other account' });
    const first = outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['other account']);
    sender.last().succeed('p_b');
    expect(await first).toEqual(wake(START + 5_000));

    vi.setSystemTime(START + 5_000);
    const second = outbox.drain();
    await settleMicrotasks();
    expect(sender.calls.map((call) => call.item.request.kind)).toEqual(['post', 'reaction']);
    sender.last().succeed('r_1');
    await settleMicrotasks();
    sender.last().succeed('p_a');
    expect(await second).toEqual(wake(null));
  });

  it('ends a write the platform holds as sent and held, one it rejects as failed in words, one without id as sent', async () => {
    const { outbox, sender } = await makeOutbox();
    for (const body of ['held', 'rejected']) await outbox.enqueue(A, { kind: 'post', body });
    await outbox.enqueue(A, { kind: 'reaction', postId: 'p_1', reaction: 'agree' });
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().answer({ id: 'p_held', moderation: { state: 'held' } });
    await settleMicrotasks();
    sender.last().answer({ id: 'p_no', moderation: { state: 'rejected', reason: 'Off topic.' } });
    await settleMicrotasks();
    sender.last().answer({});
    await drained;
    expect(outbox.list(A).map((item) => item.state)).toEqual([
      { status: 'sent', id: 'p_held', at: START, since: START, moderation: 'held' },
      {
        status: 'failed',
        reason: { kind: 'invalid', message: "The platform's moderation rejected it.", reason: 'Off topic.' },
        at: START,
      },
      { status: 'sent', at: START, since: START },
    ]);
  });

  it('runs different accounts side by side, each with one in flight', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(A, { kind: 'post', body: 'a1' });
    await outbox.enqueue(A, { kind: 'post', body: 'a2' });
    await outbox.enqueue(B, { kind: 'post', body: 'b1' });
    void outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies().sort()).toEqual(['a1', 'b1']);
  });

  it('picks up a write enqueued while the pass is sending', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(A, { kind: 'post', body: 'first' });
    const drained = outbox.drain();
    await settleMicrotasks();
    await outbox.enqueue(A, { kind: 'post', body: 'second' });
    sender.last().succeed('p_1');
    await settleMicrotasks();
    sender.last().succeed('p_2');
    await drained;
    expect(sender.bodies()).toEqual(['first', 'second']);
  });
});

describe('one drainer at a time', () => {
  it('an alarm, start-up and a message draining together send each write once, in order', async () => {
    const { outbox, sender } = await makeOutbox();
    for (const body of ['a', 'b']) await outbox.enqueue(A, { kind: 'post', body });
    const alarm = outbox.drain();
    const startup = outbox.drain();
    const message = outbox.drain();
    await settleMicrotasks();
    expect(sender.calls).toHaveLength(1);
    sender.last().succeed('p_a');
    await settleMicrotasks();
    expect(sender.calls).toHaveLength(2);
    sender.last().succeed('p_b');
    await Promise.all([alarm, startup, message]);
    expect(sender.bodies()).toEqual(['a', 'b']);
  });

  it("one account's slow send never holds back another account's write", async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(A, { kind: 'post', body: 'slow A' });
    const first = outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['slow A']);
    // A's answer has not come; B's write is queued and drained now: it goes at once.
    await outbox.enqueue(B, { kind: 'post', body: 'B meanwhile' });
    const second = outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['slow A', 'B meanwhile']);
    sender.last().succeed('p_b');
    sender.calls[0]?.succeed('p_a');
    await Promise.all([first, second]);
    expect(states(outbox.list())).toEqual(['slow A:sent', 'B meanwhile:sent']);
  });

  it('a caller during a pass gets one more pass, which sees what the first one missed', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(A, { kind: 'post', body: 'a' });
    const first = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_a');
    // Drained A; now, while the pass finishes, something new arrives with its own drain call.
    const late = outbox.enqueue(B, { kind: 'post', body: 'b' }).then(() => outbox.drain());
    await first;
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['a', 'b']);
    sender.last().succeed('p_b');
    expect(await late).toEqual(wake(null));
  });

  it('a pass that throws (store failure) frees the drainer for the next call', async () => {
    const { outbox, store, sender } = await makeOutbox();
    await outbox.enqueue(A, { kind: 'post', body: 'a' });
    const put = vi.spyOn(store, 'putItem').mockRejectedValueOnce(new Error('disk full'));
    await expect(outbox.drain()).rejects.toThrow('disk full');
    // The refused state change was rolled back: the item is still queued and nothing was sent.
    expect(states(outbox.list())).toEqual(['a:queued']);
    expect(sender.calls).toHaveLength(0);
    put.mockRestore();
    const again = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_a');
    await again;
    expect(states(outbox.list())).toEqual(['a:sent']);
  });
});

describe('429: pause every write of the account until the time it named', () => {
  async function rateLimited(retryAfterMs: number) {
    const setup = await makeOutbox();
    const { outbox, sender } = setup;
    for (const body of ['head', 'behind-1', 'behind-2']) await outbox.enqueue(A, { kind: 'post', body });
    await outbox.enqueue(B, { kind: 'post', body: 'other account' });
    const drained = outbox.drain();
    await settleMicrotasks();
    const headCall = sender.calls.find(
      (call) => call.item.request.kind === 'post' && call.item.request.body === 'head',
    );
    headCall?.fail(apiError('rate_limited', { status: 429, retryAfterMs }));
    sender.calls.find((call) => call.item.account === B)?.succeed('p_b');
    return { ...setup, drained };
  }

  it('the item waits until now + Retry-After, stored as an absolute time; the items behind wait too', async () => {
    const { outbox, store, drained } = await rateLimited(20_000);
    expect(await drained).toEqual(wake(START + 20_000));
    expect(states(outbox.list(A))).toEqual(['head:waiting', 'behind-1:queued', 'behind-2:queued']);
    expect(outbox.list(A)[0]?.state).toEqual({ status: 'waiting', until: START + 20_000 });
    const head = outbox.list(A)[0];
    expect(await store.getAccount(A)).toEqual({
      account: A,
      rateLimitedUntil: START + 20_000,
      rateLimitedBy: { item: head?.id, at: START, attempt: 1 },
      // Kept after the wait passed: the next 429 learns the budget only from writes after it.
      refusalEndsAt: START + 20_000,
    });
    // Another account's budget is its own.
    expect(states(outbox.list(B))).toEqual(['other account:sent']);
  });

  it('sends nothing before that time, however often it is woken, and resumes exactly then', async () => {
    const { outbox, sender, drained } = await rateLimited(20_000);
    await drained;
    const before = sender.calls.length;
    for (const step of [1, 5_000, 14_998]) {
      await vi.advanceTimersByTimeAsync(step);
      await outbox.drain();
    }
    expect(Date.now()).toBe(START + 19_999);
    expect(sender.calls).toHaveLength(before);

    await vi.advanceTimersByTimeAsync(1);
    void outbox.drain();
    await settleMicrotasks();
    expect(sender.calls).toHaveLength(before + 1);
    expect(sender.last().at).toBe(START + 20_000);
    expect(sender.bodies().at(-1)).toBe('head');
    sender.last().succeed('p_head');
    await settleMicrotasks();
    expect(sender.bodies().at(-1)).toBe('behind-1');
  });

  it('is kept across a restart: a new Outbox on the same store waits for the same time', async () => {
    const { store, drained } = await rateLimited(60_000);
    await drained;
    const { outbox: reopened, sender: newSender } = await makeOutbox({ store });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(await reopened.drain()).toEqual(wake(START + 60_000));
    expect(newSender.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    void reopened.drain();
    await settleMicrotasks();
    expect(newSender.bodies()).toEqual(['head']);
  });

  it('a later, shorter Retry-After never moves the pause earlier', async () => {
    const { outbox, sender, drained } = await rateLimited(10_000);
    await drained;
    await vi.advanceTimersByTimeAsync(10_000);
    void outbox.drain();
    await settleMicrotasks();
    sender.last().fail(apiError('rate_limited', { status: 429, retryAfterMs: 30_000 }));
    await settleMicrotasks();
    expect(outbox.accountState(A)?.rateLimitedUntil).toBe(START + 40_000);
    expect(outbox.nextWakeAt()).toBe(START + 40_000);
  });

  it('a 503 with Retry-After pauses the same way', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(A, { kind: 'post', body: 'x' });
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().fail(apiError('server', { status: 503, retryAfterMs: 7_000 }));
    expect(await drained).toEqual(wake(START + 7_000));
    expect(outbox.list()[0]?.state).toEqual({ status: 'waiting', until: START + 7_000 });
  });

  it('a 429 without a usable wait falls back to 60 s', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(A, { kind: 'post', body: 'x' });
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().fail(apiError('rate_limited', { status: 429, retryAfterMs: Number.NaN }));
    expect(await drained).toEqual(wake(START + 60_000));
  });

  it('shows the pause in the summary only while it lasts', async () => {
    const { outbox, drained } = await rateLimited(5_000);
    await drained;
    expect(outbox.summary(A).paused).toEqual([{ account: A, rateLimitedUntil: START + 5_000 }]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(outbox.summary(A).paused).toEqual([]);
  });
});

describe('nextWakeAt', () => {
  it('is null with nothing pending, now with work to do', async () => {
    const { outbox } = await makeOutbox();
    expect(outbox.nextWakeAt()).toBeNull();
    await outbox.enqueue(A, { kind: 'post', body: 'x' });
    expect(outbox.nextWakeAt()).toBe(START);
    expect(outbox.nextWakeAt(A)).toBe(START);
    expect(outbox.nextWakeAt(B)).toBeNull();
  });
});

describe('a failing account does not free the drainer early', () => {
  it('the pass ends only after every account finished, so no account gets two writes in flight', async () => {
    const { outbox, store, sender } = await makeOutbox();
    await outbox.enqueue(A, { kind: 'post', body: 'a1' });
    await outbox.enqueue(A, { kind: 'post', body: 'a2' });
    await outbox.enqueue(B, { kind: 'post', body: 'b1' });
    const realPut = store.putItem.bind(store);
    vi.spyOn(store, 'putItem').mockImplementation(async (item) => {
      if (item.account === B) throw new Error('quota exceeded');
      await realPut(item);
    });
    let failed = false;
    const first = outbox.drain().catch(() => {
      failed = true;
    });
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['a1']);
    // B's failure is known, but A's send is still in flight: the pass has not ended.
    expect(failed).toBe(false);
    const followUp = outbox.drain().catch(() => undefined);
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['a1']);
    sender.last().succeed('p_a1');
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['a1', 'a2']);
    sender.last().succeed('p_a2');
    await first;
    await followUp;
    expect(failed).toBe(true);
  });
});
