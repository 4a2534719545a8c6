import { describe, expect, it, vi } from 'vitest';
import { MemoryOutboxStore } from '@/lib/queue/memory-store';
import { LATE_MS, MAX_SCHEDULE_AHEAD_MS } from '@/lib/queue/scheduled';
import { fakeTimersFrom, label, makeOutbox, settleMicrotasks, states } from './harness';

const A = 'https://api.example|acc-a';
const B = 'https://api.example|acc-b';
const START = Date.UTC(2026, 10, 29, 8, 0, 0);
const post = (body: string) => ({ kind: 'post' as const, body });

fakeTimersFrom(START);

describe('scheduled writes', () => {
  it('wait for their time without holding up the account, then go at the back of its queue', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(A, post('later'), { sendAt: START + 30_000 });
    await outbox.enqueue(A, post('now'));
    expect(states(outbox.list())).toEqual(['later:scheduled', 'now:queued']);
    // The drain sends the write of now, and asks to be woken at the scheduled time.
    const first = outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['now']);
    sender.last().succeed('p_now');
    expect((await first).nextWakeAt).toBe(START + 30_000);
    expect(outbox.nextWakeAt()).toBe(START + 30_000);
    expect(outbox.summary().counts.scheduled).toBe(1);
    expect(outbox.summary().pending).toBe(0);

    // Not a millisecond early.
    await vi.advanceTimersByTimeAsync(29_999);
    void outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['now']);

    await vi.advanceTimersByTimeAsync(1);
    const second = outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['now', 'later']);
    sender.last().succeed('p_later');
    expect((await second).nextWakeAt).toBeNull();
    const later = outbox.list().find((item) => label(item) === 'later');
    expect(later?.state).toMatchObject({ status: 'sent', id: 'p_later' });
    expect(later?.scheduled).toEqual({ sendAt: START + 30_000, wentAt: START + 30_000 });
    // It went after the write queued since: its new place keeps the queue's order by seq.
    const now = outbox.list().find((item) => label(item) === 'now');
    expect((later?.seq ?? 0) > (now?.seq ?? 0)).toBe(true);
  });

  it('go at the next start when the browser was closed at their time, marked late', async () => {
    const store = new MemoryOutboxStore();
    const before = await makeOutbox({ store });
    await before.outbox.enqueue(A, post('while closed'), { sendAt: START + 60_000 });
    // The browser is closed for an hour; a new Outbox opens on the same store.
    vi.setSystemTime(START + 60 * 60_000);
    const { outbox, sender } = await makeOutbox({ store });
    expect(states(outbox.list())).toEqual(['while closed:scheduled']);
    void outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['while closed']);
    const item = outbox.list()[0];
    expect(item?.scheduled).toEqual({ sendAt: START + 60_000, wentAt: START + 60 * 60_000 });
    expect((item?.scheduled?.wentAt ?? 0) - (item?.scheduled?.sendAt ?? 0)).toBeGreaterThan(LATE_MS);
  });

  it('once due, wait out a Retry-After like any write, and never go before it', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(A, post('first'));
    void outbox.drain();
    await settleMicrotasks();
    await sender.last().refuse(120_000);
    await settleMicrotasks();
    await outbox.enqueue(A, post('scheduled'), { sendAt: START + 10_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    void outbox.drain();
    await settleMicrotasks();
    // Released into the queue, behind the refused write, and nothing sent before the wait ends.
    expect(states(outbox.list())).toEqual(['first:waiting', 'scheduled:queued']);
    expect(sender.calls).toHaveLength(1);
    expect(outbox.nextWakeAt()).toBe(START + 120_000);
  });

  it('Edit changes the time and words while it waits; Send now queues it at once; Cancel removes it', async () => {
    const { outbox, sender } = await makeOutbox();
    const edited = await outbox.enqueue(A, post('draft'), { sendAt: START + 60_000 });
    const sentNow = await outbox.enqueue(B, post('go now'), { sendAt: START + 60_000 });
    const cancelled = await outbox.enqueue(A, post('never'), { sendAt: START + 60_000 });

    await outbox.reschedule(edited.id, START + 120_000, 'final words');
    expect(outbox.get(edited.id)).toMatchObject({
      request: { kind: 'post', body: 'final words' },
      state: { status: 'scheduled', sendAt: START + 120_000 },
    });
    expect(outbox.nextWakeAt()).toBe(START + 60_000);

    await outbox.sendNow(sentNow.id);
    expect(outbox.get(sentNow.id)?.state.status).toBe('queued');
    expect(outbox.get(sentNow.id)?.scheduled).toBeUndefined();
    await outbox.discard(cancelled.id);
    expect(outbox.get(cancelled.id)).toBeUndefined();

    void outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['go now']);
    sender.last().succeed('p_1');
    await settleMicrotasks();
    // The edited one is still waiting for its new time, and once it went it cannot be edited.
    await vi.advanceTimersByTimeAsync(120_000);
    void outbox.drain();
    await settleMicrotasks();
    expect(sender.bodies()).toEqual(['go now', 'final words']);
    await expect(outbox.reschedule(edited.id, START + 500_000)).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(outbox.sendNow(edited.id)).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('refuses reactions, times past a year ahead and times that are no time', async () => {
    const { outbox } = await makeOutbox();
    const reaction = { kind: 'reaction' as const, postId: 'p_1', reaction: 'agree' };
    await expect(outbox.enqueue(A, reaction, { sendAt: START + 1_000 })).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(outbox.enqueue(A, post('far'), { sendAt: START + MAX_SCHEDULE_AHEAD_MS + 1 })).rejects.toMatchObject({
      code: 'not_allowed',
    });
    await expect(outbox.enqueue(A, post('nan'), { sendAt: Number.NaN })).rejects.toMatchObject({ code: 'not_allowed' });
    expect(outbox.list()).toEqual([]);
  });

  it('moves with its account and keeps its time; removing the account drops it', async () => {
    const { outbox } = await makeOutbox();
    const item = await outbox.enqueue(A, post('moved'), { sendAt: START + 60_000 });
    await outbox.reassign(A, B);
    expect(outbox.get(item.id)).toMatchObject({ account: B, state: { status: 'scheduled', sendAt: START + 60_000 } });
    expect(await outbox.discardPending(B)).toBe(1);
    expect(outbox.list()).toEqual([]);
  });
});
