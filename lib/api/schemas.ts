import { z } from '@/lib/zod';

/*
 * Response schemas. The spec promises only a few fields (`id` on returned contributions; `items` and
 * `nextCursor` on a timeline page): those are required. Everything else is an optional, typed *view*:
 * a field of the wrong type becomes `undefined` instead of failing the record (`.catch`), because the
 * spec never promised it, and unknown fields pass through untouched (loose objects).
 */

/** An optional string field that never fails the record it is in. */
const optString = z.string().optional().catch(undefined);

/** An optional non-negative count that never fails the record it is in. */
const optCount = z.number().int().nonnegative().optional().catch(undefined);

/** The author of a contribution, or the account of a key (`GET /v1/me`), as far as the server tells. */
export const authorSchema = z.looseObject({
  id: optString,
  handle: optString,
  displayName: optString,
});
export type Author = z.infer<typeof authorSchema>;

/** Moderation state of a contribution, as returned to its author on create. */
export const moderationSchema = z.looseObject({
  /** `published`, `held` or `rejected` on the sandbox; any string from a real server. */
  state: optString,
  reason: optString,
});
export type Moderation = z.infer<typeof moderationSchema>;

/** A returned post or comment. Only `id` is promised by the spec. */
export const contributionSchema = z.looseObject({
  id: z.string().min(1),
  type: optString,
  /** The text. Untrusted: render as text, never as HTML. */
  body: optString,
  postId: optString,
  author: authorSchema.optional().catch(undefined),
  createdAt: optString,
  commentCount: optCount,
  reactionCounts: z.record(z.string(), z.number().int().nonnegative()).optional().catch(undefined),
  moderation: moderationSchema.optional().catch(undefined),
  url: optString,
});
export type Contribution = z.infer<typeof contributionSchema>;

/** A page of the public timeline: `items` and `nextCursor` are promised (null on the last page). */
export const timelinePageSchema = z.looseObject({
  items: z.array(contributionSchema),
  nextCursor: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;

/** The record returned for a reaction: the spec shows no fields, so nothing is required. */
export const reactionSchema = z.looseObject({
  id: optString,
  postId: optString,
  kind: optString,
  /** Sandbox: false when an identical reaction already existed (no budget spent). */
  created: z.boolean().optional().catch(undefined),
  createdAt: optString,
});
export type Reaction = z.infer<typeof reactionSchema>;

/** The key check (`GET /v1/me`): fields are not shown by the spec; account and scopes when present. */
export const meSchema = z.looseObject({
  account: authorSchema.optional().catch(undefined),
  scopes: z.array(z.string()).optional().catch(undefined),
  key: z.looseObject({ id: optString, last4: optString }).optional().catch(undefined),
});
export type Me = z.infer<typeof meSchema>;
