import type { OutboxRecords } from './records';
import type { OutboxItem } from './types';

/** How long after a post is sent the Outbox keeps looking for a second copy of it. */
export const TWIN_WINDOW_MS = 10 * 60_000;
/** Clocks of the browser and the platform differ a little: a copy may look this much older than the send. */
const CLOCK_SKEW_MS = 60_000;
/** The sender's per-attempt timeout (lib/api's default). */
const ANSWER_DEADLINE_MS = 15_000;

/** A contribution of a timeline page, as far as twin finding needs it (the extension's own type, no wire names). */
export interface SeenPost {
  id: string;
  body?: string | undefined;
  /** Its author, in whatever the server named them by. */
  author?: { id?: string | undefined; handle?: string | undefined; displayName?: string | undefined } | undefined;
  /** Epoch ms, when the server says. */
  createdAt?: number | undefined;
}

/**
 * The second copies of recently sent posts among the posts of a timeline page: same author (the
 * account the key acts for), same text, created since the send began, not the post the item
 * itself got, and not claimed by another Outbox item. A browser may re-send a POST by itself when a
 * kept-alive connection closes before any answer byte: the platform then holds two copies, and
 * only a look at the timeline can tell. Returns item id → the twins' ids (only items with new ones).
 */
export function findTwins(
  items: readonly OutboxItem[],
  posts: readonly SeenPost[],
  isMine: (post: SeenPost) => boolean,
  now: number,
): Map<string, string[]> {
  const claimed = new Set<string>();
  for (const item of items) {
    if (item.state.status === 'sent') {
      if (item.state.id !== undefined) claimed.add(item.state.id);
      for (const twin of item.state.twins ?? []) claimed.add(twin);
    }
  }
  const found = new Map<string, string[]>();
  for (const item of items) {
    const { state, request } = item;
    if (state.status !== 'sent' || request.kind !== 'post' || now - state.at > TWIN_WINDOW_MS) continue;
    // The send began at most one answer deadline before it was stored as sent.
    const since = state.at - ANSWER_DEADLINE_MS - CLOCK_SKEW_MS;
    const body = request.body.trim();
    const twins = posts
      .filter(
        (post) =>
          !claimed.has(post.id) &&
          isMine(post) &&
          post.body?.trim() === body &&
          (post.createdAt === undefined || post.createdAt >= since),
      )
      .map((post) => post.id);
    if (twins.length > 0) {
      found.set(item.id, twins);
      for (const twin of twins) claimed.add(twin);
    }
  }
  return found;
}

/**
 * Notes second copies of recently sent posts seen on a timeline page (see `findTwins`) on their
 * items: they then say "published twice" with both links. Never deletes anything. Returns the
 * items changed. Run inside the records' serial chain.
 */
export async function noteTwinsIn(
  records: OutboxRecords,
  posts: readonly SeenPost[],
  account: string,
  isMine: (post: SeenPost) => boolean,
  now: number,
): Promise<OutboxItem[]> {
  const changed: OutboxItem[] = [];
  for (const [id, twins] of findTwins(records.list(account), posts, isMine, now)) {
    const item = records.item(id);
    if (item === undefined || item.state.status !== 'sent') continue;
    const next: OutboxItem = {
      ...item,
      state: { ...item.state, twins: [...(item.state.twins ?? []), ...twins] },
      updatedAt: now,
    };
    await records.update(next);
    changed.push(next);
  }
  return changed;
}
