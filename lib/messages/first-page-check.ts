import { isReactionKind, type ReactionKind } from '@/lib/storage/reaction-kinds';
import type { Reply } from './envelope';
import type { PostView } from './fields';

/*
 * The side panel's first timeline page, checked without zod: the reply schemas (zod and the protocol
 * table, the `checks` chunk) cost an opening with nothing kept about 80 ms before its first posts
 * (docs/performance.md, "Side panel opening"). This check takes only the plain case, a reply in
 * which every field the schema knows has its type, and answers exactly what the schema's parse
 * answers then (a property test holds the two equal, `tests/unit/messages/first-page-check.test.ts`);
 * anything else (an error reply, a field of the wrong type the schema would drop, a malformed
 * reply) answers `undefined`, and the caller checks the reply with the schema as before.
 */

type Page = Extract<Reply<'getTimelinePage'>, { ok: true }>;
type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Safe integers only, as the schema's `int()`.
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Copies `keys` of `from` whose values are strings; false when one is there but not a string. */
function copyStrings(from: Fields, keys: readonly string[], into: Fields): boolean {
  for (const key of keys) {
    const value = from[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') return false;
    into[key] = value;
  }
  return true;
}

/** An object of only string fields among `keys` (others dropped), or undefined when one is not a string. */
function stringsOf(value: unknown, keys: readonly string[]): Fields | undefined {
  if (!isFields(value)) return undefined;
  const into: Fields = {};
  return copyStrings(value, keys, into) ? into : undefined;
}

const POST_STRINGS = ['type', 'body', 'postId', 'createdAt', 'url'] as const;
const AUTHOR_STRINGS = ['id', 'handle', 'displayName'] as const;
const MODERATION_STRINGS = ['state', 'reason'] as const;

/** A post of the plain case, with only the fields a page knows; undefined otherwise. */
function plainPost(value: unknown): PostView | undefined {
  if (!isFields(value)) return undefined;
  const { id, commentCount, reactionCounts } = value;
  if (typeof id !== 'string' || id === '') return undefined;
  const post: Fields = { id };
  if (!copyStrings(value, POST_STRINGS, post)) return undefined;
  if (commentCount !== undefined) {
    if (!isCount(commentCount)) return undefined;
    post.commentCount = commentCount;
  }
  if (reactionCounts !== undefined) {
    if (!isFields(reactionCounts)) return undefined;
    const counts: Record<string, number> = {};
    for (const [kind, count] of Object.entries(reactionCounts)) {
      // `__proto__` as a key (JSON can hold one) would not copy as a field: left to the schema.
      if (!isCount(count) || kind === '__proto__') return undefined;
      counts[kind] = count;
    }
    post.reactionCounts = counts;
  }
  for (const [key, keys] of [
    ['author', AUTHOR_STRINGS],
    ['moderation', MODERATION_STRINGS],
  ] as const) {
    const given = value[key];
    if (given === undefined) continue;
    const fields = stringsOf(given, keys);
    if (fields === undefined) return undefined;
    post[key] = fields;
  }
  return post as PostView;
}

/**
 * The reply to `getTimelinePage` when it is a page of plain posts: `{ ok: true, data }` with the
 * known fields only. `undefined` for anything else: check it with the schema (`checkReply`).
 */
export function plainFirstPage(raw: unknown): Page | undefined {
  if (!isFields(raw) || raw.ok !== true || !isFields(raw.data)) return undefined;
  const { items, nextCursor } = raw.data;
  if (!Array.isArray(items) || (typeof nextCursor !== 'string' && nextCursor !== null)) return undefined;
  const posts: PostView[] = [];
  for (const item of items) {
    const post = plainPost(item);
    if (post === undefined) return undefined;
    posts.push(post);
  }
  return { ok: true, data: { items: posts, nextCursor } };
}

/** What a page shows from the settings before they are checked: the mute lists and the reaction kinds. */
export interface EarlySettings {
  mutes?: { words: string[]; authors: string[] };
  kinds?: ReactionKind[];
}

const isWords = (list: unknown): list is string[] =>
  Array.isArray(list) && list.every((entry) => typeof entry === 'string');

/**
 * The mute lists and the reaction kinds of a raw `getSettings` reply, each when well-formed (lists of
 * words; kinds as the panel's kept ones are read, `isReactionKind`): what hides muted posts and draws
 * the reaction buttons from the first frame of an opening with none kept, until the checked settings
 * reach the page's store. The same trust as the panel's kept values (read back unchecked): the answer
 * of our own background, checked by its schema right after.
 */
export function plainEarlySettings(raw: unknown): EarlySettings {
  if (!isFields(raw) || raw.ok !== true || !isFields(raw.data)) return {};
  const { mutedWords, mutedAuthors, reactionKinds } = raw.data;
  const early: EarlySettings = {};
  if (isWords(mutedWords) && isWords(mutedAuthors))
    early.mutes = { words: [...mutedWords], authors: [...mutedAuthors] };
  if (Array.isArray(reactionKinds) && reactionKinds.length > 0 && reactionKinds.every(isReactionKind)) {
    early.kinds = reactionKinds.map(({ value, label }) => (label === undefined ? { value } : { value, label }));
  }
  return early;
}
