import { z } from '@/lib/zod';
import { definePref } from './prefs';
import { MAX_SAVED_NAME, MAX_SAVED_POSTS, MAX_SAVED_TEXT, MAX_SAVED_URL, savedKey } from './saved-limits';

/*
 * Saved posts: the posts the user kept to read later, local only. Each entry holds enough of the
 * post to show it with no network (its id, author, text, time, web address) and the platform it
 * was read from. In the prefs store (extension-origin IndexedDB), which no page or content process
 * can open; every read is parsed as untrusted input all the same, and the list is capped.
 */

const text = (max: number) => z.string().max(max);

/** A post as the Saved list keeps it. Strict and bounded: stored values and backup files are untrusted. */
export const savedPostSchema = z.strictObject({
  /** The platform's id of the post. */
  id: text(100).regex(/^[A-Za-z0-9_:-][A-Za-z0-9_.:-]*$/),
  /** The origin of the platform's API it was read from (ids are the platform's own). */
  source: z.url({ protocol: /^https?$/ }).max(2048),
  /** When it was saved (ms since the epoch): the list's order, newest first. */
  savedAt: z.number().int().nonnegative().max(8.64e15),
  author: z
    .strictObject({ handle: text(MAX_SAVED_NAME).optional(), displayName: text(MAX_SAVED_NAME).optional() })
    .optional(),
  body: text(MAX_SAVED_TEXT).optional(),
  createdAt: text(64).optional(),
  url: text(MAX_SAVED_URL).optional(),
});
export type SavedPost = z.infer<typeof savedPostSchema>;

/** The fields a page hands over when it saves a post (the rest is the background's to set). */
export type SavedPostFields = Omit<SavedPost, 'source' | 'savedAt'>;

/** Newest saved first; the same key once (the newest copy); at most {@link MAX_SAVED_POSTS}. */
export function orderSaved(posts: readonly SavedPost[]): SavedPost[] {
  const byKey = new Map<string, SavedPost>();
  for (const post of [...posts].sort((a, b) => b.savedAt - a.savedAt)) {
    if (!byKey.has(savedKey(post))) byKey.set(savedKey(post), post);
  }
  return [...byKey.values()].slice(0, MAX_SAVED_POSTS);
}

/**
 * A stored (or imported) list, as untrusted input: every entry that checks out, the rest dropped,
 * in order and capped. Looks at no more than a few times the cap of a huge value.
 */
export function parseSavedPosts(raw: unknown): SavedPost[] {
  if (!Array.isArray(raw)) return [];
  const posts: SavedPost[] = [];
  for (const entry of raw.slice(0, MAX_SAVED_POSTS * 4)) {
    const parsed = savedPostSchema.safeParse(entry);
    if (parsed.success) posts.push(parsed.data);
  }
  return orderSaved(posts);
}

/** What adding a post did. */
export type AddOutcome = { kind: 'added'; posts: SavedPost[] } | { kind: 'already' } | { kind: 'full' };

/** Adds a post at the top; one already saved stays where it is; a full list refuses it. */
export function addSaved(posts: readonly SavedPost[], post: SavedPost): AddOutcome {
  if (posts.some((saved) => savedKey(saved) === savedKey(post))) return { kind: 'already' };
  if (posts.length >= MAX_SAVED_POSTS) return { kind: 'full' };
  return { kind: 'added', posts: orderSaved([post, ...posts]) };
}

/** The list without the post of `key` (the same list when it had none). */
export function removeSaved(posts: readonly SavedPost[], key: string): SavedPost[] {
  return posts.filter((post) => savedKey(post) !== key);
}

/** What merging a backup's list into this one does: the posts added, and those left out for want of room. */
export function mergeSaved(
  posts: readonly SavedPost[],
  incoming: readonly SavedPost[],
): { posts: SavedPost[]; added: SavedPost[]; noRoom: number } {
  const have = new Set(posts.map(savedKey));
  const fresh = orderSaved(incoming).filter((post) => !have.has(savedKey(post)));
  const added = fresh.slice(0, Math.max(0, MAX_SAVED_POSTS - posts.length));
  return { posts: orderSaved([...posts, ...added]), added, noRoom: fresh.length - added.length };
}

/** The Saved list, in the prefs store. */
export const savedPostsItem = definePref<SavedPost[]>('savedPosts', { fallback: [], parse: parseSavedPosts });
