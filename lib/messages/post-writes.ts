/**
 * THE model of "my writes per post": what became of the user's own reactions and replies to each
 * post, built from Outbox items by one pure function. The background answers the inline bars with
 * it (only the writes made from the bar's own site); the side panel draws its marks from it (every
 * write in its store). Each place that shows it has its own words for a status (the bar's short
 * words, the panel's marks), never its own model.
 */

export const WRITE_STATUSES = ['queued', 'sending', 'sent', 'waiting', 'failed', 'uncertain', 'scheduled'] as const;
export type WriteStatus = (typeof WRITE_STATUSES)[number];

/** One write's state as the bar and the panel show it: no body, no account. */
export interface WriteView {
  status: WriteStatus;
  /** `waiting`: when the Outbox sends it (epoch ms). */
  until?: number;
  /** `failed`: why, in words safe to show. */
  reason?: string;
  /** `queued` and held for its Undo window until then (epoch ms). */
  heldUntil?: number;
  /** `sent`, and the platform holds it for moderation: not public yet ("In review", as in the Outbox). */
  inReview?: boolean;
}

/** The user's own writes about one post. */
export interface PostStateView {
  postId: string;
  /** One per reaction kind: the newest write of that kind (a later one supersedes, e.g. sent again). */
  reactions: ({ kind: string } & WriteView)[];
  /** Replies counted by status, and the newest one's state. */
  replies: { pending: number; sent: number; failed: number; uncertain: number; latest?: WriteView };
}

/** The fields of an Outbox item the model reads (the Outbox's own items and the pages' views both fit). */
export interface WriteLike {
  request:
    | { kind: 'post' }
    | { kind: 'comment'; postId: string }
    | { kind: 'reaction'; postId: string; reaction: string };
  state:
    | { status: 'waiting'; until: number }
    | { status: 'failed'; reason: { message: string } }
    | { status: 'sent'; moderation?: 'held' | undefined }
    | { status: Exclude<WriteStatus, 'waiting' | 'failed' | 'sent'> };
  holdUntil?: number;
}

/** Where a status puts a write: on its way, done, or needing the user (failed, uncertain). */
export type WriteStage = 'pending' | 'sent' | 'problem';

export function stageOf(status: WriteStatus): WriteStage {
  if (status === 'sent') return 'sent';
  return status === 'failed' || status === 'uncertain' ? 'problem' : 'pending';
}

/** Still in its Undo window at `now`. */
export function isHeld(view: WriteView | undefined, now: number): boolean {
  return view?.status === 'queued' && view.heldUntil !== undefined && view.heldUntil > now;
}

/** Still on its way: the bar keeps following it. */
export function isPending(view: WriteView | undefined): boolean {
  return view !== undefined && stageOf(view.status) === 'pending';
}

/** One write's view: the wait's end, the failure's words (bounded), the Undo window while it lasts. */
export function writeView(item: WriteLike, now: number): WriteView {
  const { state } = item;
  const held = state.status === 'queued' && item.holdUntil !== undefined && item.holdUntil > now;
  return {
    status: state.status,
    ...(state.status === 'waiting' ? { until: state.until } : {}),
    ...(state.status === 'failed' ? { reason: state.reason.message.slice(0, 300) } : {}),
    ...(held ? { heldUntil: item.holdUntil } : {}),
    ...(state.status === 'sent' && state.moderation === 'held' ? { inReview: true } : {}),
  };
}

/** A post without writes of the user's. */
export function emptyPost(postId: string): PostStateView {
  return { postId, reactions: [], replies: { pending: 0, sent: 0, failed: 0, uncertain: 0 } };
}

/**
 * The user's writes per post, from items oldest first; only the posts in `postIds` when given (each
 * of them present, with nothing for a post without writes). Posts themselves (new ones) are no
 * post's writes.
 */
export function postStates(
  items: Iterable<WriteLike>,
  now: number,
  postIds?: readonly string[],
): Map<string, PostStateView> {
  const posts = new Map<string, PostStateView>();
  const wanted = postIds === undefined ? undefined : new Set(postIds);
  for (const postId of postIds ?? []) posts.set(postId, emptyPost(postId));
  for (const item of items) {
    const { request } = item;
    if (request.kind === 'post' || (wanted !== undefined && !wanted.has(request.postId))) continue;
    let post = posts.get(request.postId);
    if (post === undefined) {
      post = emptyPost(request.postId);
      posts.set(request.postId, post);
    }
    const view = writeView(item, now);
    if (request.kind === 'reaction') {
      post.reactions = [
        ...post.reactions.filter((r) => r.kind !== request.reaction),
        { kind: request.reaction, ...view },
      ];
      continue;
    }
    const stage = stageOf(view.status);
    if (stage === 'problem') post.replies[view.status as 'failed' | 'uncertain'] += 1;
    else post.replies[stage] += 1;
    post.replies.latest = view;
  }
  return posts;
}

/** The newest write per reaction kind. */
export function reactionViews(post: PostStateView | undefined): Map<string, WriteView> {
  const views = new Map<string, WriteView>();
  for (const { kind, ...view } of post?.reactions ?? []) views.set(kind, view);
  return views;
}

/**
 * The user's own write just acknowledged (or asked for), drawn before the Outbox tells about it:
 * the optimistic update of the side panel and of the inline bars alike. A reaction replaces the
 * one of its kind (the Outbox keeps one per kind pending); a reply adds one to the pending ones.
 * Changes `post`, a view the caller owns (made for it by `postStates`), and answers it; a new one
 * when there is none. In place: the bar script is size-capped, and copies cost it bytes.
 */
export function withMyWrite(
  post: PostStateView | undefined,
  postId: string,
  write: ({ kind: string } & WriteView) | { reply: WriteView },
): PostStateView {
  const view = post ?? emptyPost(postId);
  if ('reply' in write) {
    view.replies.pending += 1;
    view.replies.latest = write.reply;
  } else view.reactions = [...view.reactions.filter((r) => r.kind !== write.kind), write];
  return view;
}
