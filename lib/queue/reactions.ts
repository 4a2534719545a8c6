import { isHeld, type OutboxItem, type WriteRequest } from './types';

/** Queued, waiting or on its way: a write whose outcome is still to come. */
export function isPendingOrSending(item: OutboxItem): boolean {
  const { status } = item.state;
  return status === 'queued' || status === 'waiting' || status === 'sending';
}

/** The same reaction of the same account still to come, if any: a second click adds nothing. */
export function pendingReaction(items: readonly OutboxItem[], request: WriteRequest): OutboxItem | undefined {
  if (request.kind !== 'reaction') return undefined;
  return items.find(
    (item) =>
      isPendingOrSending(item) &&
      item.request.kind === 'reaction' &&
      item.request.postId === request.postId &&
      item.request.reaction === request.reaction,
  );
}

/** The reaction to `postId` made from `from` (a page's site) still in its Undo window at `now`, if any. */
export function heldReaction(
  items: readonly OutboxItem[],
  wanted: { postId: string; reaction: string; from: string | undefined },
  now: number,
): OutboxItem | undefined {
  return items.find(
    (item) =>
      item.from === wanted.from &&
      item.request.kind === 'reaction' &&
      item.request.postId === wanted.postId &&
      item.request.reaction === wanted.reaction &&
      isHeld(item, now),
  );
}
