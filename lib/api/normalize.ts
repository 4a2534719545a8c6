/**
 * The API door's normaliser: turns what a server answered into the extension's own shape, before
 * the schemas (`schemas.ts`) check it. The spec fixes only `id`, `items` and `nextCursor`; for the
 * rest, servers choose their own names, nesting and formats. This reads the shapes servers commonly
 * use and writes one: a field the server did not send stays absent (never `undefined` in words,
 * never a made-up value), and a value of the wrong kind is dropped, not guessed.
 *
 * The output's names are ours (`createdAt` as ISO 8601 UTC, `author {id, handle, displayName}`,
 * `commentCount`, `reactionCounts`, `moderation {state, reason}`): the UI and the Outbox read only
 * those, whichever server answered.
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first own field of `record` among `names` whose value is not null or undefined. */
function pick(record: Json | undefined, names: readonly string[]): unknown {
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

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A count: a non-negative whole number, or a string of one ("12"); else undefined. */
function count(value: unknown): number | undefined {
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

const TIME_FIELDS = [
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
const HANDLE_FIELDS = [
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
const NAME_FIELDS = ['displayName', 'display_name', 'name', 'fullName', 'full_name', 'nickname'];
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
function authorOf(record: Json): Json | undefined {
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
const COUNT_HOLDERS = ['metrics', 'counts', 'stats', 'statistics', 'engagement', '_count', 'counters'];
const COMMENT_COUNT_FIELDS = [
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
const REACTION_FIELDS = ['reactionCounts', 'reaction_counts', 'reactionsCount', 'reactions_count', 'reactions'];

/**
 * Counts per kind, from a map (`{kind: n}`) or a list (`[{kind, count}]`, `[{type, total}]`, …).
 * An empty map or list is "none yet"; one whose entries are all unreadable is not known.
 */
function reactionCounts(value: unknown): Record<string, number> | undefined {
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

/** The record's moderation: an object (`{state|status, reason}`), or a word at the top level. */
function moderationOf(record: Json): Json | undefined {
  const nested = pick(record, ['moderation', 'moderationStatus', 'moderation_status', 'review']);
  if (isObject(nested)) {
    const state = moderationWord(pick(nested, ['state', 'status', 'decision', 'result']));
    const reason = text(pick(nested, ['reason', 'note', 'message', 'detail']));
    if (state === undefined && reason === undefined) return undefined;
    return { ...(state ? { state } : {}), ...(reason ? { reason } : {}) };
  }
  const state = moderationWord(nested ?? pick(record, ['moderationState', 'moderation_state', 'status', 'state']));
  const reason = text(
    pick(record, [
      'moderationReason',
      'moderation_reason',
      'statusReason',
      'status_reason',
      'stateReason',
      'state_reason',
      'reviewNote',
      'review_note',
      'rejectionReason',
      'rejection_reason',
    ]),
  );
  return state === undefined ? undefined : { state, ...(reason ? { reason } : {}) };
}

/** The nested count holders of a record, then the record itself. */
function countHolders(record: Json): Json[] {
  const holders: Json[] = [];
  for (const name of COUNT_HOLDERS) {
    const holder = record[name];
    if (Object.hasOwn(record, name) && isObject(holder)) holders.push(holder);
  }
  holders.push(record);
  return holders;
}

/**
 * The record itself from the envelopes servers put around one: `{data: {...}}`, and JSON:API's
 * `{data: {id, type, attributes: {...}}}` (its attributes lifted next to its id).
 */
function unwrap(value: unknown): Json | undefined {
  if (!isObject(value)) return undefined;
  let record = value;
  if (isObject(record.data) && !Object.hasOwn(record, 'id')) record = record.data;
  if (isObject(record.attributes)) record = { ...record.attributes, ...record, attributes: undefined };
  return record;
}

/**
 * A post or comment in our shape. `id` is carried over as a string (a number becomes its digits);
 * without one the record stays without, and the schema refuses it (the spec promises it).
 */
export function normalizeContribution(value: unknown): unknown {
  const record = unwrap(value);
  if (record === undefined) return value;
  const out: Json = {};
  const id = idString(pick(record, ['id', 'uuid', '_id']));
  if (id !== undefined) out.id = id;
  const type = text(pick(record, ['type', 'kind']));
  if (type !== undefined) out.type = type;
  const body = text(pick(record, ['body', 'text', 'content', 'message']));
  if (body !== undefined) out.body = body;
  const parent = pick(record, ['postId', 'post_id', 'parentId', 'parent_id', 'inReplyTo', 'in_reply_to']);
  const postId = idString(parent) ?? (isObject(record.post) ? idString(pick(record.post, ['id', 'uuid'])) : undefined);
  if (postId !== undefined) out.postId = postId;
  const author = authorOf(record);
  if (author !== undefined) out.author = author;
  const createdAt = isoTime(pick(record, TIME_FIELDS));
  if (createdAt !== undefined) out.createdAt = createdAt;
  const holders = countHolders(record);
  for (const holder of holders) {
    const comments = count(pick(holder, COMMENT_COUNT_FIELDS));
    if (comments !== undefined) {
      out.commentCount = comments;
      break;
    }
  }
  for (const holder of holders) {
    const reactions = reactionCounts(pick(holder, REACTION_FIELDS));
    if (reactions !== undefined) {
      out.reactionCounts = reactions;
      break;
    }
  }
  const moderation = moderationOf(record);
  if (moderation !== undefined) out.moderation = moderation;
  const links = isObject(record.links) ? record.links : undefined;
  const url = text(
    pick(record, ['url', 'permalink', 'html_url', 'htmlUrl', 'webUrl', 'web_url', 'link']) ??
      pick(links, ['html', 'self', 'web', 'alternate']),
  );
  if (url !== undefined) out.url = url;
  return out;
}

/** A page of the timeline: `items` and `nextCursor` as the spec names them (a number cursor as digits). */
export function normalizePage(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Json = { ...value };
  if (Array.isArray(value.items)) out.items = value.items.map(normalizeContribution);
  if (typeof value.nextCursor === 'number') out.nextCursor = idString(value.nextCursor);
  return out;
}

/** The record of a created reaction; a server may send none of its fields (then none are shown). */
export function normalizeReaction(value: unknown): unknown {
  const record = unwrap(value);
  if (record === undefined) return value;
  const out: Json = {};
  const id = idString(pick(record, ['id', 'uuid', '_id']));
  if (id !== undefined) out.id = id;
  const postId = idString(pick(record, ['postId', 'post_id']));
  if (postId !== undefined) out.postId = postId;
  const kind = text(pick(record, ['kind', 'type', 'reaction', 'name']));
  if (kind !== undefined) out.kind = kind;
  if (typeof record.created === 'boolean') out.created = record.created;
  const createdAt = isoTime(pick(record, TIME_FIELDS));
  if (createdAt !== undefined) out.createdAt = createdAt;
  return out;
}

/** Scopes as a list, from a list or a space- or comma-separated string. */
function scopeList(value: unknown): string[] | undefined {
  if (Array.isArray(value)) {
    const scopes = value.map((scope) => (isObject(scope) ? text(pick(scope, ['name', 'scope', 'id'])) : text(scope)));
    return scopes.filter((scope): scope is string => scope !== undefined && scope !== '');
  }
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((scope) => scope !== '');
  return undefined;
}

const SCOPE_FIELDS = ['scopes', 'scope', 'permissions', 'grants'];
const KEY_HOLDERS = ['key', 'token', 'apiKey', 'api_key', 'credential', 'credentials'];

/**
 * The key check (`GET /v1/me`): the account and the scopes, at the top level or under
 * `key`/`token`/`account`/`user`/`data`, in any of the names above.
 */
export function normalizeMe(value: unknown): unknown {
  if (!isObject(value)) return value;
  const record = isObject(value.data) ? { ...value.data, ...value } : value;
  const keyHolder = pick(record, KEY_HOLDERS);
  const key = isObject(keyHolder) ? keyHolder : undefined;
  const accountValue =
    pick(record, ['account', 'user', 'owner', 'me', 'profile']) ?? pick(key, ['account', 'user', 'owner']);
  const account =
    normalizeAuthor(accountValue) ??
    normalizeAuthor({
      id: pick(record, ['accountId', 'account_id', 'userId', 'user_id']),
      handle: pick(record, HANDLE_FIELDS),
      displayName: pick(record, NAME_FIELDS),
    });
  const scopes =
    scopeList(pick(record, SCOPE_FIELDS)) ??
    scopeList(pick(key, SCOPE_FIELDS)) ??
    (isObject(accountValue) ? scopeList(pick(accountValue, SCOPE_FIELDS)) : undefined);
  const out: Json = {};
  if (account !== undefined) out.account = account;
  if (scopes !== undefined) out.scopes = scopes;
  if (key !== undefined) {
    const keyId = idString(pick(key, ['id', 'uuid']));
    const last4 = text(pick(key, ['last4', 'last_4', 'lastFour', 'suffix']));
    out.key = { ...(keyId ? { id: keyId } : {}), ...(last4 ? { last4 } : {}) };
  }
  return out;
}
