import type { ReactionKind } from '../scopes.js';
import type { Author } from './accounts.js';

/** Where a contribution stands after the moderation pipeline. */
export type ModerationState = 'published' | 'held' | 'rejected';

/** The moderation outcome as shown to a contribution's author. */
export interface Moderation {
  state: ModerationState;
  reason?: string;
}

/** A post as it appears on the site (timeline items). */
export interface PostRecord {
  id: string;
  type: 'post';
  body: string;
  author: Author;
  createdAt: string;
  commentCount: number;
  reactionCounts: Record<ReactionKind, number>;
  url: string;
}

/** A post as returned to its author (create response, webhook event). */
export interface AuthoredPostRecord extends PostRecord {
  moderation: Moderation;
}

/** A comment as returned to its author (create response, webhook event). */
export interface CommentRecord {
  id: string;
  type: 'comment';
  postId: string;
  body: string;
  author: Author;
  createdAt: string;
  moderation: Moderation;
}

/** A reaction; `created` is false when the same account had already placed the same kind on the post. */
export interface ReactionRecord {
  id: string;
  type: 'reaction';
  postId: string;
  kind: ReactionKind;
  author: Author;
  createdAt: string;
  created: boolean;
}

/** Builds the moderation object, leaving `reason` out when there is none. */
export function moderationOf(state: ModerationState, reason: string | null): Moderation {
  return reason === null ? { state } : { state, reason };
}

/** Timestamps are ISO 8601 in UTC with milliseconds. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
