import type { OutboxDelta } from '@/lib/messages/push';
import { firstOutboxPage, type OutboxChange, type OutboxItem } from '@/lib/queue';

/**
 * The Outbox changes made since the last push, gathered so one push carries them all: the items
 * changed or added (the latest version of each) and the ids removed, and the posts whose writes
 * changed (for the bars that follow them).
 */
export class OutboxChanges {
  private items = new Map<string, OutboxItem | null>();
  private posts = new Set<string>();

  add(change: OutboxChange): void {
    if (change.type === 'account') return;
    const item = change.type === 'item' ? change.item : null;
    this.items.set(change.type === 'item' ? change.item.id : change.id, item);
    const { request } = change.item;
    if (request.kind !== 'post') this.posts.add(request.postId);
  }

  /** What changed since the last call (undefined `delta`: no item changed), and forgets it. */
  take(): { delta: OutboxDelta | undefined; posts: ReadonlySet<string> } {
    const { items, posts } = this;
    this.items = new Map();
    this.posts = new Set();
    if (items.size === 0) return { delta: undefined, posts };
    const changed = [...items.values()].filter((item) => item !== null);
    const removed = [...items].filter(([, item]) => item === null).map(([id]) => id);
    return { delta: { reset: false, items: changed, removed }, posts };
  }

  /** The first push's Outbox part for a page that subscribes now. */
  firstPage(items: readonly OutboxItem[]): OutboxDelta {
    const { items: shown, nextCursor } = firstOutboxPage(items);
    return { reset: true, items: shown, removed: [], nextCursor };
  }
}
