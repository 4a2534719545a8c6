import type { PostView } from '@/lib/messages/fields';
import { MAX_SAVED_NAME, MAX_SAVED_TEXT, MAX_SAVED_URL } from '@/lib/storage/saved-limits';
import type { SavedPostFields } from '@/lib/storage/saved-posts';

/** A field kept when it fits, cut (text) or dropped (an address, a time) when it does not. */
const cut = (text: string | undefined, max: number) => (text === undefined ? undefined : text.slice(0, max));
const fits = (text: string | undefined, max: number) => (text !== undefined && text.length <= max ? text : undefined);

/**
 * What of a post the Saved list keeps, as the page hands it over (`savePost`): enough to show it
 * with no network, within the list's bounds (lib/storage/saved-limits.ts); nothing a server added.
 */
export function toSavedFields(post: PostView): SavedPostFields {
  const { author } = post;
  const names = {
    handle: cut(author?.handle, MAX_SAVED_NAME),
    displayName: cut(author?.displayName, MAX_SAVED_NAME),
  };
  const fields: SavedPostFields = {
    id: post.id,
    author: names.handle === undefined && names.displayName === undefined ? undefined : names,
    body: cut(post.body, MAX_SAVED_TEXT),
    createdAt: fits(post.createdAt, 64),
    url: fits(post.url, MAX_SAVED_URL),
  };
  // Absent, not undefined: the request is checked strictly and travels as JSON.
  return JSON.parse(JSON.stringify(fields)) as SavedPostFields;
}
