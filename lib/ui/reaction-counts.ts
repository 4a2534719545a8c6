import type { OutboxItemView, PostView } from '@/lib/messages/fields';

/**
 * A post's reaction counts with the user's own landed reaction counted exactly once. The platform's
 * count is as of the read that brought the post; a reaction of the user's that landed after it is
 * not in it yet, one that landed before it is. So one is added only where the read ended before
 * the reaction's send began (the page came to the panel before the POST left): then the platform
 * cannot have counted it. Where the two overlap, or either time is unknown (a post kept from the
 * last opening, one found by a lookup), the platform's number stands until the next read.
 */

/** The user's reactions the platform took and shows (not held for moderation), by post, then kind: when each send began. */
export function landedReactions(items: readonly OutboxItemView[]): Map<string, Map<string, number>> {
  const landed = new Map<string, Map<string, number>>();
  for (const { request, state } of items) {
    if (request.kind !== 'reaction' || state.status !== 'sent' || state.moderation === 'held') continue;
    if (state.since === undefined) continue;
    const kinds = landed.get(request.postId) ?? new Map<string, number>();
    kinds.set(request.reaction, state.since);
    landed.set(request.postId, kinds);
  }
  return landed;
}

/** `post` with the user's landed reactions counted once (the same object when nothing is added). */
export function countedOnce(
  post: PostView,
  landed: ReadonlyMap<string, ReadonlyMap<string, number>>,
  readAt: number | undefined,
): PostView {
  const mine = landed.get(post.id);
  if (mine === undefined || readAt === undefined || post.reactionCounts === undefined) return post;
  let counts: Record<string, number> | undefined;
  for (const [kind, since] of mine) {
    if (readAt > since) continue;
    counts ??= { ...post.reactionCounts };
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts === undefined ? post : { ...post, reactionCounts: counts };
}
