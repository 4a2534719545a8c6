import type { PostView } from '@/lib/messages/fields';

/*
 * The side panel's search and mutes, as pure functions over the loaded posts: no request, no DOM.
 * Text is compared folded (compatibility-decomposed, accents and other combining marks dropped,
 * lower case), so "tomas" finds "Tomás" and "CAFE" finds "café". Muted words and search terms are
 * plain text, never patterns: nothing the user or a post types is ever run as a regular expression.
 */

/** Longest search query the panel takes (characters); the field says the same. */
export const MAX_QUERY = 200;
/** Search terms past this many are ignored (each term is one more scan of every post). */
const MAX_TERMS = 20;

/** `text` folded for comparison: NFKD, combining marks removed, lower case. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A handle as the mute list compares it: without a leading `@`, trimmed, lower case. */
export function handleKey(handle: string): string {
  return handle.trim().replace(/^@+/, '').toLowerCase();
}

/** The folded words of a query; a post matches when it holds every one (in its text or its author). */
export function searchTerms(query: string): string[] {
  return fold(query.slice(0, MAX_QUERY)).split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
}

// Folded once per post object: the store keeps the same objects across renders.
const haystacks = new WeakMap<PostView, { body: string; all: string }>();
function folded(item: PostView): { body: string; all: string } {
  let entry = haystacks.get(item);
  if (entry === undefined) {
    const body = fold(item.body ?? '');
    const handle = item.author?.handle ?? '';
    const all = `${body}\n${fold(item.author?.displayName ?? '')}\n${fold(handle)}\n@${fold(handle)}`;
    entry = { body, all };
    haystacks.set(item, entry);
  }
  return entry;
}

/** Whether the post holds every term (none: every post does). */
export function matchesSearch(item: PostView, terms: readonly string[]): boolean {
  if (terms.length === 0) return true;
  const { all } = folded(item);
  return terms.every((term) => all.includes(term));
}

/** The user's mute lists, as saved in the settings. */
export interface MuteLists {
  words: readonly string[];
  authors: readonly string[];
}

/** Why a post is hidden: a muted word in its text, or its author. */
export type MuteReason = { kind: 'word'; word: string } | { kind: 'author'; handle: string };

/** Mute lists ready for matching (fold each word once, not once per post). */
export interface MuteRules {
  words: readonly { word: string; folded: string }[];
  authors: ReadonlyMap<string, string>;
}

/** Compiles the lists; empty entries are dropped. */
export function muteRules(lists: MuteLists | undefined): MuteRules {
  const words = (lists?.words ?? [])
    .map((word) => ({ word, folded: fold(word.trim()) }))
    .filter((entry) => entry.folded !== '');
  const authors = new Map<string, string>();
  for (const handle of lists?.authors ?? []) if (handleKey(handle) !== '') authors.set(handleKey(handle), handle);
  return { words, authors };
}

// Letters of scripts written without spaces between words: a muted word there matches anywhere.
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD_CHAR = /[\p{L}\p{N}_]/u;
/** Whether `a` and `b` side by side are inside one word (so a match there is part of a longer word). */
function joined(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  return WORD_CHAR.test(a) && WORD_CHAR.test(b) && !UNSPACED.test(a) && !UNSPACED.test(b);
}

/** Whether `text` holds `word` as a whole word or phrase ("cat" is not in "education"). */
export function containsWord(text: string, word: string): boolean {
  if (word === '') return false;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if (!joined(text[at - 1], word[0]) && !joined(word[word.length - 1], text[end])) return true;
  }
  return false;
}

/** Why the post is muted, or undefined. The author counts first (it is the more specific rule). */
export function muteReason(item: PostView, rules: MuteRules): MuteReason | undefined {
  const handle = item.author?.handle;
  if (handle !== undefined && rules.authors.size > 0) {
    const muted = rules.authors.get(handleKey(handle));
    if (muted !== undefined) return { kind: 'author', handle: handleKey(muted) };
  }
  if (rules.words.length === 0) return undefined;
  const { body } = folded(item);
  const hit = rules.words.find((entry) => containsWord(body, entry.folded));
  return hit === undefined ? undefined : { kind: 'word', word: hit.word };
}

/** What the timeline shows once searched and muted. */
export interface FilteredTimeline {
  /** The posts to draw, in order. */
  visible: readonly PostView[];
  /** Posts that match the search but are muted (shown only when `showHidden`). */
  hidden: number;
  /** Posts that match the search (muted ones included). */
  matches: number;
  /** Why each muted post on `visible` is muted (only when `showHidden`). */
  reasons: ReadonlyMap<string, MuteReason>;
}

/** Searches and mutes the loaded posts. Without a search or mutes, `visible` is `items` itself. */
export function filterTimeline(
  items: readonly PostView[],
  terms: readonly string[],
  rules: MuteRules,
  showHidden: boolean,
): FilteredTimeline {
  const noMutes = rules.words.length === 0 && rules.authors.size === 0;
  if (terms.length === 0 && noMutes) return { visible: items, hidden: 0, matches: items.length, reasons: new Map() };
  const visible: PostView[] = [];
  const reasons = new Map<string, MuteReason>();
  let hidden = 0;
  let matches = 0;
  for (const item of items) {
    if (!matchesSearch(item, terms)) continue;
    matches += 1;
    const reason = noMutes ? undefined : muteReason(item, rules);
    if (reason === undefined) visible.push(item);
    else {
      hidden += 1;
      if (showHidden) {
        visible.push(item);
        reasons.set(item.id, reason);
      }
    }
  }
  return { visible, hidden, matches, reasons };
}

/** The test the store pages with: whether a post would be drawn (see {@link filterTimeline}). */
export function visibleTest(terms: readonly string[], rules: MuteRules, showHidden: boolean) {
  return (item: PostView): boolean =>
    matchesSearch(item, terms) && (showHidden || muteReason(item, rules) === undefined);
}
