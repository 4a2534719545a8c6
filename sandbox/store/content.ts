import type { Db } from '../db.js';
import { newId } from '../ids.js';
import { REACTION_KINDS, type ReactionKind } from '../scopes.js';
import type { Author } from './accounts.js';
import {
  type AuthoredPostRecord,
  type CommentRecord,
  isoTime,
  type ModerationState,
  moderationOf,
  type PostRecord,
  type ReactionRecord,
} from './records.js';

/** A post row with its author, as read from the database. */
export interface PostRow {
  seq: number;
  id: string;
  body: string;
  createdAt: number;
  state: ModerationState;
  reason: string | null;
  author: Author;
}

interface JoinedPostRow {
  seq: number;
  id: string;
  body: string;
  created_at: number;
  moderation_state: ModerationState;
  moderation_reason: string | null;
  author_id: string;
  handle: string;
  display_name: string;
}

interface JoinedCommentRow {
  id: string;
  post_id: string;
  body: string;
  created_at: number;
  moderation_state: ModerationState;
  moderation_reason: string | null;
  author_id: string;
  handle: string;
  display_name: string;
}

const POST_SELECT = `SELECT p.seq, p.id, p.body, p.created_at, p.moderation_state, p.moderation_reason,
  a.id AS author_id, a.handle, a.display_name FROM posts p JOIN accounts a ON a.id = p.account_id`;

const COMMENT_SELECT = `SELECT c.id, c.post_id, c.body, c.created_at, c.moderation_state, c.moderation_reason,
  a.id AS author_id, a.handle, a.display_name FROM comments c JOIN accounts a ON a.id = c.account_id`;

/** Largest seq a cursor can name; the first page starts below it. */
export const SEQ_CEILING = Number.MAX_SAFE_INTEGER;

/** Posts, comments and reactions: rows in, records out. */
export class ContentStore {
  constructor(
    private readonly db: Db,
    private readonly postUrl: (id: string) => string,
  ) {}

  insertPost(accountId: string, body: string, state: ModerationState, reason: string | null, at: number): string {
    const id = newId('p');
    this.db
      .prepare(
        'INSERT INTO posts (id, account_id, body, created_at, moderation_state, moderation_reason) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(id, accountId, body, at, state, reason);
    return id;
  }

  insertComment(
    postId: string,
    accountId: string,
    body: string,
    state: ModerationState,
    reason: string | null,
    at: number,
  ): string {
    const id = newId('c');
    this.db
      .prepare(
        `INSERT INTO comments (id, post_id, account_id, body, created_at, moderation_state, moderation_reason)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, postId, accountId, body, at, state, reason);
    return id;
  }

  insertReaction(postId: string, accountId: string, kind: ReactionKind, at: number): string {
    const id = newId('r');
    this.db
      .prepare('INSERT INTO reactions (id, post_id, account_id, kind, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(id, postId, accountId, kind, at);
    return id;
  }

  getPost(id: string): PostRow | undefined {
    const row = this.db.prepare<[string], JoinedPostRow>(`${POST_SELECT} WHERE p.id = ?`).get(id);
    return row ? toPostRow(row) : undefined;
  }

  /** Published posts with seq below `beforeSeq`, newest first; `limit + 1` rows tell whether more follow. */
  publishedBefore(beforeSeq: number, limit: number): PostRow[] {
    return this.db
      .prepare<[number, number], JoinedPostRow>(
        `${POST_SELECT} WHERE p.moderation_state = 'published' AND p.seq < ? ORDER BY p.seq DESC LIMIT ?`,
      )
      .all(beforeSeq, limit)
      .map(toPostRow);
  }

  /** Posts in any moderation state with seq below `beforeSeq`, newest first (dialects whose pages they use up). */
  postsBefore(beforeSeq: number, limit: number): PostRow[] {
    return this.db
      .prepare<[number, number], JoinedPostRow>(`${POST_SELECT} WHERE p.seq < ? ORDER BY p.seq DESC LIMIT ?`)
      .all(beforeSeq, limit)
      .map(toPostRow);
  }

  /** Takes a post down (a moderator removed it): it leaves the timeline, and writes to it are refused. */
  removePost(id: string, reason: string): boolean {
    return (
      this.db
        .prepare("UPDATE posts SET moderation_state = 'rejected', moderation_reason = ? WHERE id = ?")
        .run(reason, id).changes > 0
    );
  }

  /** Public post records (with comment and reaction counts) for these rows, in the same order. */
  postRecords(rows: readonly PostRow[]): PostRecord[] {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const marks = ids.map(() => '?').join(',');
    const commentCounts = new Map<string, number>();
    for (const r of this.db
      .prepare<string[], { post_id: string; n: number }>(
        `SELECT post_id, COUNT(*) AS n FROM comments
         WHERE moderation_state = 'published' AND post_id IN (${marks}) GROUP BY post_id`,
      )
      .all(...ids)) {
      commentCounts.set(r.post_id, r.n);
    }
    const reactionCounts = new Map<string, Record<ReactionKind, number>>();
    for (const r of this.db
      .prepare<string[], { post_id: string; kind: ReactionKind; n: number }>(
        `SELECT post_id, kind, COUNT(*) AS n FROM reactions WHERE post_id IN (${marks}) GROUP BY post_id, kind`,
      )
      .all(...ids)) {
      const counts = reactionCounts.get(r.post_id) ?? zeroCounts();
      if (r.kind in counts) counts[r.kind] = r.n;
      reactionCounts.set(r.post_id, counts);
    }
    return rows.map((row) => ({
      id: row.id,
      type: 'post',
      body: row.body,
      author: row.author,
      createdAt: isoTime(row.createdAt),
      commentCount: commentCounts.get(row.id) ?? 0,
      reactionCounts: reactionCounts.get(row.id) ?? zeroCounts(),
      url: this.postUrl(row.id),
    }));
  }

  /** The post as its author sees it: the public record plus its moderation state. */
  authoredPost(id: string): AuthoredPostRecord | undefined {
    const row = this.getPost(id);
    if (!row) return undefined;
    const [record] = this.postRecords([row]);
    return record ? { ...record, moderation: moderationOf(row.state, row.reason) } : undefined;
  }

  getComment(id: string): CommentRecord | undefined {
    const row = this.db.prepare<[string], JoinedCommentRow>(`${COMMENT_SELECT} WHERE c.id = ?`).get(id);
    return row ? toComment(row) : undefined;
  }

  /** Comments of a post, oldest first: the published ones, plus the viewer's own in any state. */
  commentsFor(postId: string, viewerAccountId: string | null): CommentRecord[] {
    return this.db
      .prepare<[string, string], JoinedCommentRow>(
        `${COMMENT_SELECT} WHERE c.post_id = ? AND (c.moderation_state = 'published' OR c.account_id = ?)
         ORDER BY c.seq ASC`,
      )
      .all(postId, viewerAccountId ?? '')
      .map(toComment);
  }

  getReaction(id: string, created: boolean): ReactionRecord | undefined {
    const row = this.db
      .prepare<
        [string],
        {
          id: string;
          post_id: string;
          kind: ReactionKind;
          created_at: number;
          author_id: string;
          handle: string;
          display_name: string;
        }
      >(
        `SELECT r.id, r.post_id, r.kind, r.created_at, a.id AS author_id, a.handle, a.display_name
         FROM reactions r JOIN accounts a ON a.id = r.account_id WHERE r.id = ?`,
      )
      .get(id);
    if (!row) return undefined;
    return {
      id: row.id,
      type: 'reaction',
      postId: row.post_id,
      kind: row.kind,
      author: { id: row.author_id, handle: row.handle, displayName: row.display_name },
      createdAt: isoTime(row.created_at),
      created,
    };
  }

  /** The id of an account's existing reaction of this kind on this post, if any. */
  findReactionId(postId: string, accountId: string, kind: ReactionKind): string | undefined {
    return this.db
      .prepare<[string, string, string], { id: string }>(
        'SELECT id FROM reactions WHERE post_id = ? AND account_id = ? AND kind = ?',
      )
      .get(postId, accountId, kind)?.id;
  }
}

function zeroCounts(): Record<ReactionKind, number> {
  const counts = {} as Record<ReactionKind, number>;
  for (const kind of REACTION_KINDS) counts[kind] = 0;
  return counts;
}

function toPostRow(row: JoinedPostRow): PostRow {
  return {
    seq: row.seq,
    id: row.id,
    body: row.body,
    createdAt: row.created_at,
    state: row.moderation_state,
    reason: row.moderation_reason,
    author: { id: row.author_id, handle: row.handle, displayName: row.display_name },
  };
}

function toComment(row: JoinedCommentRow): CommentRecord {
  return {
    id: row.id,
    type: 'comment',
    postId: row.post_id,
    body: row.body,
    author: { id: row.author_id, handle: row.handle, displayName: row.display_name },
    createdAt: isoTime(row.created_at),
    moderation: moderationOf(row.moderation_state, row.moderation_reason),
  };
}
