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

import {
  authorOf,
  COMMENT_COUNT_FIELDS,
  COUNT_HOLDERS,
  count,
  HANDLE_FIELDS,
  idString,
  isObject,
  isoTime,
  type Json,
  moderationWord,
  NAME_FIELDS,
  normalizeAuthor,
  pick,
  REACTION_FIELDS,
  reactionCounts,
  TIME_FIELDS,
  text,
} from './normalize-values';

/** The record without its absent fields: what a server did not send stays absent, never `undefined`. */
function defined(record: Json): Json {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** The first value `read` finds among `holders`, in order. */
function first<T>(holders: readonly Json[], read: (holder: Json) => T | undefined): T | undefined {
  for (const holder of holders) {
    const value = read(holder);
    if (value !== undefined) return value;
  }
  return undefined;
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
  const holders = countHolders(record);
  const links = isObject(record.links) ? record.links : undefined;
  return defined({
    id: idString(pick(record, ['id', 'uuid', '_id'])),
    type: text(pick(record, ['type', 'kind'])),
    body: text(pick(record, ['body', 'text', 'content', 'message'])),
    postId:
      idString(pick(record, ['postId', 'post_id', 'parentId', 'parent_id', 'inReplyTo', 'in_reply_to'])) ??
      (isObject(record.post) ? idString(pick(record.post, ['id', 'uuid'])) : undefined),
    author: authorOf(record),
    createdAt: isoTime(pick(record, TIME_FIELDS)),
    commentCount: first(holders, (holder) => count(pick(holder, COMMENT_COUNT_FIELDS))),
    reactionCounts: first(holders, (holder) => reactionCounts(pick(holder, REACTION_FIELDS))),
    moderation: moderationOf(record),
    url: text(
      pick(record, ['url', 'permalink', 'html_url', 'htmlUrl', 'webUrl', 'web_url', 'link']) ??
        pick(links, ['html', 'self', 'web', 'alternate']),
    ),
  });
}

/**
 * A created post or comment. A 202 (accepted, not yet done) whose record says nothing of its
 * moderation is held: the platform took it, it is not public yet.
 */
export function normalizeCreated(value: unknown, status: number): unknown {
  const record = normalizeContribution(value);
  if (status !== 202 || typeof record !== 'object' || record === null || 'moderation' in record) return record;
  return { ...record, moderation: { state: 'held' } };
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
  return defined({
    id: idString(pick(record, ['id', 'uuid', '_id'])),
    postId: idString(pick(record, ['postId', 'post_id'])),
    kind: text(pick(record, ['kind', 'type', 'reaction', 'name'])),
    created: typeof record.created === 'boolean' ? record.created : undefined,
    createdAt: isoTime(pick(record, TIME_FIELDS)),
  });
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
  return defined({
    account,
    scopes,
    key:
      key === undefined
        ? undefined
        : defined({
            id: idString(pick(key, ['id', 'uuid'])),
            last4: text(pick(key, ['last4', 'last_4', 'lastFour', 'suffix'])) || undefined,
          }),
  });
}

export { idString, isoTime, moderationWord, normalizeAuthor } from './normalize-values';
