/*
 * The Saved list's bounds and key, without zod: the side panel's first screen cuts a post to them
 * before saving it and must not pull the schema library in for a few numbers (saved-posts.ts
 * checks them).
 */

/** The one key of a saved post: its platform (`source`) and id. */
export function savedKey(post: { source: string; id: string }): string {
  return `${post.source} ${post.id}`;
}

/** The most posts the Saved list holds: saving one more is refused in words, never an old one dropped. */
export const MAX_SAVED_POSTS = 500;
/** The longest text kept of a saved post (a longer one is cut when saved). */
export const MAX_SAVED_TEXT = 10_000;
/** The longest author name or handle kept. */
export const MAX_SAVED_NAME = 200;
/** The longest web address of a post kept (a longer one is dropped: the post shows without its link). */
export const MAX_SAVED_URL = 2048;
