import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeTimersFrom, makeOutbox, settleMicrotasks, states } from './harness';

const A = 'https://api.example|acc-a';
const START = Date.UTC(2026, 10, 22, 8, 0, 0);

fakeTimersFrom(START);

async function twoPosts() {
  const setup = await makeOutbox();
  await setup.outbox.enqueue(A, { kind: 'post', body: 'first' });
  await setup.outbox.enqueue(A, { kind: 'post', body: 'second' });
  const drained = setup.outbox.drain();
  await settleMicrotasks();
  return { ...setup, drained };
}

describe('definite refusals fail the item; the queue goes on', () => {
  it('403 missing scope: failed, naming the scope', async () => {
    const { outbox, sender, drained } = await twoPosts();
    sender.last().fail(apiError('forbidden_scope', { status: 403, scope: 'posts:write', message: 'missing scope' }));
    await settleMicrotasks();
    sender.last().succeed('p_2');
    await drained;
    expect(states(outbox.list())).toEqual(['first:failed', 'second:sent']);
    expect(outbox.list()[0]?.state).toMatchObject({
      status: 'failed',
      reason: { kind: 'forbidden_scope', scope: 'posts:write', status: 403 },
    });
  });

  for (const [kind, status] of [
    ['unauthorized', 401],
    ['not_found', 404],
    ['invalid', 400],
    ['invalid', 413],
  ] as const) {
    it(`${status} ${kind}: failed with the reason, next item sent`, async () => {
      const { outbox, sender, drained } = await twoPosts();
      sender.last().fail(apiError(kind, { status, reason: 'because' }));
      await settleMicrotasks();
      sender.last().succeed('p_2');
      await drained;
      expect(outbox.list()[0]?.state).toMatchObject({ status: 'failed', reason: { kind, status, reason: 'because' } });
      expect(sender.calls).toHaveLength(2);
    });
  }
});

describe('403 key disabled: pause the account, probe once per backoff window', () => {
  async function disabled() {
    const setup = await twoPosts();
    setup.sender.last().fail(apiError('key_disabled', { status: 403, reason: 'suspicious activity' }));
    const first = await setup.drained;
    return { ...setup, first };
  }

  it('keeps the item queued, pauses the account with the reason, and sends nothing else', async () => {
    const { outbox, sender, store, first } = await disabled();
    expect(states(outbox.list())).toEqual(['first:queued', 'second:queued']);
    expect(outbox.list()[0]?.lastError).toMatchObject({ kind: 'key_disabled', reason: 'suspicious activity' });
    expect(await store.getAccount(A)).toEqual({
      account: A,
      disabled: { reason: 'suspicious activity', since: START, attempt: 0, nextProbeAt: START + 30_000 },
    });
    expect(first.nextWakeAt).toBe(START + 30_000);
    expect(outbox.summary().paused).toEqual([
      { account: A, disabled: { reason: 'suspicious activity', nextProbeAt: START + 30_000 } },
    ]);
    expect(sender.calls).toHaveLength(1);
  });

  it('probes with the head item no sooner than each window: 30 s, 60 s, 120 s … capped at 10 min', async () => {
    const { outbox, sender } = await disabled();
    const probeTimes: number[] = [];
    let elapsed = 0;
    const windows = [30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000];
    for (const window of windows) {
      await vi.advanceTimersByTimeAsync(window - 1);
      await outbox.drain();
      const calls = sender.calls.length;
      await vi.advanceTimersByTimeAsync(1);
      elapsed += window;
      void outbox.drain();
      await settleMicrotasks();
      expect(sender.calls).toHaveLength(calls + 1);
      probeTimes.push(sender.last().at - START);
      sender.last().fail(apiError('key_disabled', { status: 403, reason: 'still' }));
      await settleMicrotasks();
    }
    expect(probeTimes).toEqual(windows.map((_, i) => windows.slice(0, i + 1).reduce((a, b) => a + b, 0)));
    expect(elapsed).toBe(probeTimes.at(-1));
    // Always the head item: nothing behind it jumped the queue.
    expect(new Set(sender.bodies())).toEqual(new Set(['first']));
  });

  it('resumes the whole queue when a probe succeeds', async () => {
    const { outbox, sender } = await disabled();
    await vi.advanceTimersByTimeAsync(30_000);
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_1');
    await settleMicrotasks();
    sender.last().succeed('p_2');
    await drained;
    expect(states(outbox.list())).toEqual(['first:sent', 'second:sent']);
    expect(outbox.accountState(A)?.disabled).toBeUndefined();
    expect(outbox.summary().paused).toEqual([]);
  });

  it('resumeAccount lifts the pause at once (the user saved a new key)', async () => {
    const { outbox, sender, store } = await disabled();
    await outbox.resumeAccount(A);
    expect((await store.getAccount(A))?.disabled).toBeUndefined();
    expect(outbox.nextWakeAt()).toBe(START);
    void outbox.drain();
    await settleMicrotasks();
    expect(sender.calls).toHaveLength(2);
  });

  it('resumeAccount does not lift a 429: a new key adds no budget', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(A, { kind: 'post', body: 'x' });
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().fail(apiError('rate_limited', { status: 429, retryAfterMs: 10_000 }));
    await drained;
    await outbox.resumeAccount(A);
    await outbox.resumeAccount('unknown account');
    expect(outbox.accountState(A)?.rateLimitedUntil).toBe(START + 10_000);
    expect(outbox.nextWakeAt()).toBe(START + 10_000);
  });

  async function rateLimitedAs(speaker: string | undefined) {
    const setup = await makeOutbox();
    if (speaker !== undefined) expect(await setup.outbox.keyActsFor(A, speaker)).toBe(false);
    await setup.outbox.enqueue(A, { kind: 'post', body: 'x' });
    const drained = setup.outbox.drain();
    await settleMicrotasks();
    setup.sender.last().fail(apiError('rate_limited', { status: 429, retryAfterMs: 10_000 }));
    await drained;
    return setup;
  }

  it('a key check naming another platform account drops the old one’s wait and what it learned: budgets are per account', async () => {
    const { outbox, store } = await rateLimitedAs('u_robin');
    expect(await outbox.keyActsFor(A, 'u_sam')).toBe(true);
    const state = await store.getAccount(A);
    expect(state?.rateLimitedUntil).toBeUndefined();
    expect(state?.rateLimitedBy).toBeUndefined();
    expect(state?.learned).toBeUndefined();
    expect(state?.speaker).toBe('u_sam');
    expect(outbox.nextWakeAt()).toBe(START);
  });

  it('a key check naming the same platform account, or the first to name one, keeps the wait', async () => {
    const same = await rateLimitedAs('u_robin');
    expect(await same.outbox.keyActsFor(A, 'u_robin')).toBe(false);
    expect(same.outbox.accountState(A)?.rateLimitedUntil).toBe(START + 10_000);
    // No check named anyone before the 429: the wait may be this account's, so it is waited out.
    const unknown = await rateLimitedAs(undefined);
    expect(await unknown.outbox.keyActsFor(A, 'u_sam')).toBe(false);
    expect(unknown.outbox.accountState(A)).toMatchObject({ rateLimitedUntil: START + 10_000, speaker: 'u_sam' });
  });
});

describe('offline before sending: stays queued, retried with backoff', () => {
  const offline = () => apiError('network', { outcomeUnknown: false, message: 'Failed to fetch' });

  it('keeps the item queued and retries after a jittered, growing delay', async () => {
    // random() = 0.5: half of each window, never under 1 s: 1 s, 2 s, 4 s, 8 s …
    const { outbox, sender, drained } = await twoPosts();
    sender.last().fail(offline());
    const first = await drained;
    expect(states(outbox.list())).toEqual(['first:queued', 'second:queued']);
    expect(outbox.accountState(A)?.offline).toMatchObject({ attempt: 0, retryAt: START + 1_000 });
    expect(first.nextWakeAt).toBe(START + 1_000);
    expect(outbox.summary().paused).toEqual([{ account: A, offlineUntil: START + 1_000 }]);

    const gaps: number[] = [];
    let last = START;
    for (let i = 0; i < 4; i++) {
      const wake = outbox.nextWakeAt() ?? 0;
      await vi.advanceTimersByTimeAsync(wake - Date.now());
      void outbox.drain();
      await settleMicrotasks();
      gaps.push(sender.last().at - last);
      last = sender.last().at;
      sender.last().fail(offline());
      await settleMicrotasks();
    }
    expect(gaps).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(sender.bodies().every((body) => body === 'first')).toBe(true);
  });

  it('a 503 without Retry-After is treated the same way (the server did not act)', async () => {
    const { outbox, sender, drained } = await twoPosts();
    sender.last().fail(apiError('server', { status: 503, outcomeUnknown: false }));
    await drained;
    expect(states(outbox.list())).toEqual(['first:queued', 'second:queued']);
    expect(outbox.accountState(A)?.offline).toBeDefined();
  });

  it('back online: a success clears the offline pause; resumeAccount clears it at once', async () => {
    const { outbox, sender, drained } = await twoPosts();
    sender.last().fail(offline());
    await drained;
    await outbox.resumeAccount(A);
    expect(outbox.accountState(A)?.offline).toBeUndefined();
    const again = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_1');
    await settleMicrotasks();
    sender.last().succeed('p_2');
    await again;
    expect(states(outbox.list())).toEqual(['first:sent', 'second:sent']);
    expect(outbox.list()[0]?.lastError).toBeUndefined();
  });

  it("the browser's online event lifts only the offline pause: a 429's time stays", async () => {
    const { outbox, sender, drained } = await twoPosts();
    sender.last().fail(offline());
    await drained;
    await outbox.resumeOnline();
    expect(outbox.accountState(A)?.offline).toBeUndefined();
    expect(outbox.nextWakeAt()).toBe(START);
    const again = outbox.drain();
    await settleMicrotasks();
    sender.last().fail(apiError('rate_limited', { status: 429, retryAfterMs: 10_000 }));
    await again;
    await outbox.resumeOnline();
    expect(outbox.accountState(A)?.rateLimitedUntil).toBe(START + 10_000);
    expect(outbox.nextWakeAt()).toBe(START + 10_000);
  });
});
