import {
  draftsBeyondLimit,
  draftsFromRaw,
  EMPTY_DRAFTS,
  prepareDraftWrites,
  readDrafts,
  type StoredDrafts,
  writeDrafts,
} from '@/lib/storage/drafts';
import type { RawPrefs } from '@/lib/storage/prefs';

/** Where a draft belongs: the new-post composer, or the reply composer of one post. */
export type DraftKey = 'post' | `reply:${string}`;

/** The draft of a reply to `postId`. */
export const replyDraftKey = (postId: string): DraftKey => `reply:${postId}`;

/** Typing is saved this long after the last keystroke (and at once when the panel hides). */
export const SAVE_DELAY_MS = 400;

/**
 * The drafts of one page: read once, changed in memory at every keystroke, saved shortly after.
 * A save writes only the drafts this page changed, each to its own record (lib/storage/drafts.ts),
 * without reading first: a save started as the panel closes is on its way at once, and another
 * open panel's drafts are never written over, so nothing needs to follow its changes. `clear`
 * saves at once: it runs when a write was queued.
 *
 * The page draws before the stored drafts are read (the side panel's first posts do not wait for
 * IndexedDB): until then every draft reads as empty, and what the page changes meanwhile stays over
 * what is read (it is newer). Who shows a draft hears when they came ({@link whenLoaded}).
 */
export class DraftStore {
  private drafts: StoredDrafts = EMPTY_DRAFTS;
  private readonly dirty = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> = Promise.resolve();
  /** The drafts this page changed before the stored ones were read: those stay as changed here. */
  private readonly changedEarly = new Set<string>();
  private loaded = false;
  private readonly loadListeners = new Set<() => void>();
  private readonly editListeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Reads the stored drafts. `prefetched` is a raw read already on its way (the panel's early
   * script). A read that fails leaves the drafts as they are (a damaged store loses drafts, never
   * the panel); either way the drafts count as loaded after it.
   */
  async load(prefetched?: Promise<unknown>): Promise<void> {
    try {
      const early = prefetched === undefined ? undefined : await prefetched.catch(() => undefined);
      const stored = early === undefined ? await readDrafts() : draftsFromRaw(early as RawPrefs);
      const texts = { ...stored.texts };
      const changedAt = { ...stored.changedAt };
      for (const key of this.changedEarly) {
        delete texts[key];
        delete changedAt[key];
        const text = this.drafts.texts[key];
        if (text === undefined) continue;
        texts[key] = text;
        changedAt[key] = this.drafts.changedAt[key] ?? this.now();
      }
      this.drafts = { texts, changedAt };
    } catch (error) {
      console.warn('Reading the drafts failed; the composers start empty', error);
    } finally {
      this.loaded = true;
      for (const listener of this.loadListeners) listener();
      this.loadListeners.clear();
    }
  }

  /** Calls `listener` once the stored drafts are read (at once when they are); returns how to stop waiting. */
  whenLoaded(listener: () => void): () => void {
    if (this.loaded) {
      listener();
      return () => undefined;
    }
    this.loadListeners.add(listener);
    return () => this.loadListeners.delete(listener);
  }

  /** Calls `listener` at each change that leaves a draft with text (the side panel's picture goes then). */
  onEdit(listener: () => void): void {
    this.editListeners.add(listener);
  }

  /** The draft of `key` ('' when none). */
  get(key: DraftKey): string {
    return this.drafts.texts[key] ?? '';
  }

  /** Whether no draft is kept (read once the stored drafts are: see {@link whenLoaded}). */
  isEmpty(): boolean {
    return Object.keys(this.drafts.texts).length === 0;
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

  /**
   * Saves every change not saved yet; the write leaves before this returns. Beyond the limit of
   * reply drafts, the oldest this page knows of go.
   */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const key of draftsBeyondLimit(this.drafts)) this.put(key, '');
    if (this.dirty.size === 0) return this.saving;
    const changes = new Map<string, { text: string; at: number } | null>();
    for (const key of this.dirty) {
      const text = this.drafts.texts[key];
      changes.set(key, text === undefined ? null : { text, at: this.drafts.changedAt[key] ?? this.now() });
    }
    this.dirty.clear();
    // Started now, not after the last save: IndexedDB runs write transactions on one store in the
    // order they were made, so a later change is never written under an earlier one. A save the
    // browser refused (its storage full) leaves those drafts to save again with the next change.
    this.saving = writeDrafts(changes).catch((error: unknown) => {
      for (const key of changes.keys()) this.dirty.add(key);
      console.warn('Saving the drafts failed; they are saved again with the next change', error);
    });
    return this.saving;
  }

  private put(key: string, text: string): void {
    // The first change opens the database, so a save as the panel closes finds it open.
    if (this.dirty.size === 0) prepareDraftWrites();
    const texts = { ...this.drafts.texts };
    const changedAt = { ...this.drafts.changedAt };
    if (text === '') {
      delete texts[key];
      delete changedAt[key];
    } else {
      texts[key] = text;
      changedAt[key] = this.now();
      for (const listener of this.editListeners) listener();
    }
    this.drafts = { texts, changedAt };
    this.dirty.add(key);
    if (!this.loaded) this.changedEarly.add(key);
  }
}
