import { OutboxActionError } from './outbox-options';
import type { OutboxRecords } from './records';
import type { OutboxItem, WriteRequest } from './types';

/**
 * Scheduled writes ("Send at…"): a post or reply the user chose a time for. Until then it is
 * `scheduled`: not pending, so it holds up none of its account's writes. When its time comes (the
 * first drain pass at or after it: the alarm, or the next start when the browser was closed) it
 * goes to the back of its account's queue with a new `seq`, like a write sent again, and from there
 * every rule of any write holds: budget, reserve, never before a Retry-After, one in flight.
 */

/** A write released this long after its time went late (the browser or computer was not running). */
export const LATE_MS = 60_000;
/** How late a scheduled write went, when more than {@link LATE_MS} after its time (undefined: on time, or not scheduled). */
export function wentLateBy(item: { scheduled?: { sendAt: number; wentAt: number } | undefined }): number | undefined {
  const late = item.scheduled === undefined ? 0 : item.scheduled.wentAt - item.scheduled.sendAt;
  return late > LATE_MS ? late : undefined;
}

/** How far ahead a write may be scheduled. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/** The write is waiting for the time the user chose. */
export function isScheduled(item: OutboxItem): item is OutboxItem & { state: { status: 'scheduled' } } {
  return item.state.status === 'scheduled';
}

/** The earliest chosen time among scheduled writes, or null when none waits. */
export function earliestScheduled(items: readonly OutboxItem[]): number | null {
  let earliest: number | null = null;
  for (const item of items)
    if (isScheduled(item) && (earliest === null || item.state.sendAt < earliest)) earliest = item.state.sendAt;
  return earliest;
}

/** The earlier of two wake-up times, either of which may be absent (null). */
export function earlier(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/** Why a chosen time cannot be taken at `now`, in words for the user; undefined when it can. */
export function scheduleProblem(request: WriteRequest, sendAt: number, now: number): string | undefined {
  if (request.kind === 'reaction') return 'Only posts and replies can be scheduled.';
  if (!Number.isSafeInteger(sendAt)) return 'A scheduled time must be a time.';
  if (sendAt > now + MAX_SCHEDULE_AHEAD_MS) return 'A write can be scheduled at most a year ahead.';
  return undefined;
}

/**
 * Moves every scheduled write whose time has come to the back of its account's queue, the earliest
 * chosen first (in the order they were asked for at equal times). Run inside the records' serial
 * chain, so a user's Edit or Send now never meets a write half released. Returns them.
 */
export async function releaseDue(records: OutboxRecords, now: number): Promise<OutboxItem[]> {
  const due = records
    .list()
    .filter((item) => isScheduled(item) && item.state.sendAt <= now)
    .sort((a, b) => sendAtOf(a) - sendAtOf(b) || a.seq - b.seq);
  const released: OutboxItem[] = [];
  for (const item of due) {
    const next: OutboxItem = {
      ...item,
      seq: records.allocateSeq(),
      state: { status: 'queued' },
      scheduled: { sendAt: sendAtOf(item), wentAt: now },
      updatedAt: now,
    };
    // Durable before the drainer may see it queued (as for a write sent again).
    await records.insert(next);
    released.push(next);
  }
  return released;
}

function sendAtOf(item: OutboxItem): number {
  return item.state.status === 'scheduled' ? item.state.sendAt : 0;
}

/** Refuses a time the Outbox cannot take, in words (`not_allowed`). */
export function checkSchedule(request: WriteRequest, sendAt: number, now: number): void {
  const problem = scheduleProblem(request, sendAt, now);
  if (problem !== undefined) throw new OutboxActionError('not_allowed', problem);
}

function requireScheduled(records: OutboxRecords, id: string): OutboxItem {
  const item = records.item(id);
  if (item === undefined) throw new OutboxActionError('not_found', 'No such write in the Outbox.');
  if (!isScheduled(item)) throw new OutboxActionError('not_allowed', 'This write is no longer scheduled: it has gone.');
  return item;
}

/** The user's Edit of a scheduled write: another time, other words. Run inside the serial chain. */
export async function reschedule(
  records: OutboxRecords,
  change: { id: string; sendAt: number; body?: string | undefined },
  now: number,
): Promise<OutboxItem> {
  const item = requireScheduled(records, change.id);
  checkSchedule(item.request, change.sendAt, now);
  const { request } = item;
  const next: OutboxItem = {
    ...item,
    request: change.body === undefined || request.kind === 'reaction' ? request : { ...request, body: change.body },
    state: { status: 'scheduled', sendAt: change.sendAt },
    updatedAt: now,
  };
  await records.update(next);
  return next;
}

/** The user's "Send now": to the back of its account's queue at once. Run inside the serial chain. */
export async function sendNow(records: OutboxRecords, id: string, now: number): Promise<OutboxItem> {
  const item = requireScheduled(records, id);
  const next: OutboxItem = { ...item, seq: records.allocateSeq(), state: { status: 'queued' }, updatedAt: now };
  await records.insert(next);
  return next;
}
