import type { OutboxItemView } from '@/lib/messages/fields';

/** How the user's own write about a post stands, as a timeline item shows it. */
export type MarkState = 'pending' | 'sent' | 'problem';

/** The user's own writes about one post. */
export interface PostMarks {
  /** By reaction kind: the state of the latest write of that kind. */
  reactions: Record<string, MarkState>;
  /** Replies by state. */
  replies: Record<MarkState, number>;
}

/** Marks by post id. */
export type MarksByPost = ReadonlyMap<string, PostMarks>;

/** Where an Outbox state puts a write: on its way, done, or needing the user (see the Outbox). */
export function markOf(status: OutboxItemView['state']['status']): MarkState {
  switch (status) {
    case 'sent':
      return 'sent';
    case 'failed':
    case 'uncertain':
      return 'problem';
    default:
      return 'pending';
  }
}

/** Groups Outbox items (oldest first) by the post they are about. */
export function marksByPost(items: readonly OutboxItemView[]): Map<string, PostMarks> {
  const marks = new Map<string, PostMarks>();
  for (const item of items) {
    const { request } = item;
    if (request.kind === 'post') continue;
    let post = marks.get(request.postId);
    if (post === undefined) {
      post = { reactions: {}, replies: { pending: 0, sent: 0, problem: 0 } };
      marks.set(request.postId, post);
    }
    const state = markOf(item.state.status);
    // A later write of the same kind supersedes an earlier one (e.g. sent again after a failure).
    if (request.kind === 'reaction') post.reactions[request.reaction] = state;
    else post.replies[state] += 1;
  }
  return marks;
}

/** Adds a reaction the user just asked for, before the Outbox has told about it (optimistic). */
export function withPendingReaction(marks: MarksByPost, postId: string, kind: string): Map<string, PostMarks> {
  const next = new Map(marks);
  const post = marks.get(postId);
  next.set(postId, {
    reactions: { ...post?.reactions, [kind]: 'pending' },
    replies: post?.replies ?? { pending: 0, sent: 0, problem: 0 },
  });
  return next;
}
