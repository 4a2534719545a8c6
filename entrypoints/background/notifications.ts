import type { OutboxChange } from '@/lib/queue';
import { wentLateBy } from '@/lib/queue/scheduled';
import type { WriteRequest } from '@/lib/queue/types';

/**
 * Which Outbox changes are worth a system notification, and how often one may be shown: pure, the
 * clock passed in (the browser glue is notifier.ts). Three kinds, each rate-limited on its own:
 * a write that waited more than a minute landed (a scheduled one: whenever it went), a write failed or became uncertain, an account's
 * key was disabled.
 */
export type NoticeKind = 'landed' | 'trouble' | 'disabled';

/** A write's landing counts as "after a wait" past this long from when the user asked for it. */
export const LONG_WAIT_MS = 60_000;
/** At most one notification per kind in this long; what happens meanwhile is told in one summary. */
export const NOTICE_WINDOW_MS = 60_000;
/**
 * A change is told only while this fresh (from the time the state was stamped): a worker started
 * again must not tell, as new, an old state an unrelated change re-emits (a sent post's twins).
 */
export const FRESH_MS = 30_000;
/** How many told events are remembered, so one re-emitted state is never told twice. */
const REMEMBERED = 100;

/** One thing worth telling. */
export interface NoticeEvent {
  kind: NoticeKind;
  /** Says the same state of the same thing: an event already told is not told again. */
  key: string;
  account: string;
  /** The write it is about (absent: a disabled key, about the account). */
  itemId?: string;
  request?: WriteRequest;
  /** `landed`: how long it waited; `trouble`: failed or uncertain. */
  waitedMs?: number;
  /** `landed`, a scheduled write: it went at its time (0), or this late (the browser was closed then). */
  scheduledLateMs?: number;
  status?: 'failed' | 'uncertain';
  /** `disabled`: the server's reason. */
  reason?: string;
}

/**
 * The event a change is, or undefined: a first-time write that landed more than a minute after it
 * was asked for (a write the user sent again they are already watching), a write that failed or is
 * uncertain, an account whose key became disabled. Only fresh states count ({@link FRESH_MS}).
 */
export function noticeOf(change: OutboxChange, now: number): NoticeEvent | undefined {
  const fresh = (at: number) => now - at <= FRESH_MS;
  if (change.type === 'account') {
    const { disabled, account } = change.state;
    if (disabled === undefined || !fresh(disabled.since)) return undefined;
    return { kind: 'disabled', key: `disabled:${account}:${disabled.since}`, account, reason: disabled.reason };
  }
  if (change.type !== 'item') return undefined;
  const { item } = change;
  const { state } = item;
  const about = { account: item.account, itemId: item.id, request: item.request };
  if (state.status === 'sent' && item.scheduled !== undefined && item.resends === 0) {
    if (!fresh(state.at)) return undefined;
    const scheduledLateMs = wentLateBy(item) ?? 0;
    return {
      kind: 'landed',
      key: `landed:${item.id}:${state.at}`,
      waitedMs: state.at - item.createdAt,
      scheduledLateMs,
      ...about,
    };
  }
  if (state.status === 'sent') {
    const waitedMs = state.at - item.createdAt;
    if (item.resends > 0 || waitedMs <= LONG_WAIT_MS || !fresh(state.at)) return undefined;
    return { kind: 'landed', key: `landed:${item.id}:${state.at}`, waitedMs, ...about };
  }
  if (state.status === 'failed' || state.status === 'uncertain') {
    if (!fresh(state.at)) return undefined;
    return { kind: 'trouble', key: `trouble:${item.id}:${state.at}`, status: state.status, ...about };
  }
  return undefined;
}

/** What to show: one event (`count` 1), or a summary of `count` events, `latest` the newest. */
export interface Notice {
  kind: NoticeKind;
  count: number;
  latest: NoticeEvent;
}

/** One kind's window: when its last notification was shown, and what came since. */
interface KindWindow {
  shownAt: number;
  held: number;
  latest?: NoticeEvent;
}

/** The gate's whole state, plain data (the glue keeps it across service worker restarts). */
export interface GateState {
  windows: Partial<Record<NoticeKind, KindWindow>>;
  told: string[];
}

export const EMPTY_GATE: GateState = { windows: {}, told: [] };

/**
 * Rate-limits notifications per kind: the first event of a kind is shown at once; the ones that
 * follow within {@link NOTICE_WINDOW_MS} are held and shown as one summary ("3 writes failed") when
 * the window ends, which opens the next window. So never more than one notification a minute per
 * kind, whatever a page makes fail, and nothing is left untold.
 */
export class NoticeGate {
  private state: GateState;

  constructor(
    private readonly clock: () => number,
    state: GateState = EMPTY_GATE,
  ) {
    this.state = { windows: { ...state.windows }, told: [...state.told] };
  }

  /** The state to keep (plain data). */
  snapshot(): GateState {
    return { windows: { ...this.state.windows }, told: [...this.state.told] };
  }

  /**
   * Offers an event heard at `now`: the notice to show, or undefined (told before, or held for the
   * summary).
   */
  offer(event: NoticeEvent, now: number = this.clock()): Notice | undefined {
    if (this.state.told.includes(event.key)) return undefined;
    this.state.told = [...this.state.told, event.key].slice(-REMEMBERED);
    // A window that ended with events held is summed up with this one: they are older.
    const open = this.state.windows[event.kind];
    if (open !== undefined && now < open.shownAt + NOTICE_WINDOW_MS) {
      this.state.windows[event.kind] = { ...open, held: open.held + 1, latest: event };
      return undefined;
    }
    if (open !== undefined && open.held > 0 && open.latest !== undefined) {
      this.state.windows[event.kind] = { shownAt: now, held: 0 };
      return { kind: event.kind, count: open.held + 1, latest: event };
    }
    this.state.windows[event.kind] = { shownAt: now, held: 0 };
    return { kind: event.kind, count: 1, latest: event };
  }

  /** The summaries whose windows have ended by now; each opens a new window. */
  due(): Notice[] {
    const now = this.clock();
    const notices: Notice[] = [];
    for (const [kind, open] of Object.entries(this.state.windows) as [NoticeKind, KindWindow][]) {
      if (now < open.shownAt + NOTICE_WINDOW_MS) continue;
      if (open.held > 0 && open.latest !== undefined) {
        notices.push({ kind, count: open.held, latest: open.latest });
        this.state.windows[kind] = { shownAt: now, held: 0 };
      } else delete this.state.windows[kind];
    }
    return notices;
  }

  /** When `due` next has something to do (a window with events held ends); undefined: nothing held. */
  nextDueAt(): number | undefined {
    const ends = Object.values(this.state.windows)
      .filter((open) => open.held > 0)
      .map((open) => open.shownAt + NOTICE_WINDOW_MS);
    return ends.length === 0 ? undefined : Math.min(...ends);
  }
}
