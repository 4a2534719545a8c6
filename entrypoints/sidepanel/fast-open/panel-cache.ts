import type { SpeakerLine } from '@/components/common/AccountChooser';
import type { FirstPageCache } from '@/entrypoints/sidepanel/state/timeline-store';
import type { PostView } from '@/lib/messages/fields';
import { isReactionKind, type ReactionKind } from '@/lib/storage/reaction-kinds';
import type { MuteLists } from '@/lib/ui/timeline-filter';
import { PANEL_CACHE_KEY, parseStamped, readStamped, readText, writeStamped } from './panel-cache-key';

/*
 * What the side panel shows while its first answers travel: the first timeline page, the
 * reaction kinds, the mute lists (muted posts stay hidden from the first frame) and the speaker
 * line's words of the last opening. In the panel's own `localStorage` (the extension's origin:
 * no page or content script can read or write it; read synchronously, so it paints at once).
 * Public posts and labels only, nothing secret.
 *
 * Only this build's panel writes it, and only what it had checked (posts: a `getTimelinePage`
 * reply that passed its schema), so it is read back without zod, which the panel loads after its
 * first paint: a value written by another build (the stamp differs) or damaged is dropped, and each
 * entry must still have the shape the list needs. The cached posts stand in for at most the time
 * the fresh page takes to arrive and be checked; then they are replaced.
 */

type Stored = Partial<Record<'page' | 'kinds' | 'mutes' | 'speaker', unknown>>;

/** Keeps the well-formed entries of a stored list. */
function valid<T>(value: unknown, check: (entry: unknown) => entry is T): T[] {
  return Array.isArray(value) ? value.filter(check) : [];
}

/** A stored post as the list needs it: an object with its id (checked by its schema before it was stored). */
function isStoredPost(entry: unknown): entry is PostView {
  if (typeof entry !== 'object' || entry === null) return false;
  const { id } = entry as { id?: unknown };
  return typeof id === 'string' && id !== '';
}

const isText = (entry: unknown): entry is string => typeof entry === 'string';

/** Stored mute lists, if well-formed. */
function storedMutes(value: unknown): MuteLists | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { words, authors } = value as { words?: unknown; authors?: unknown };
  if (!Array.isArray(words) || !Array.isArray(authors)) return undefined;
  return { words: valid(words, isText), authors: valid(authors, isText) };
}

/** A stored speaker line, if well-formed: words, each option with its id, the chosen one among them. */
function storedSpeaker(value: unknown): SpeakerLine | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { options, chosen } = value as { options?: unknown; chosen?: unknown };
  if (!Array.isArray(options) || options.length === 0) return undefined;
  const line = options.filter(
    (option): option is SpeakerLine['options'][number] =>
      typeof option?.id === 'string' && typeof option.text === 'string',
  );
  if (line.length !== options.length || !line.some((option) => option.id === chosen)) return undefined;
  return { options: line, chosen: chosen as string };
}

/** What the last opening kept, as the panel uses it. */
export interface PanelCache {
  /** The first page, for {@link TimelineStore}. */
  firstPage: FirstPageCache;
  /** The reaction kinds (undefined when none were kept). */
  kinds(): ReactionKind[] | undefined;
  /** Keeps the reaction kinds for the next opening. */
  rememberKinds(kinds: readonly ReactionKind[]): void;
  /** The mute lists (undefined when none were kept). */
  mutes(): MuteLists | undefined;
  /** Keeps the mute lists for the next opening. */
  rememberMutes(mutes: MuteLists): void;
  /** The speaker line (undefined when none was kept). */
  speaker(): SpeakerLine | undefined;
  /** Keeps the speaker line for the next opening (undefined: nobody speaks). */
  rememberSpeaker(line: SpeakerLine | undefined): void;
  /** Calls `listener` after each write by this page (the picture of the panel is kept again then). */
  onWrite(listener: () => void): void;
  /** Whether what is stored is what this page last read or wrote (no other panel wrote since). */
  isCurrent(): boolean;
}

/**
 * The panel's cache. What is stored is read and parsed once, at the first read (the panel reads the
 * page and the kinds one after the other while it starts); each write reads the stored value afresh,
 * since another open panel may have written since.
 */
// The parameter is not called `storage`: WXT's auto-import (on even with `imports: false`, see
// wxt.config.ts) would take the name for its storage module and add it to the panel's first screen.
export function panelCache(area: Storage | undefined = globalThis.localStorage): PanelCache {
  let kept: Stored | undefined;
  // The text this page last read or wrote: another panel (another window's) may write since.
  let seen: string | null = null;
  const stored = () => {
    if (kept === undefined) {
      seen = readText(area, PANEL_CACHE_KEY);
      kept = parseStamped(seen) ?? {};
    }
    return kept;
  };
  const listeners: (() => void)[] = [];
  // Over what is stored now: another panel may have written since.
  const write = (change: Stored) => {
    kept = undefined;
    seen = writeStamped(area, PANEL_CACHE_KEY, { ...readStamped(area, PANEL_CACHE_KEY), ...change });
    for (const listener of listeners) listener();
  };
  // Written only when it changed: the settings answer repeats the kinds and mute lists at every opening.
  const remember = (field: 'kinds' | 'mutes' | 'speaker', value: unknown) => {
    if (JSON.stringify(value) !== JSON.stringify(stored()[field])) write({ [field]: value });
  };
  return {
    firstPage: { read: () => valid(stored().page, isStoredPost), write: (items) => write({ page: items }) },
    kinds: () => {
      const kinds = valid(stored().kinds, isReactionKind);
      return kinds.length > 0 ? kinds : undefined;
    },
    rememberKinds: (kinds) => remember('kinds', kinds),
    mutes: () => storedMutes(stored().mutes),
    rememberMutes: ({ words, authors }) => remember('mutes', { words, authors }),
    speaker: () => storedSpeaker(stored().speaker),
    rememberSpeaker: (line) => remember('speaker', line && { options: line.options, chosen: line.chosen }),
    onWrite: (listener) => void listeners.push(listener),
    isCurrent: () => {
      stored();
      return readText(area, PANEL_CACHE_KEY) === seen;
    },
  };
}
