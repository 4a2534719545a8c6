import type { ErrorCode, Failure } from '../http/errors.js';
import type { Author } from '../store/accounts.js';
import type { ModerationState } from '../store/records.js';
import { numericIds } from './ids.js';
import type { Dialect } from './types.js';

/** Validation refusals: this dialect answers them 422, as many frameworks do. */
const VALIDATION = new Set<ErrorCode>(['invalid_body', 'invalid_json', 'unknown_reaction_kind']);
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

/** Moderation in this dialect's words. */
const STATUS: Record<ModerationState, string> = { published: 'approved', held: 'pending', rejected: 'rejected' };

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A snake_case server in the style of many Rails and Django APIs: numeric ids, times as epoch
 * seconds under `published_at`, the author under `user {id, username, display_name}`, counts under
 * `metrics` with reactions as a list, moderation as `status` (`approved`/`pending`/`rejected`), 202
 * for a write held for review, reactions answered without an id, RFC 7807 problem details with 422
 * for validation, 410 for a removed post, held posts using up page slots (short and empty pages
 * with a cursor), cursors with `+`, `/` and `=` that must be URL-encoded, and fields a client does
 * not know everywhere.
 */
export function snakeDialect(): Dialect {
  const ids = numericIds();
  const user = (author: Author) => ({
    id: ids.out(author.id),
    username: author.handle,
    display_name: author.displayName,
    avatar_url: null,
  });
  return {
    name: 'snake',
    summary: 'snake_case, numeric ids, epoch seconds, problem+json with 422, 202 for held writes, 410, short pages',
    me: (facts) => ({
      user: { ...user(facts.account), created_via: 'api' },
      key: { scopes: facts.scopes, last_4: facts.key.last4, label: facts.key.app.name },
      plan: 'community',
    }),
    item: (record) => ({
      id: ids.out(record.id),
      kind: 'post',
      text: record.body,
      user: user(record.author),
      published_at: seconds(record.createdAt),
      metrics: {
        replies: record.commentCount,
        reactions: Object.entries(record.reactionCounts).map(([type, count]) => ({ type, count })),
        views: null,
      },
      permalink: record.url,
      lang: null,
    }),
    created: (record) => ({
      status: record.moderation.state === 'held' ? 202 : 201,
      body: {
        id: ids.out(record.id),
        kind: record.type,
        text: record.body,
        ...(record.type === 'comment' ? { post_id: ids.out(record.postId) } : {}),
        user: user(record.author),
        published_at: seconds(record.createdAt),
        status: STATUS[record.moderation.state],
        ...(record.moderation.reason ? { status_reason: record.moderation.reason } : {}),
      },
    }),
    reaction: (record) => ({
      status: record.created ? 201 : 200,
      body: { post_id: ids.out(record.postId), type: record.kind, created_at: seconds(record.createdAt), weight: 1 },
    }),
    heldPostsTakeSlots: true,
    pageSize: (limit) => limit,
    idOut: (internal) => ids.out(internal),
    idIn: (external) => ids.in(external),
    cursorOut: (cursor) => `v2+${cursor.replace(/-/g, '+').replace(/_/g, '/')}==`,
    cursorIn: (raw) => {
      const match = /^v2\+([A-Za-z0-9+/]+)==$/.exec(raw);
      return match?.[1]?.replace(/\+/g, '-').replace(/\//g, '_');
    },
    error: (failure: Failure) => {
      const status = VALIDATION.has(failure.code) ? 422 : failure.status;
      const extra = Object.fromEntries(Object.entries(failure.extra ?? {}).map(([key, value]) => [snake(key), value]));
      const body = {
        type: `https://docs.debate.example/problems/${failure.code.replace(/_/g, '-')}`,
        title: TITLES[status] ?? 'Error',
        status,
        detail: failure.message,
        ...extra,
      };
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ...failure.headers },
      });
    },
    removedStatus: 410,
    budgetHeaders: 'x-ratelimit',
  };
}
