import { describe, expect, it } from 'vitest';
import {
  FRESH_MS,
  LONG_WAIT_MS,
  NOTICE_WINDOW_MS,
  type NoticeEvent,
  NoticeGate,
  noticeOf,
} from '@/entrypoints/background/notifications';
import type { OutboxChange } from '@/lib/queue';
import type { ItemState, OutboxItem } from '@/lib/queue/types';

const T0 = 1_800_000_000_000;

function item(state: ItemState, over: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id: 'item-1',
    account: 'acct-a',
    seq: 1,
    request: { kind: 'post', body: 'Bus lanes cut the commute by six minutes.' },
    state,
    createdAt: T0,
    updatedAt: T0,
    attempts: 1,
    resends: 0,
    ...over,
  };
}
const changed = (i: OutboxItem): OutboxChange => ({ type: 'item', item: i });

describe('noticeOf: which change is worth a notification', () => {
  it('a write that lands more than a minute after it was asked for', () => {
    const at = T0 + LONG_WAIT_MS + 5_000;
    const event = noticeOf(changed(item({ status: 'sent', id: 'p1', at })), at + 10);
    expect(event).toMatchObject({
      kind: 'landed',
      itemId: 'item-1',
      account: 'acct-a',
      waitedMs: LONG_WAIT_MS + 5_000,
    });
  });

  it('a scheduled write whenever it went, saying how late when the browser was closed at its time', () => {
    const sendAt = T0 + 10_000;
    const onTime = item({ status: 'sent', id: 'p1', at: sendAt + 500 }, { scheduled: { sendAt, wentAt: sendAt } });
    expect(noticeOf(changed(onTime), sendAt + 600)).toMatchObject({ kind: 'landed', scheduledLateMs: 0 });
    const wentAt = sendAt + 45 * 60_000;
    const late = item({ status: 'sent', id: 'p1', at: wentAt + 500 }, { scheduled: { sendAt, wentAt } });
    expect(noticeOf(changed(late), wentAt + 600)).toMatchObject({ kind: 'landed', scheduledLateMs: 45 * 60_000 });
    // Sent again by the user after a failure: they are watching it.
    expect(noticeOf(changed({ ...late, resends: 1 }), wentAt + 600)).toBeUndefined();
  });

  it('not a write that landed within the minute', () => {
    const at = T0 + LONG_WAIT_MS;
    expect(noticeOf(changed(item({ status: 'sent', id: 'p1', at })), at)).toBeUndefined();
  });

  it('not a write the user sent again (they are watching it), nor one that was never sending', () => {
    const at = T0 + 10 * LONG_WAIT_MS;
    expect(noticeOf(changed(item({ status: 'sent', at }, { resends: 1 })), at)).toBeUndefined();
    for (const state of [
      { status: 'queued' },
      { status: 'sending', since: at },
      { status: 'waiting', until: at },
    ] as const)
      expect(noticeOf(changed(item(state)), at)).toBeUndefined();
  });

  it('a write that failed, or is uncertain', () => {
    const reason = { kind: 'invalid' as const, message: 'Unknown reaction kind' };
    expect(noticeOf(changed(item({ status: 'failed', reason, at: T0 })), T0)).toMatchObject({
      kind: 'trouble',
      status: 'failed',
    });
    expect(noticeOf(changed(item({ status: 'uncertain', since: T0, at: T0, detail: 'timeout' })), T0)).toMatchObject({
      kind: 'trouble',
      status: 'uncertain',
    });
  });

  it("an account whose key became disabled, with the server's reason", () => {
    const change: OutboxChange = {
      type: 'account',
      state: { account: 'acct-a', disabled: { reason: 'Suspicious activity', since: T0, attempt: 0, nextProbeAt: T0 } },
    };
    expect(noticeOf(change, T0 + 1)).toMatchObject({
      kind: 'disabled',
      account: 'acct-a',
      reason: 'Suspicious activity',
    });
    expect(noticeOf({ type: 'account', state: { account: 'acct-a', rateLimitedUntil: T0 } }, T0)).toBeUndefined();
  });

  it('only fresh states: a worker started again does not retell an old one an unrelated change re-emits', () => {
    const at = T0 + 2 * LONG_WAIT_MS;
    // A sent post gets its twins recorded minutes later: the same state, re-emitted.
    expect(noticeOf(changed(item({ status: 'sent', id: 'p1', at, twins: ['p2'] })), at + FRESH_MS + 1)).toBeUndefined();
    const disabled: OutboxChange = {
      type: 'account',
      state: { account: 'acct-a', disabled: { reason: 'x', since: T0, attempt: 3, nextProbeAt: T0 + 600_000 } },
    };
    expect(noticeOf(disabled, T0 + 120_000)).toBeUndefined();
    expect(noticeOf({ type: 'removed', id: 'item-1', account: 'acct-a', item: item({ status: 'queued' }) }, T0)).toBe(
      undefined,
    );
  });
});

/** A clock the test moves. */
function fakeClock(start = T0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const failure = (n: number): NoticeEvent => ({
  kind: 'trouble',
  key: `trouble:item-${n}:${n}`,
  account: 'acct-a',
  itemId: `item-${n}`,
  status: 'failed',
});

describe('NoticeGate: at most one notification a minute per kind', () => {
  it('a page that makes 20 writes fail in a minute makes one notification, then one summary of the rest', () => {
    const clock = fakeClock();
    const gate = new NoticeGate(clock.now);
    const shown = [];
    for (let n = 1; n <= 20; n++) {
      const notice = gate.offer(failure(n));
      if (notice !== undefined) shown.push(notice);
      shown.push(...gate.due());
      clock.advance(2_900); // 20 × 2.9 s = 58 s: all within the minute
    }
    expect(shown).toEqual([{ kind: 'trouble', count: 1, latest: failure(1) }]);
    expect(gate.nextDueAt()).toBe(T0 + NOTICE_WINDOW_MS);
    clock.advance(NOTICE_WINDOW_MS - 58_000);
    expect(gate.due()).toEqual([{ kind: 'trouble', count: 19, latest: failure(20) }]);
    expect(gate.due()).toEqual([]);
    expect(gate.nextDueAt()).toBeUndefined();
  });

  it('kinds are limited each on its own', () => {
    const gate = new NoticeGate(fakeClock().now);
    expect(gate.offer(failure(1))).toBeDefined();
    const landed: NoticeEvent = { kind: 'landed', key: 'landed:x:1', account: 'acct-a', itemId: 'x', waitedMs: 90_000 };
    expect(gate.offer(landed)).toEqual({ kind: 'landed', count: 1, latest: landed });
  });

  it('the summary opens the next window: still one a minute', () => {
    const clock = fakeClock();
    const gate = new NoticeGate(clock.now);
    gate.offer(failure(1));
    gate.offer(failure(2));
    clock.advance(NOTICE_WINDOW_MS);
    expect(gate.due()).toHaveLength(1);
    clock.advance(1_000);
    expect(gate.offer(failure(3))).toBeUndefined();
    clock.advance(NOTICE_WINDOW_MS);
    expect(gate.due()).toEqual([{ kind: 'trouble', count: 1, latest: failure(3) }]);
  });

  it('an event after a quiet minute is shown at once; one arriving late with events held sums them up', () => {
    const clock = fakeClock();
    const gate = new NoticeGate(clock.now);
    gate.offer(failure(1));
    clock.advance(NOTICE_WINDOW_MS + 1);
    expect(gate.offer(failure(2))).toEqual({ kind: 'trouble', count: 1, latest: failure(2) });
    gate.offer(failure(3));
    clock.advance(NOTICE_WINDOW_MS + 1);
    // The alarm was late: the held event and the new one are told together.
    expect(gate.offer(failure(4))).toEqual({ kind: 'trouble', count: 2, latest: failure(4) });
  });

  it('the same event is never told twice, also by a gate restored from its snapshot', () => {
    const clock = fakeClock();
    const gate = new NoticeGate(clock.now);
    gate.offer(failure(1));
    clock.advance(NOTICE_WINDOW_MS + 1);
    expect(gate.offer(failure(1))).toBeUndefined();
    const restored = new NoticeGate(clock.now, JSON.parse(JSON.stringify(gate.snapshot())));
    expect(restored.offer(failure(1))).toBeUndefined();
    expect(restored.offer(failure(2))).toBeDefined();
  });
});
