import { type Dispatch, type StateUpdater, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** How a card's fields stand for one saved value. */
export interface DraftForm<S, D> {
  /** The fields as the saved value fills them. */
  draftOf: (saved: S) => D;
  /** The value the fields say, or undefined while they say nothing valid. */
  valueOf: (draft: D) => S | undefined;
  /** The fields as typed (`mine`), with what changed elsewhere from `base` to `theirs` (draft-merge.ts). */
  merge: (mine: D, base: D, theirs: D) => D;
}

/**
 * The fields of a card (what is typed), filled from `saved`, and following it: `saved` is the
 * page store's value, which the background's pushes change (a mute from the side panel, another
 * options tab). When it changes, fields that say what they last took (nothing unsaved) take the new
 * value; fields that already say it (this card's own save, come back) stay as typed; fields with
 * unsaved edits keep them and get what changed elsewhere merged in, so the save that follows never
 * writes an older value over it (docs/decisions.md, "Options fields follow pushes").
 */
export function useDraft<S, D>(saved: S, form: DraftForm<S, D>): [D, Dispatch<StateUpdater<D>>] {
  const [draft, setDraft] = useState(() => form.draftOf(saved));
  const key = JSON.stringify(saved);
  const latest = useRef({ saved, form });
  latest.current = { saved, form };
  /** The saved value the fields last took. */
  const base = useRef({ key, saved });

  useLayoutEffect(() => {
    const before = base.current;
    if (key === before.key) return;
    const { saved: now, form: current } = latest.current;
    base.current = { key, saved: now };
    setDraft((mine) => {
      const value = current.valueOf(mine);
      const says = value === undefined ? undefined : JSON.stringify(value);
      if (says === key) return mine;
      if (says === before.key) return current.draftOf(now);
      return current.merge(mine, current.draftOf(before.saved), current.draftOf(now));
    });
  }, [key]);

  return [draft, setDraft];
}
