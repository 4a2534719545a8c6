/**
 * What an inline bar shows about the user's own writes to its post, from `getPostStates`: pure, so
 * the words and the follow-up schedule are unit-tested.
 */

export const WRITE_STATUSES = ['queued', 'sending', 'sent', 'waiting', 'failed', 'uncertain'] as const;
export type WriteStatus = (typeof WRITE_STATUSES)[number];

/** One write's state as the bar shows it. */
export interface WriteView {
  status: WriteStatus;
  /** `waiting`: when the Outbox sends it (epoch ms). */
  until?: number;
  /** `failed`: why, in words safe to show. */
  reason?: string;
  /** `queued` and held for its Undo window until then (epoch ms). */
  heldUntil?: number;
}

/** Still in its Undo window at `now`. */
export function isHeld(view: WriteView | undefined, now: number): boolean {
  return view?.status === 'queued' && view.heldUntil !== undefined && view.heldUntil > now;
}

/** A post's state as `getPostStates` reports it. */
export interface PostStateView {
  postId: string;
  reactions: ({ kind: string } & WriteView)[];
  replies: { pending: number; sent: number; failed: number; uncertain: number; latest?: WriteView };
}

/** Still on its way: the bar keeps following it. */
export function isPending(view: WriteView | undefined): boolean {
  return view !== undefined && (view.status === 'queued' || view.status === 'sending' || view.status === 'waiting');
}

/** The state per reaction kind: the newest write of each kind (the list is oldest first). */
export function reactionViews(post: PostStateView): Map<string, WriteView> {
  const views = new Map<string, WriteView>();
  for (const { kind, ...view } of post.reactions) views.set(kind, view);
  return views;
}

/** Whole seconds left until `until`, never negative; a started second counts. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** A countdown as a clock: `0:07`, `2:30`, `1:02:03`. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const ss = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * When to ask again about a pending write, `attempt` (0, 1, …) checks after the action: soon at
 * first, then less often, and just after a `waiting` write's time; null once it is settled or
 * after 40 checks (the Outbox in the side panel follows it from there).
 */
export function nextCheckDelay(view: WriteView | undefined, attempt: number, now: number): number | null {
  if (!isPending(view) || attempt >= 40) return null;
  if (view?.status === 'waiting' && view.until !== undefined) return Math.max(500, view.until - now + 500);
  if (isHeld(view, now)) return Math.max(500, (view?.heldUntil ?? now) - now + 500);
  return Math.min(15_000, 500 * 2 ** Math.min(attempt, 5));
}
