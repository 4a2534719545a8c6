import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WriteSender } from '../../lib/queue';
import { TestSandbox } from '../sandbox/helpers.js';
import { createRig, drainToIdle, newAccount, postsBy, Recorder, SandboxClock, stats, statuses } from './harness';

let sb: TestSandbox;
let clock: SandboxClock;
let key: string;
let accountId: string;

beforeEach(async () => {
  sb = await TestSandbox.start();
  clock = new SandboxClock(sb);
  ({ key, account: accountId } = await newAccount(sb));
});
afterEach(() => sb.close());

/** A worker that stops during its first send: after the request was answered, or before it left. */
function stopsDuringFirstSend(when: 'after_request' | 'before_request'): (send: WriteSender) => WriteSender {
  let stopped = false;
  return (send) => async (item, signal) => {
    if (stopped) return send(item, signal);
    stopped = true;
    if (when === 'after_request') await send(item, signal);
    // The worker is gone: nobody ever hears how the send ended.
    return new Promise<never>(() => {});
  };
}

describe('the worker stops while a write is `sending`', () => {
  it('after the request left: the next worker finds the post and marks it sent with that id, then goes on', async () => {
    const recorder = new Recorder(clock.now);
    const first = await createRig(sb, {
      key,
      clock: clock.now,
      recorder,
      wrapSender: stopsDuringFirstSend('after_request'),
    });
    await first.outbox.enqueue(first.account, { kind: 'post', body: 'Sent just before the stop' });
    await first.outbox.enqueue(first.account, { kind: 'post', body: 'Still queued at the stop' });
    void first.outbox.drain();
    for (let i = 0; i < 200 && (await stats(sb)).posts === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(statuses(first.outbox)).toEqual(['sending', 'queued']);

    // A new worker on the same store.
    const second = await createRig(sb, { key, clock: clock.now, recorder, store: first.store });
    expect(statuses(second.outbox)).toEqual(['sending', 'queued']);
    const recovered = await second.outbox.recoverInterrupted();
    expect(recovered.map((item) => item.state.status)).toEqual(['sent']);
    await drainToIdle(second.outbox, (at) => clock.advanceTo(at));

    const landed = await postsBy(sb, accountId);
    expect(landed.map((p) => p.body)).toEqual(['Sent just before the stop', 'Still queued at the stop']);
    expect(second.outbox.list().map((item) => item.state)).toMatchObject([
      { status: 'sent', id: landed[0]?.id, settled: true },
      { status: 'sent', id: landed[1]?.id },
    ]);
    expect(recorder.writes()).toHaveLength(2);
  });

  it('before the request left: the next worker finds nothing, so the item is uncertain and never sent blindly', async () => {
    const recorder = new Recorder(clock.now);
    const first = await createRig(sb, {
      key,
      clock: clock.now,
      recorder,
      wrapSender: stopsDuringFirstSend('before_request'),
    });
    const item = await first.outbox.enqueue(first.account, { kind: 'post', body: 'Stopped before it left' });
    void first.outbox.drain();
    for (let i = 0; i < 200 && first.outbox.get(item.id)?.state.status !== 'sending'; i++) {
      await new Promise((r) => setTimeout(r, 5));
    }

    const second = await createRig(sb, { key, clock: clock.now, recorder, store: first.store });
    // Every drain pass settles interrupted items first.
    await drainToIdle(second.outbox, (at) => clock.advanceTo(at));
    expect(second.outbox.get(item.id)?.state).toMatchObject({
      status: 'uncertain',
      detail: expect.stringContaining('interrupted'),
    });
    expect(recorder.writes()).toHaveLength(0);

    await second.outbox.sendAgain(item.id);
    await drainToIdle(second.outbox, (at) => clock.advanceTo(at));
    expect((await postsBy(sb, accountId)).map((p) => p.body)).toEqual(['Stopped before it left']);
    expect(second.outbox.get(item.id)).toMatchObject({ state: { status: 'sent' }, resends: 1 });
  });
});

describe('a 429 across a restart', () => {
  it('the next worker sends nothing before the time the 429 named', async () => {
    // No budget announced: the second write meets the limit (with one announced it is paced instead).
    await sb.control('POST', '/budget-headers', { style: 'none' });
    await sb.control('POST', '/budget', { account: accountId, writes: 1, windowSeconds: 10 });
    const start = clock.now();
    const recorder = new Recorder(clock.now);
    const first = await createRig(sb, { key, clock: clock.now, recorder });
    for (const body of ['Before the limit', 'After the limit']) {
      await first.outbox.enqueue(first.account, { kind: 'post', body });
    }
    expect((await first.outbox.drain()).nextWakeAt).toBe(start + 10_000);

    await clock.advanceTo(start + 5_000);
    const second = await createRig(sb, { key, clock: clock.now, recorder, store: first.store });
    expect((await second.outbox.drain()).nextWakeAt).toBe(start + 10_000);
    expect(second.outbox.summary().paused).toEqual([{ account: second.account, rateLimitedUntil: start + 10_000 }]);
    expect(recorder.writes().map((w) => w.status)).toEqual([201, 429]);

    expect(await drainToIdle(second.outbox, (at) => clock.advanceTo(at))).toEqual([start + 10_000]);
    expect(recorder.writes().map((w) => w.status)).toEqual([201, 429, 201]);
    expect(recorder.writes()[2]?.sentAt).toBe(start + 10_000);
    expect((await postsBy(sb, accountId)).map((p) => p.body)).toEqual(['Before the limit', 'After the limit']);
  });
});
