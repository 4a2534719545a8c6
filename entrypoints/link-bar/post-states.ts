import { browser } from 'wxt/browser';
import { POST_STATES_PORT } from '@/lib/messages/envelope';
import { MAX_POST_IDS } from '@/lib/messages/limits';
import { emptyPost, isPending, type PostStateView, reactionViews } from '@/lib/messages/post-writes';

type Listener = (state: PostStateView) => void;
type Port = ReturnType<typeof browser.runtime.connect>;

/** Waits this long to gather the post ids of bars that appeared together into one message. */
const GATHER_MS = 150;
/** How long to wait before connecting again after the worker stopped while a write was on its way. */
const RECONNECT_MS = 500;

/**
 * The user's own writes per post, as the bars show them: followed over one port per frame
 * (lib/messages/envelope.ts, `POST_STATES_PORT`), opened with the first bar that comes into view.
 * The frame names the posts whose bars it shows, in batches; the background answers from the local
 * Outbox (nothing goes to the network) and pushes each post whose state changes. Only post ids are
 * sent, never the page's URL.
 *
 * The worker may stop, which closes the port. While a write shown here is still on its way the
 * frame connects again at once (the background has work anyway); otherwise it waits until it needs
 * the port (a new bar, an action) or the tab is shown again, so an idle page never keeps the worker up.
 */
export class PostStates {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Posts to name with the next batch. */
  private readonly wanted = new Set<string>();
  private gatherTimer: ReturnType<typeof setTimeout> | undefined;
  private port: Port | undefined;
  /** The last state told per post (and as JSON, to redraw only for news; `n`: news so far, see `heard`). */
  private readonly last = new Map<string, { key: string; state: PostStateView; n: number }>();

  constructor(private readonly signal: AbortSignal) {
    const onShown = () => {
      if (document.visibilityState === 'visible') this.reconnect();
    };
    document.addEventListener('visibilitychange', onShown);
    signal.addEventListener('abort', () => {
      clearTimeout(this.gatherTimer);
      document.removeEventListener('visibilitychange', onShown);
      this.port?.disconnect();
      this.port = undefined;
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
      // The page has no bars left: the port goes.
      if (this.listeners.size === 0) this.close();
    };
  }

  /**
   * How many times news of `postId` came so far. A bar's acknowledged write is shown at once only
   * when no news came since the write was asked for: news that came first (a port message can
   * overtake a reply) already holds the write, maybe further on ("sent"), and no later news would
   * correct an acknowledgement drawn over it.
   */
  heard(postId: string): number {
    return this.last.get(postId)?.n ?? 0;
  }

  /** Follows `postId` from the next batch on. */
  request(postId: string): void {
    if (this.signal.aborted) return;
    this.wanted.add(postId);
    this.gatherTimer ??= setTimeout(() => this.flush(), GATHER_MS);
  }

  /** After an action on `postId`: make sure its changes are heard (the port may have closed). */
  follow(postId: string): void {
    if (this.port === undefined) this.reconnect();
    else this.request(postId);
  }

  private flush(): void {
    this.gatherTimer = undefined;
    if (this.signal.aborted || this.wanted.size === 0) return;
    const port = this.connect();
    const ids = [...this.wanted];
    this.wanted.clear();
    for (let start = 0; start < ids.length; start += MAX_POST_IDS) {
      try {
        port.postMessage({ watch: ids.slice(start, start + MAX_POST_IDS) });
      } catch {
        // The port closed under us: its disconnect handler decides when to connect again.
        return;
      }
    }
  }

  private connect(): Port {
    if (this.port !== undefined) return this.port;
    const port = browser.runtime.connect({ name: POST_STATES_PORT });
    this.port = port;
    port.onMessage.addListener((raw: unknown) => {
      const posts = (raw as { posts?: unknown } | null)?.posts;
      if (this.port === port && Array.isArray(posts)) for (const state of posts) this.tell(state as PostStateView);
    });
    port.onDisconnect.addListener(() => {
      if (this.port !== port) return;
      this.port = undefined;
      // Someone is waiting on a write: hear how it ends.
      if ([...this.last.values()].some(({ state }) => onItsWay(state)))
        setTimeout(() => this.reconnect(), RECONNECT_MS);
    });
    return port;
  }

  /** A new port names every post that has a bar again. */
  private reconnect(): void {
    if (this.signal.aborted || this.port !== undefined || this.listeners.size === 0) return;
    for (const postId of this.listeners.keys()) this.wanted.add(postId);
    this.flush();
  }

  private close(): void {
    clearTimeout(this.gatherTimer);
    this.gatherTimer = undefined;
    const port = this.port;
    this.port = undefined;
    port?.disconnect();
    this.last.clear();
  }

  private tell(state: PostStateView): void {
    if (typeof state?.postId !== 'string') return;
    // Bars redraw only for news: most posts on a page have no writes of the user's, ever.
    const key = JSON.stringify(state);
    if ((this.last.get(state.postId)?.key ?? JSON.stringify(emptyPost(state.postId))) === key) return;
    this.last.set(state.postId, { key, state, n: this.heard(state.postId) + 1 });
    for (const listener of this.listeners.get(state.postId) ?? []) listener(state);
  }
}

/** A post with a write still on its way. */
function onItsWay(state: PostStateView): boolean {
  return [...reactionViews(state).values(), ...(state.replies.latest ? [state.replies.latest] : [])].some(isPending);
}
