import { firstOutboxPage, type OutboxChange, type OutboxItem } from '@/lib/queue';
import type { SavedChange } from '@/lib/storage/saved-book';
import { savedKey } from '@/lib/storage/saved-limits';
import type { SavedPost } from '@/lib/storage/saved-posts';
import type { Settings } from '@/lib/storage/settings';
import type { OutboxDelta, SavedDelta } from './push';

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
  /** The Saved list's posts added and keys removed; undefined when it did not change. */
  saved: SavedDelta | undefined;
}

/**
 * The changes made since the last push, gathered so one push carries them all (lib/messages/push.ts):
 * the Outbox's items (the latest version of each) and the ids removed, the posts whose writes
 * changed, the settings' latest value, whether the draft waiting for the side panel changed, and
 * the Saved list's changes (the latest of each key).
 */
export class PushChanges {
  private items = new Map<string, OutboxItem | null>();
  private posts = new Set<string>();
  private settings: Settings | undefined;
  private draftChanged = false;
  private saved = new Map<string, SavedPost | null>();

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

  /** The Saved list changed (lib/storage/saved-book.ts). */
  savedChanged(change: SavedChange): void {
    for (const key of change.removed) this.saved.set(key, null);
    for (const post of change.added) this.saved.set(savedKey(post), post);
  }

  /** What changed since the last call, and forgets it. */
  take(): PendingPush {
    const { items, posts, settings, draftChanged } = this;
    const saved = this.takeSaved();
    this.items = new Map();
    this.posts = new Set();
    this.settings = undefined;
    this.draftChanged = false;
    const changed = [...items.values()].filter((item) => item !== null);
    const removed = [...items].filter(([, item]) => item === null).map(([id]) => id);
    const delta = items.size === 0 ? undefined : { reset: false, items: changed, removed };
    return { delta, posts, settings, draftChanged, saved };
  }

  private takeSaved(): SavedDelta | undefined {
    const { saved } = this;
    this.saved = new Map();
    if (saved.size === 0) return undefined;
    const posts = [...saved.values()].filter((post) => post !== null);
    return { reset: false, posts, removed: [...saved].filter(([, post]) => post === null).map(([key]) => key) };
  }

  /** The first push's Outbox part for a page that subscribes now. */
  firstPage(items: readonly OutboxItem[]): OutboxDelta {
    const { items: shown, nextCursor } = firstOutboxPage(items);
    return { reset: true, items: shown, removed: [], nextCursor };
  }
}
