/**
 * The values the API door's normaliser (normalize.ts) reads one field at a time: ids, counts, times,
 * authors, reaction counts and moderation words, in the names and formats servers commonly use.
 */

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first own field of `record` among `names` whose value is not null or undefined. */
export function pick(record: Json | undefined, names: readonly string[]): unknown {
  if (record === undefined) return undefined;
  for (const name of names) {
    if (!Object.hasOwn(record, name)) continue;
    const value = record[name];
    if (value !== null && value !== undefined) return value;
  }
  return undefined;
}

/** A string, or a finite number written as one (ids are both); else undefined. */
export function idString(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return undefined;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A count: a non-negative whole number, or a string of one ("12"); else undefined. */
export function count(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

/** Epoch values below this are seconds, above it milliseconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_BELOW = 1e11;

/**
 * A time as ISO 8601 UTC with milliseconds, from ISO 8601 (any fraction, `Z` or an offset, or a
 * space for the `T`), epoch seconds or milliseconds (numbers or digit strings); undefined for
 * anything else, or a time outside years 1970–9999.
 */
export function isoTime(value: unknown): string | undefined {
  let ms: number | undefined;
  if (typeof value === 'number' && Number.isFinite(value)) {
    ms = Math.abs(value) < SECONDS_BELOW ? value * 1000 : value;
  } else if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^-?\d+(\.\d+)?$/.test(trimmed)) return isoTime(Number(trimmed));
    const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d+))?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/.exec(
      trimmed,
    );
    if (match === null) return undefined;
    const [, date, time, fraction = '', zone = 'Z'] = match;
    const millis = fraction.padEnd(3, '0').slice(0, 3);
    const offset =
      zone.toUpperCase() === 'Z'
        ? 'Z'
        : zone.length === 3
          ? `${zone}:00`
          : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    const seconds = (time ?? '').length === 5 ? `${time}:00` : time;
    ms = Date.parse(`${date}T${seconds}.${millis}${offset}`);
  }
  if (ms === undefined || !Number.isFinite(ms) || ms < 0 || ms > 253402300799999) return undefined;
  return new Date(ms).toISOString();
}

export const TIME_FIELDS = [
  'createdAt',
  'created_at',
  'publishedAt',
  'published_at',
  'postedAt',
  'posted_at',
  'timestamp',
  'created',
  'createdOn',
  'created_on',
  'time',
  'date',
] as const;

const AUTHOR_FIELDS = ['author', 'user', 'account', 'creator', 'owner', 'by'] as const;
export const HANDLE_FIELDS = [
  'handle',
  'username',
  'userName',
  'user_name',
  'screen_name',
  'screenName',
  'acct',
  'login',
  'slug',
];
export const NAME_FIELDS = ['displayName', 'display_name', 'name', 'fullName', 'full_name', 'nickname'];
const ID_FIELDS = ['id', 'uuid', '_id', 'userId', 'user_id', 'accountId', 'account_id'];

/** A handle as written, without a leading `@`. */
function handle(value: unknown): string | undefined {
  const raw = text(value)?.trim();
  if (raw === undefined || raw === '') return undefined;
  return raw.startsWith('@') ? raw.slice(1) || undefined : raw;
}

/** An author or account: a string (a handle when it looks like one, else a name) or an object in any common naming. */
export function normalizeAuthor(value: unknown): Json | undefined {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    return /^@?[\w.-]{1,64}$/u.test(trimmed) ? { handle: handle(trimmed) } : { displayName: trimmed };
  }
  if (!isObject(value)) return undefined;
  const author: Json = {};
  const id = idString(pick(value, ID_FIELDS));
  const handleValue = handle(pick(value, HANDLE_FIELDS));
  const displayName = text(pick(value, NAME_FIELDS))?.trim();
  if (id !== undefined) author.id = id;
  if (handleValue !== undefined) author.handle = handleValue;
  if (displayName) author.displayName = displayName;
  return Object.keys(author).length === 0 ? undefined : author;
}

/** The author of a record, from an author object or string, or from flat `authorName`-style fields. */
export function authorOf(record: Json): Json | undefined {
  const nested = normalizeAuthor(pick(record, AUTHOR_FIELDS));
  const flat = normalizeAuthor({
    id: pick(record, ['authorId', 'author_id', 'userId', 'user_id']),
    handle: pick(record, ['authorHandle', 'author_handle', 'username', 'handle']),
    displayName: pick(record, ['authorName', 'author_name', 'authorDisplayName', 'author_display_name']),
  });
  if (nested === undefined) return flat;
  return flat === undefined ? nested : { ...flat, ...nested };
}

/** Where servers nest counts. */
export const COUNT_HOLDERS = ['metrics', 'counts', 'stats', 'statistics', 'engagement', '_count', 'counters'];
export const COMMENT_COUNT_FIELDS = [
  'commentCount',
  'comment_count',
  'commentsCount',
  'comments_count',
  'replyCount',
  'reply_count',
  'repliesCount',
  'replies_count',
  'comments',
  'replies',
];
export const REACTION_FIELDS = ['reactionCounts', 'reaction_counts', 'reactionsCount', 'reactions_count', 'reactions'];

/**
 * Counts per kind, from a map (`{kind: n}`) or a list (`[{kind, count}]`, `[{type, total}]`, …).
 * An empty map or list is "none yet"; one whose entries are all unreadable is not known.
 */
export function reactionCounts(value: unknown): Record<string, number> | undefined {
  const counts: Record<string, number> = Object.create(null);
  let entries = 0;
  if (Array.isArray(value)) {
    for (const entry of value) {
      entries += 1;
      if (!isObject(entry)) continue;
      const kind = idString(pick(entry, ['kind', 'type', 'name', 'reaction', 'key']));
      const n = count(pick(entry, ['count', 'total', 'n', 'value', 'amount']));
      if (kind !== undefined && n !== undefined) counts[kind] = (counts[kind] ?? 0) + n;
    }
  } else if (isObject(value)) {
    for (const [kind, raw] of Object.entries(value)) {
      entries += 1;
      const n = count(isObject(raw) ? pick(raw, ['count', 'total']) : raw);
      if (n !== undefined) counts[kind] = n;
    }
  } else return undefined;
  const known = Object.keys(counts).length;
  return entries > 0 && known === 0 ? undefined : { ...counts };
}

/** Moderation states in our three words; anything else is not guessed at. */
const MODERATION_WORDS: Record<string, 'published' | 'held' | 'rejected'> = {
  published: 'published',
  approved: 'published',
  visible: 'published',
  public: 'published',
  live: 'published',
  active: 'published',
  ok: 'published',
  held: 'held',
  hold: 'held',
  pending: 'held',
  pending_review: 'held',
  in_review: 'held',
  under_review: 'held',
  queued: 'held',
  awaiting_review: 'held',
  awaiting_moderation: 'held',
  moderation: 'held',
  rejected: 'rejected',
  removed: 'rejected',
  denied: 'rejected',
  blocked: 'rejected',
  declined: 'rejected',
  refused: 'rejected',
};

/** A moderation state word, in any case and with `-` or spaces for `_`. */
export function moderationWord(value: unknown): 'published' | 'held' | 'rejected' | undefined {
  const raw = text(value)
    ?.trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return raw === undefined ? undefined : MODERATION_WORDS[raw];
}
