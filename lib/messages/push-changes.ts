import { firstOutboxPage, type OutboxChange, type OutboxItem } from '@/lib/queue';
import type { Settings } from '@/lib/storage/settings';
import type { OutboxDelta } from './push';

/** What the next push carries, gathered since the last one (`PushChanges.take`). */
export interface PendingPush {
  /** The Outbox's items changed or added and the ids removed; undefined when no item changed. */
  delta: OutboxDelta | undefined;
  /** The posts whose writes changed (for the bars that follow them). */
  posts: ReadonlySet<string>;
  /** The settings as they last changed; undefined when they did not. */
  settings: Settings | undefined;
  /** A draft was handed to the side panel or taken. */
  draftChanged: boolean;
}

/**
 * The changes made since the last push, gathered so one push carries them all (lib/messages/push.ts):
 * the Outbox's items (the latest version of each) and the ids removed, the posts whose writes
 * changed, the settings' latest value, and whether the draft waiting for the side panel changed.
 */
export class PushChanges {
  private items = new Map<string, OutboxItem | null>();
  private posts = new Set<string>();
  private settings: Settings | undefined;
  private draftChanged = false;

  add(change: OutboxChange): void {
    if (change.type === 'account') return;
    const item = change.type === 'item' ? change.item : null;
    this.items.set(change.type === 'item' ? change.item.id : change.id, item);
    const { request } = change.item;
    if (request.kind !== 'post') this.posts.add(request.postId);
  }

  /** The settings changed (the push carries their latest value). */
  settingsChanged(settings: Settings): void {
    this.settings = settings;
  }

  /** The draft waiting for the side panel was handed over or taken. */
  draftMoved(): void {
    this.draftChanged = true;
  }

  /** What changed since the last call, and forgets it. */
  take(): PendingPush {
    const { items, posts, settings, draftChanged } = this;
    this.items = new Map();
    this.posts = new Set();
    this.settings = undefined;
    this.draftChanged = false;
    const changed = [...items.values()].filter((item) => item !== null);
    const removed = [...items].filter(([, item]) => item === null).map(([id]) => id);
    const delta = items.size === 0 ? undefined : { reset: false, items: changed, removed };
    return { delta, posts, settings, draftChanged };
  }

  /** The first push's Outbox part for a page that subscribes now. */
  firstPage(items: readonly OutboxItem[]): OutboxDelta {
    const { items: shown, nextCursor } = firstOutboxPage(items);
    return { reset: true, items: shown, removed: [], nextCursor };
  }
}
