import type { RefObject } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { VirtualListHandle } from '@/components/timeline/VirtualList';
import { t } from '@/lib/i18n';
import { MAX_MUTED_AUTHORS } from '@/lib/storage/settings-limits';
import { errorText } from '@/lib/ui/error-text';
import { useStableCallback } from '@/lib/ui/memo';
import { pageStore, useSettings } from '@/lib/ui/page-store';
import { handleKey, type MuteLists } from '@/lib/ui/timeline-filter';

/** Where the panel's mute lists come from before the page's store has the settings. */
export interface MutesSource {
  /** The lists of the last opening (or of the early settings answer), used until the store has them; may be set later. */
  cached?: MuteLists | undefined;
  /** Keeps the lists for the next opening. */
  remember?: (mutes: MuteLists) => void;
}

/** The panel's mutes and the changes it can make to them from a post. */
export interface Mutes {
  /** The lists (undefined until known: nothing is hidden yet). */
  lists: MuteLists | undefined;
  /** Adds or removes a handle; answers words for an error, or undefined once saved. */
  setAuthor(handle: string, muted: boolean): Promise<string | undefined>;
  /** Removes a muted word. */
  unmuteWord(word: string): Promise<string | undefined>;
}

/**
 * The mute lists from the page's store, which the background's pushes keep current (the options
 * page saved, or another panel muted someone). Changes go through `saveSettings`, like the options
 * page's, with the whole list: the background checks it against the settings' bounds.
 */
export function useMutes(source: MutesSource = {}): Mutes {
  const settings = useSettings();
  const words = settings?.mutedWords;
  const authors = settings?.mutedAuthors;
  const lists = useMemo<MuteLists | undefined>(
    () => (words === undefined || authors === undefined ? source.cached : { words, authors }),
    [words, authors, source.cached],
  );
  const latest = useRef(lists);
  latest.current = lists;
  useEffect(() => {
    if (words !== undefined && authors !== undefined) source.remember?.({ words, authors });
  }, [words, authors]);

  const save = async (change: { mutedWords?: string[]; mutedAuthors?: string[] }) => {
    const reply = await pageStore().saveSettings(change);
    if (!reply.ok) return t('panelMuteFailed', errorText(reply.error));
    latest.current = { words: reply.data.mutedWords, authors: reply.data.mutedAuthors };
    return undefined;
  };

  return {
    lists,
    setAuthor: async (handle, muted) => {
      const current = latest.current?.authors ?? [];
      const key = handleKey(handle);
      const others = current.filter((entry) => handleKey(entry) !== key);
      if (muted && others.length >= MAX_MUTED_AUTHORS) return t('panelMuteFull', String(MAX_MUTED_AUTHORS));
      return save({ mutedAuthors: muted ? [...others, key] : others });
    },
    unmuteWord: (word) => save({ mutedWords: (latest.current?.words ?? []).filter((entry) => entry !== word) }),
  };
}

/**
 * What the panel's buttons do with the mutes: save, then say so (a live region); a post muted from
 * its menu leaves the list, so the focus goes to the post that took its place (`position`, 1-based).
 * Both keep their identity across renders, so the rows holding them need not render again.
 */
export function useMuteActions(
  mutes: Mutes,
  list: RefObject<VirtualListHandle | null>,
  announce: (words: string) => void,
): {
  onMuteAuthor(handle: string, mute: boolean, position: number): void;
  onUnmuteWord(word: string): void;
} {
  const latest = useRef(mutes);
  latest.current = mutes;
  const onMuteAuthor = useStableCallback(async (handle: string, mute: boolean, position: number) => {
    const failure = await latest.current.setAuthor(handle, mute);
    announce(failure ?? t(mute ? 'panelMutedAuthor' : 'panelUnmutedAuthor', handle));
    if (failure === undefined && mute) requestAnimationFrame(() => list.current?.focusRow(position - 1));
  });
  const onUnmuteWord = useStableCallback(async (word: string) =>
    announce((await latest.current.unmuteWord(word)) ?? t('panelUnmutedWord', word)),
  );
  // Their promises never reject (a failure is announced), so callers need not wait on them.
  return { onMuteAuthor, onUnmuteWord };
}
