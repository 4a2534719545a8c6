import type { RefObject } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { VirtualListHandle } from '@/components/timeline/VirtualList';
import { t } from '@/lib/i18n';
import type { Reply } from '@/lib/messages/envelope';
import { sendMessage } from '@/lib/messages/send';
import { MAX_MUTED_AUTHORS, settingsItem } from '@/lib/storage/settings';
import { errorText } from '@/lib/ui/error-text';
import { handleKey, type MuteLists } from '@/lib/ui/timeline-filter';

/** Where the panel's mute lists come from before the settings answer (as for the reaction kinds). */
export interface MutesSource {
  /** A `getSettings` answer already on its way. */
  initial?: Promise<Reply<'getSettings'>> | undefined;
  /** The lists of the last opening, used until the answer comes. */
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

const NONE: MuteLists = { words: [], authors: [] };

/**
 * The mute lists from the settings, read again when the settings change (the options page saved,
 * or another panel muted someone). Changes go through `saveSettings`, like the options page's, with
 * the whole list: the background checks it against the settings' bounds.
 */
export function useMutes(source: MutesSource = {}): Mutes {
  const [lists, setLists] = useState<MuteLists | undefined>(source.cached);
  const latest = useRef(lists);
  latest.current = lists;
  const adopt = useCallback((next: MuteLists) => {
    const mutes = { words: next.words, authors: next.authors };
    setLists(mutes);
    source.remember?.(mutes);
  }, []);

  useEffect(() => {
    let alive = true;
    const load = async (answer: Promise<Reply<'getSettings'>> = sendMessage('getSettings')) => {
      const reply = await answer;
      if (!alive) return;
      if (reply.ok) adopt({ words: reply.data.mutedWords, authors: reply.data.mutedAuthors });
      else setLists((current) => current ?? NONE);
    };
    void load(source.initial);
    const unwatch = settingsItem.watch(() => void load());
    return () => {
      alive = false;
      unwatch();
    };
  }, []);

  const save = async (change: { mutedWords?: string[]; mutedAuthors?: string[] }) => {
    const reply = await sendMessage('saveSettings', change);
    if (!reply.ok) return t('panelMuteFailed', errorText(reply.error));
    adopt({ words: reply.data.mutedWords, authors: reply.data.mutedAuthors });
    return undefined;
  };

  return {
    lists,
    setAuthor: async (handle, muted) => {
      const authors = latest.current?.authors ?? [];
      const key = handleKey(handle);
      const others = authors.filter((entry) => handleKey(entry) !== key);
      if (muted && others.length >= MAX_MUTED_AUTHORS) return t('panelMuteFull', String(MAX_MUTED_AUTHORS));
      return save({ mutedAuthors: muted ? [...others, key] : others });
    },
    unmuteWord: (word) => save({ mutedWords: (latest.current?.words ?? []).filter((entry) => entry !== word) }),
  };
}

/**
 * What the panel's buttons do with the mutes: save, then say so (a live region); a post muted from
 * its menu leaves the list, so the focus goes to the post that took its place.
 */
export function useMuteActions(
  mutes: Mutes,
  list: RefObject<VirtualListHandle | null>,
  announce: (words: string) => void,
): {
  onMuteAuthor(handle: string, mute: boolean, index?: number): Promise<void>;
  onUnmuteWord(word: string): Promise<void>;
} {
  const latest = useRef(mutes);
  latest.current = mutes;
  return {
    onMuteAuthor: async (handle, mute, index) => {
      const failure = await latest.current.setAuthor(handle, mute);
      announce(failure ?? t(mute ? 'panelMutedAuthor' : 'panelUnmutedAuthor', handle));
      if (failure === undefined && mute && index !== undefined) {
        requestAnimationFrame(() => list.current?.focusRow(index));
      }
    },
    onUnmuteWord: async (word) => announce((await latest.current.unmuteWord(word)) ?? t('panelUnmutedWord', word)),
  };
}
