import { authorSchema, contributionSchema, moderationSchema } from '@/lib/api/schemas';
import { accountCheckSchema } from '@/lib/storage/account-check';
import { MAX_DRAFT_LENGTH } from '@/lib/storage/draft-limit';
import { z } from '@/lib/zod';
import { ID_PATTERN, MAX_BODY_LENGTH, MAX_ID_LENGTH } from './limits';

/**
 * A post (or comment) as the extension's pages see it: the API door's one model (lib/api/normalize.ts),
 * whatever server answered, with its known fields only. The API's own record is loose (a server's
 * unknown fields pass the door untouched); none of them travels to a page or into the panel's
 * cache: the background sends `toPostView`'s copy, and a page's reply check strips again. Pages take
 * it from here, never from lib/api.
 */
/** The request of a message that takes nothing: `{}` or no payload at all. */
export const none = z.strictObject({}).optional();

export const postViewSchema = z.object({
  ...contributionSchema.shape,
  author: z.object(authorSchema.shape).optional().catch(undefined),
  moderation: z.object(moderationSchema.shape).optional().catch(undefined),
});
export type PostView = z.infer<typeof postViewSchema>;

/** A post of the API as pages get it: its known fields, nothing a server added. */
export function toPostView(post: unknown): PostView {
  return postViewSchema.parse(post);
}

/*
 * The building blocks of the protocol table: bounded request fields (checked at the door, strict)
 * and the shapes of reply data (plain objects: replies come from our own background).
 */

/** Lone UTF-16 surrogates and NUL: the API refuses them, so we do at the door. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const sendable = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** An id (post id, Outbox item id): ≤ 100 characters of `A–Z a–z 0–9 _ - : .`, never starting with `.`. */
export const idSchema = z
  .string()
  .max(MAX_ID_LENGTH, `An id has at most ${MAX_ID_LENGTH} characters.`)
  .regex(ID_PATTERN, 'Not a valid id.');

/** The text of a post or comment: trimmed, non-empty, at most {@link MAX_BODY_LENGTH}. */
export const bodySchema = z
  .string()
  // Refuse absurd input before trimming it.
  .max(MAX_BODY_LENGTH * 10, `The text is longer than ${MAX_BODY_LENGTH} characters.`)
  .trim()
  .min(1, 'The text is empty.')
  .max(MAX_BODY_LENGTH, `The text is longer than ${MAX_BODY_LENGTH} characters.`)
  .refine(sendable, 'The text contains characters that cannot be sent.');

/** A reaction kind as the API names it (`well_sourced`). */
export const reactionKindSchema = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'Not a valid reaction kind.');

/** An opaque timeline cursor, as the API returned it. */
export const cursorSchema = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^[\x21-\x7e]+$/, 'Not a valid cursor.');

/** The API base URL: http(s), no credentials; `''` means not configured. */
export const baseUrlSchema = z.union([
  z.literal(''),
  z
    .string()
    .max(2048)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    }, 'Not an http(s) address.'),
]);

/** A write, as the Outbox takes it. */
export const writeRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('post'), body: bodySchema }),
  z.strictObject({ kind: z.literal('comment'), postId: idSchema, body: bodySchema }),
  z.strictObject({ kind: z.literal('reaction'), postId: idSchema, reaction: reactionKindSchema }),
]);
export type WriteRequestInput = z.input<typeof writeRequestSchema>;

/** An account's id (lib/storage/accounts.ts). */
export const accountIdSchema = z.string().regex(/^acct-[a-z0-9-]{1,40}$/, 'Not an account id.');

/** A write from an extension page, and who speaks: `as` an account (the default when absent). */
/** A time the user chose for a write to go (epoch ms; how far ahead is checked by the Outbox). */
export const sendAtSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const enqueueWriteSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('post'),
    body: bodySchema,
    as: accountIdSchema.optional(),
    sendAt: sendAtSchema.optional(),
  }),
  z.strictObject({
    kind: z.literal('comment'),
    postId: idSchema,
    body: bodySchema,
    as: accountIdSchema.optional(),
    sendAt: sendAtSchema.optional(),
  }),
  z.strictObject({
    kind: z.literal('reaction'),
    postId: idSchema,
    reaction: reactionKindSchema,
    as: accountIdSchema.optional(),
  }),
]);

/** Which page of the Outbox `listOutbox` asks for: older than `cursor` (a `seq`), at most `limit`. */
export const outboxPageRequestSchema = z
  .strictObject({
    cursor: z
      .string()
      .regex(/^\d{1,16}$/)
      .optional(),
    limit: z.number().int().min(1).max(200).optional(),
  })
  .optional();

/** An API key as the user pastes it: 8 or more visible ASCII characters. */
export const keySchema = z
  .string()
  .max(4096)
  .trim()
  .regex(/^[\x21-\x7e]{8,4096}$/, 'An API key is 8 or more visible characters without spaces.');

/** An account's label. */
export const labelSchema = z.string().trim().max(40, 'A label has at most 40 characters.');

// ---- Reply shapes -------------------------------------------------------------------------------

/** The states of an Outbox item. */
export const itemStatusSchema = z.enum(['queued', 'sending', 'sent', 'waiting', 'failed', 'uncertain', 'scheduled']);
export type ItemStatusView = z.infer<typeof itemStatusSchema>;

/** Why a write failed, as plain data. */
export const failureReasonSchema = z.object({
  kind: z.string(),
  message: z.string(),
  status: z.number().optional(),
  scope: z.string().optional(),
  reason: z.string().optional(),
  mayHaveLanded: z.boolean().optional(),
});

/** Where an Outbox item is (times: epoch ms). */
export const itemStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('queued') }),
  z.object({ status: z.literal('sending'), since: z.number() }),
  z.object({
    status: z.literal('sent'),
    id: z.string().optional(),
    at: z.number(),
    since: z.number().optional(),
    settled: z.boolean().optional(),
    twins: z.array(z.string()).optional(),
    moderation: z.literal('held').optional(),
  }),
  z.object({ status: z.literal('waiting'), until: z.number() }),
  z.object({ status: z.literal('failed'), reason: failureReasonSchema, at: z.number() }),
  z.object({ status: z.literal('uncertain'), since: z.number(), at: z.number(), detail: z.string() }),
  z.object({ status: z.literal('scheduled'), sendAt: z.number() }),
]);

/** One Outbox item as extension pages see it. */
export const outboxItemSchema = z.object({
  id: z.string(),
  account: z.string(),
  seq: z.number(),
  request: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('post'), body: z.string() }),
    z.object({ kind: z.literal('comment'), postId: z.string(), body: z.string() }),
    z.object({ kind: z.literal('reaction'), postId: z.string(), reaction: z.string() }),
  ]),
  state: itemStateSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
  attempts: z.number(),
  resends: z.number(),
  lastError: failureReasonSchema.optional(),
  /** A scheduled write that went: the time chosen, and when it went. */
  scheduled: z.object({ sendAt: z.number(), wentAt: z.number() }).optional(),
});
export type OutboxItemView = z.infer<typeof outboxItemSchema>;

/** What a content script learns about a write it asked for: no body, no account. */
export const writeAckSchema = z.object({
  id: z.string(),
  status: itemStatusSchema,
  /** Held for its Undo window until then (epoch ms). */
  heldUntil: z.number().optional(),
});

/** Counts of Outbox items per state, and the pending total (queued + waiting + sending). */
export const outboxSummarySchema = z.object({
  counts: z.record(itemStatusSchema, z.number()),
  pending: z.number(),
  worst: itemStatusSchema.nullable(),
});

/** Why writes are not going out right now; every field null when they are. */
export const pauseSchema = z.object({
  /** A 429 named this absolute time (ms): no write before it. */
  rateLimitedUntil: z.number().nullable(),
  /** The key is disabled: the server's reason and the next probe (ms). */
  disabled: z.object({ reason: z.string(), nextProbeAt: z.number() }).nullable(),
  /** Offline: the next retry (ms). */
  offlineUntil: z.number().nullable(),
  /** The rate-limit time is the fallback wait after a write whose answer was lost, not a heard 429. */
  lostAnswer: z.boolean().optional(),
  /** The drainer itself failed: why, and when it tries again (ms). */
  drainFailed: z.object({ message: z.string(), retryAt: z.number() }).nullable().optional(),
  /**
   * Addresses (API base URLs) with writes that wait for a key given for them: queued there before
   * the address changed, never sent with another address's key.
   */
  needsKey: z.array(z.object({ baseUrl: z.string(), pending: z.number() })).optional(),
});

/** An account's pause, as its row and the Outbox header show it (times: epoch ms). */
export const accountPauseSchema = z.object({
  rateLimitedUntil: z.number().nullable(),
  disabled: z.object({ reason: z.string(), nextProbeAt: z.number() }).nullable(),
  offlineUntil: z.number().nullable(),
  lostAnswer: z.boolean(),
});

/** One account as extension pages see it: never its key, only whether one is saved and its last 4. */
export const accountViewSchema = z.object({
  id: z.string(),
  /** Its label, else the handle its key check gave, else its host. */
  name: z.string(),
  label: z.string(),
  baseUrl: z.string(),
  origin: z.string(),
  key: z.object({ set: z.boolean(), last4: z.string().nullable() }),
  check: accountCheckSchema.nullable(),
  reserve: z.number(),
  isDefault: z.boolean(),
  /** Its writes not yet sent or decided (queued, waiting, sending). */
  pending: z.number(),
  pause: accountPauseSchema,
  /** What is known of its write budget: announced by the server's headers, or learned from its 429s. */
  budget: z
    .object({
      source: z.enum(['announced', 'learned']),
      limit: z.number().optional(),
      remaining: z.number().optional(),
      windowMs: z.number().optional(),
      resetAt: z.number().optional(),
    })
    .nullable()
    .optional(),
  /** Held back to keep its reserve free for the website, until then (epoch ms). */
  pacedUntil: z.number().nullable().optional(),
});
export type AccountView = z.infer<typeof accountViewSchema>;

/** How far back "This page" has looked through the posts read (lib/links/page-index.ts). */
export const pageReachSchema = z.object({
  posts: z.number().int().nonnegative(),
  oldestAt: z.string().nullable(),
  end: z.boolean(),
  full: z.boolean(),
});

/** A draft handed to the side panel's composer: a new post (a quote) or a reply to a post. */
export const handedDraftSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('post'), text: z.string().max(MAX_DRAFT_LENGTH) }),
  z.strictObject({ kind: z.literal('reply'), postId: idSchema, text: z.string().max(MAX_DRAFT_LENGTH) }),
]);
