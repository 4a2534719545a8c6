import type { Pref } from './prefs';
import { type AddOutcome, addSaved, mergeSaved, removeSaved, type SavedPost, savedPostsItem } from './saved-posts';

/** What changed in the Saved list: the posts added and the keys (`savedKey`) removed. */
export interface SavedChange {
  added: SavedPost[];
  removed: string[];
}

/**
 * The Saved list's one writer (the background holds it): changes run one at a time, each read,
 * applied (lib/storage/saved-posts.ts) and stored before the next, and each is told to `changed`
 * with what it changed, so pages get it pushed.
 */
export class SavedPostsBook {
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly changed: (change: SavedChange) => void = () => undefined,
    private readonly item: Pref<SavedPost[]> = savedPostsItem,
  ) {}

  /** The list, newest saved first. */
  list(): Promise<SavedPost[]> {
    return this.item.getValue();
  }

  /** Saves a post (at the top); one saved already stays as it is; a full list refuses it. */
  save(post: SavedPost): Promise<AddOutcome['kind']> {
    return this.serial(async () => {
      const outcome = addSaved(await this.item.getValue(), post);
      if (outcome.kind !== 'added') return outcome.kind;
      await this.item.setValue(outcome.posts);
      this.changed({ added: [post], removed: [] });
      return outcome.kind;
    });
  }

  /** Removes the post of `key` (`savedKey`); true when there was one. */
  remove(key: string): Promise<boolean> {
    return this.serial(async () => {
      const before = await this.item.getValue();
      const after = removeSaved(before, key);
      if (after.length === before.length) return false;
      await this.item.setValue(after);
      this.changed({ added: [], removed: [key] });
      return true;
    });
  }

  /** Adds a backup's posts not saved yet, as far as there is room: how many went in, how many did not fit. */
  merge(incoming: readonly SavedPost[]): Promise<{ added: number; noRoom: number }> {
    return this.serial(async () => {
      const { posts, added, noRoom } = mergeSaved(await this.item.getValue(), incoming);
      if (added.length > 0) {
        await this.item.setValue(posts);
        this.changed({ added, removed: [] });
      }
      return { added: added.length, noRoom };
    });
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.last.then(task, task);
    this.last = run.catch(() => undefined);
    return run;
  }
}
