import { isPending, nextCheckDelay, type PostStateView, reactionViews, type WriteView } from '@/lib/links/bar-state';
import { MAX_POST_IDS } from '@/lib/messages/limits';
import { sendLite } from '@/lib/messages/send-lite';

type Listener = (state: PostStateView) => void;

/** Waits this long to gather the post ids of bars that appeared together into one request. */
const GATHER_MS = 150;

/**
 * The user's own writes per post, as the bars show them, from `getPostStates` (answered from the
 * local Outbox: nothing goes to the network). Asked for the posts whose bars came into view, in
 * batches, and again after an action until the write is settled (see `nextCheckDelay`). Only post
 * ids are sent to the background, never the page's URL.
 */
export class PostStates {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly wanted = new Set<string>();
  private readonly follows = new Map<string, { attempt: number; timer: ReturnType<typeof setTimeout> | undefined }>();
  private gatherTimer: ReturnType<typeof setTimeout> | undefined;
  /** The last state told per post (and as JSON), to tell listeners only about changes. */
  private readonly last = new Map<string, { key: string; state: PostStateView }>();

  constructor(private readonly signal: AbortSignal) {
    signal.addEventListener('abort', () => {
      clearTimeout(this.gatherTimer);
      for (const follow of this.follows.values()) clearTimeout(follow.timer);
      this.follows.clear();
    });
  }

  /** Tells `listener` about every new state of `postId`; returns the unsubscribe function. */
  watch(postId: string, listener: Listener): () => void {
    let set = this.listeners.get(postId);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(postId, set);
    }
    set.add(listener);
    // A second bar for a post already known starts from what the first one shows.
    const known = this.last.get(postId);
    if (known !== undefined) queueMicrotask(() => set.has(listener) && listener(known.state));
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(postId);
    };
  }

  /** Asks for `postId`'s state with the next batch. */
  request(postId: string): void {
    if (this.signal.aborted) return;
    this.wanted.add(postId);
    this.gatherTimer ??= setTimeout(() => {
      this.gatherTimer = undefined;
      void this.fetch([...this.wanted]);
      this.wanted.clear();
    }, GATHER_MS);
  }

  /** After an action on `postId`: follow its writes until they settle. */
  follow(postId: string): void {
    clearTimeout(this.follows.get(postId)?.timer);
    this.follows.set(postId, { attempt: 0, timer: undefined });
    this.scheduleFollow(postId, { status: 'queued' });
  }

  private scheduleFollow(postId: string, view: WriteView | undefined): void {
    const follow = this.follows.get(postId);
    if (follow === undefined || this.signal.aborted) return;
    // One check pending per post: an answer (or a refusal) that comes while one waits replaces it.
    clearTimeout(follow.timer);
    const delay = nextCheckDelay(view, follow.attempt, Date.now());
    if (delay === null) {
      this.follows.delete(postId);
      return;
    }
    follow.attempt += 1;
    follow.timer = setTimeout(() => this.request(postId), delay);
  }

  private async fetch(postIds: string[]): Promise<void> {
    for (let start = 0; start < postIds.length; start += MAX_POST_IDS) {
      const slice = postIds.slice(start, start + MAX_POST_IDS);
      const reply = await sendLite('getPostStates', { postIds: slice });
      if (this.signal.aborted) return;
      if (!reply.ok) {
        // Refused for now (the per-tab cap, a restarting worker): followed posts are asked again later.
        for (const postId of slice) if (this.follows.has(postId)) this.scheduleFollow(postId, { status: 'queued' });
        continue;
      }
      for (const state of reply.data.posts) {
        // Bars redraw only for news: most posts on a page have no writes of the user's, ever.
        const key = JSON.stringify(state);
        if ((this.last.get(state.postId)?.key ?? EMPTY_KEY(state.postId)) !== key) {
          this.last.set(state.postId, { key, state });
          for (const listener of this.listeners.get(state.postId) ?? []) listener(state);
        }
        if (this.follows.has(state.postId)) this.scheduleFollow(state.postId, mostPending(state));
      }
    }
  }
}

/** A post with no writes of the user's, as `getPostStates` answers it: what a new bar shows already. */
const EMPTY_KEY = (postId: string) =>
  JSON.stringify({ postId, reactions: [], replies: { pending: 0, sent: 0, failed: 0, uncertain: 0 } });

/** The write of a post that is furthest from settled (what following it waits for). */
function mostPending(state: PostStateView): WriteView | undefined {
  const views = [...reactionViews(state).values(), ...(state.replies.latest ? [state.replies.latest] : [])];
  return views.find((view) => view.status === 'waiting') ?? views.find(isPending);
}
