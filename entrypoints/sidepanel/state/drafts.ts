import { cleanDrafts, draftsItem, EMPTY_DRAFTS, type StoredDrafts } from '@/lib/storage/drafts';

/** Where a draft belongs: the new-post composer, or the reply composer of one post. */
export type DraftKey = 'post' | `reply:${string}`;

/** The draft of a reply to `postId`. */
export const replyDraftKey = (postId: string): DraftKey => `reply:${postId}`;

/** Reply drafts kept at most; the oldest go first. */
export const MAX_DRAFTS = 50;
/** Typing is saved this long after the last keystroke (and at once when the panel hides). */
export const SAVE_DELAY_MS = 400;

/**
 * The drafts of one page: read once, changed in memory at every keystroke, saved shortly after.
 * A save merges this page's changed drafts into the stored value as last seen (kept current by a
 * storage watch), so two open panels do not erase each other's other drafts, and it is written
 * without reading first: a save started as the panel closes is on its way at once. `clear` saves
 * at once: it runs when a write was queued.
 */
export class DraftStore {
  private drafts: StoredDrafts = EMPTY_DRAFTS;
  /** The stored value as last read or written (or seen changing). */
  private stored: StoredDrafts = EMPTY_DRAFTS;
  private readonly dirty = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> = Promise.resolve();
  private unwatch: (() => void) | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Reads the stored drafts and follows changes other pages make. `prefetched` is a raw read of the
   * drafts already on its way (the panel's early script).
   */
  async load(prefetched?: Promise<unknown>): Promise<void> {
    const early = prefetched === undefined ? undefined : await prefetched.catch(() => undefined);
    this.stored = early === undefined ? await draftsItem.getValue() : cleanDrafts(early);
    this.drafts = this.stored;
    this.unwatch?.();
    this.unwatch = draftsItem.watch((value) => {
      this.stored = cleanDrafts(value);
    });
  }

  /** The draft of `key` ('' when none). */
  get(key: DraftKey): string {
    return this.drafts.texts[key] ?? '';
  }

  /** The post ids that have a reply draft. */
  replyPostIds(): string[] {
    return Object.keys(this.drafts.texts)
      .filter((key) => key.startsWith('reply:'))
      .map((key) => key.slice('reply:'.length));
  }

  /** Changes a draft; saved after {@link SAVE_DELAY_MS} of quiet. */
  set(key: DraftKey, text: string): void {
    this.put(key, text);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), SAVE_DELAY_MS);
  }

  /** Removes a draft and saves at once (its write is queued). */
  clear(key: DraftKey): Promise<void> {
    this.put(key, '');
    return this.flush();
  }

  /** Saves every change not saved yet; the write leaves before this returns. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.dirty.size === 0) return this.saving;
    const texts = { ...this.stored.texts };
    const changedAt = { ...this.stored.changedAt };
    for (const key of this.dirty) {
      const text = this.drafts.texts[key];
      if (text === undefined) {
        delete texts[key];
        delete changedAt[key];
      } else {
        texts[key] = text;
        changedAt[key] = this.drafts.changedAt[key] ?? this.now();
      }
    }
    this.dirty.clear();
    this.stored = trim({ texts, changedAt });
    this.saving = draftsItem.setValue(this.stored);
    return this.saving;
  }

  private put(key: DraftKey, text: string): void {
    const texts = { ...this.drafts.texts };
    const changedAt = { ...this.drafts.changedAt };
    if (text === '') {
      delete texts[key];
      delete changedAt[key];
    } else {
      texts[key] = text;
      changedAt[key] = this.now();
    }
    this.drafts = { texts, changedAt };
    this.dirty.add(key);
  }
}

/** Keeps the post draft and the {@link MAX_DRAFTS} most recently changed reply drafts. */
function trim(drafts: StoredDrafts): StoredDrafts {
  const replies = Object.keys(drafts.texts).filter((key) => key !== 'post');
  if (replies.length <= MAX_DRAFTS) return drafts;
  const dropped = replies.sort((a, b) => (drafts.changedAt[b] ?? 0) - (drafts.changedAt[a] ?? 0)).slice(MAX_DRAFTS);
  for (const key of dropped) {
    delete drafts.texts[key];
    delete drafts.changedAt[key];
  }
  return drafts;
}
