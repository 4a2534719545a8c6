import type { ErrorCode, Failure } from '../http/errors.js';
import type { ModerationState } from '../store/records.js';
import { uuidIds } from './ids.js';
import type { Dialect } from './types.js';

const VALIDATION = new Set<ErrorCode>(['invalid_body', 'invalid_json', 'unknown_reaction_kind']);

/** Moderation in this dialect's words. */
const STATE: Record<ModerationState, string> = { published: 'live', held: 'in_review', rejected: 'declined' };

/** ISO 8601 in Central European Time (+01:00) with microseconds: `2026-11-22T09:00:00.123000+01:00`. */
function localTime(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 3_600_000).toISOString();
  return `${shifted.slice(0, 23)}000+01:00`;
}

/**
 * A resource-style server in the manner of JSON:API: UUIDs, each record `{id, type, attributes}`
 * with `content`, the author as a display name string beside a `username`, times with an offset
 * and microseconds, counts under `counts` with reactions as a map, moderation as `state`
 * (`live`/`in_review`/`declined`), 201 for every new write (held ones say `in_review`), 204 with no
 * body for a reaction, `{"errors": [{status, code, title, detail}]}` with 422 for validation, 404
 * for a removed post, short pages (half the limit asked, held posts using up slots), cursors written
 * as JSON (quotes, braces and colons to URL-encode), and extra members a client does not know.
 */
export function resourceDialect(): Dialect {
  const ids = uuidIds();
  return {
    name: 'resource',
    summary: 'JSON:API-like, UUIDs, +01:00 times with microseconds, errors[] with 422, 204 reactions, half pages',
    me: (facts) => ({
      data: {
        account: {
          uuid: ids.out(facts.account.id),
          name: facts.account.displayName,
          handle: `@${facts.account.handle}`,
        },
        token: { scope: facts.scopes.join(' '), expires: null },
      },
      meta: { api: 'v1' },
    }),
    item: (record) => ({
      id: ids.out(record.id),
      type: 'posts',
      attributes: {
        content: record.body,
        author: record.author.displayName,
        username: record.author.handle,
        createdAt: localTime(record.createdAt),
        counts: { comments: record.commentCount, reactions: record.reactionCounts },
        state: 'live',
      },
      links: { self: record.url },
    }),
    created: (record) => ({
      status: 201,
      body: {
        id: ids.out(record.id),
        type: record.type === 'post' ? 'posts' : 'comments',
        attributes: {
          content: record.body,
          ...(record.type === 'comment' ? { parentId: ids.out(record.postId) } : {}),
          author: record.author.displayName,
          username: record.author.handle,
          createdAt: localTime(record.createdAt),
          state: STATE[record.moderation.state],
          ...(record.moderation.reason ? { reviewNote: record.moderation.reason } : {}),
        },
      },
    }),
    reaction: () => ({ status: 204, body: undefined }),
    heldPostsTakeSlots: true,
    pageSize: (limit) => Math.ceil(limit / 2),
    idOut: (internal) => ids.out(internal),
    idIn: (external) => ids.in(external),
    cursorOut: (cursor) => JSON.stringify({ after: cursor }),
    cursorIn: (raw) => {
      try {
        const parsed: unknown = JSON.parse(raw);
        const after = typeof parsed === 'object' && parsed !== null ? (parsed as { after?: unknown }).after : undefined;
        return typeof after === 'string' ? after : undefined;
      } catch {
        return undefined;
      }
    },
    error: (failure: Failure) => {
      const status = VALIDATION.has(failure.code) ? 422 : failure.status;
      const body = {
        errors: [
          {
            status: String(status),
            code: failure.code,
            title: failure.code.replace(/_/g, ' '),
            detail: failure.message,
            meta: failure.extra ?? {},
          },
        ],
      };
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/vnd.api+json', 'Cache-Control': 'no-store', ...failure.headers },
      });
    },
    removedStatus: 404,
    budgetHeaders: 'none',
  };
}
