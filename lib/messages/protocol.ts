import { contributionSchema } from '@/lib/api/schemas';
import { settingsSchema } from '@/lib/storage/settings';
import { z } from '@/lib/zod';
import {
  accountSchema,
  baseUrlSchema,
  bodySchema,
  cursorSchema,
  idSchema,
  outboxItemSchema,
  outboxSummarySchema,
  pauseSchema,
  reactionKindSchema,
  writeAckSchema,
  writeRequestSchema,
} from './fields';
import { MAX_DRAFT_LENGTH } from './limits';

/** Who may send a message: extension pages (popup, side panel, options) or also content scripts. */
export type SenderKind = 'extension' | 'content';

/** One entry of the protocol table. */
export interface MessageDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Content scripts may send it too; otherwise extension pages only. */
  content: boolean;
  request: Req;
  reply: Res;
}

/** The request of a message that takes nothing: `{}` or no payload at all. */
const none = z.strictObject({}).optional();

/** The timeline page as extension pages get it: the API's loose records, passed through. */
const timelinePageReply = z.object({ items: z.array(contributionSchema), nextCursor: z.string().nullable() });

/**
 * THE protocol: every message between a UI context and the background. Name → who may send it →
 * zod request (strict, bounded: parsed at the door) → zod reply data. Types at both ends come from here.
 */
export const protocol = {
  /** Key set? (last 4 only), account and scopes from the last check, Outbox counts, pause state. */
  getStatus: {
    content: false,
    request: none,
    reply: z.object({
      baseUrl: z.string(),
      /** Whether a key is saved, its last 4 characters and the origin it was given for. */
      key: z.object({ set: z.boolean(), last4: z.string().nullable(), origin: z.string().nullable().optional() }),
      account: accountSchema.nullable(),
      scopes: z.array(z.string()).nullable(),
      outbox: outboxSummarySchema,
      pause: pauseSchema,
    }),
  },
  /** The user's settings (nothing secret in them). */
  getSettings: { content: false, request: none, reply: settingsSchema },
  /**
   * Saves a change to the settings (`baseUrl: ''` clears it); answers the whole settings, and the
   * origin of the key removed when the address moved to another origin (a key serves one origin).
   */
  saveSettings: {
    content: false,
    request: z.strictObject({
      baseUrl: baseUrlSchema.optional(),
      reactionKinds: settingsSchema.shape.reactionKinds.optional(),
      linkPatterns: settingsSchema.shape.linkPatterns.optional(),
      decorateAllSites: settingsSchema.shape.decorateAllSites.optional(),
      excludedHosts: settingsSchema.shape.excludedHosts.optional(),
      keepSent: settingsSchema.shape.keepSent.optional(),
      keepSentDays: settingsSchema.shape.keepSentDays.optional(),
    }),
    reply: settingsSchema.extend({ keyRemovedFor: z.string().optional() }),
  },
  /**
   * Content script: what it needs to find and decorate post links: the platform's site origin (from
   * the base URL), the extra permalink patterns and the reaction kinds. Settings only, no secrets;
   * the exclusions are applied here (a page on an excluded site gets `decorate: false` and nothing
   * else), never sent to a page.
   */
  getLinkConfig: {
    content: true,
    request: none,
    reply: z.object({
      /** Whether this page gets bars at all (its host is not excluded, the site or all sites allowed). */
      decorate: z.boolean(),
      siteOrigin: z.string().nullable(),
      linkPatterns: z.array(z.string()),
      reactionKinds: settingsSchema.shape.reactionKinds,
      /** "Decorate post links on all sites" is on and the all-sites permission is granted. */
      allSites: z.boolean(),
    }),
  },
  /**
   * Content script: a post link was found in this frame, so load the inline bars' code into it
   * (the always-on script stays small; the bar script is injected on demand into the sender's frame).
   */
  loadInlineBar: { content: true, request: none, reply: z.null() },
  /** Stores the API key in the vault. Write-only: the reply carries its last 4 characters, never the key. */
  saveKey: {
    content: false,
    request: z.strictObject({
      key: z
        .string()
        .max(4096)
        .trim()
        .regex(/^[\x21-\x7e]{8,4096}$/, 'An API key is 8 or more visible characters without spaces.'),
    }),
    reply: z.object({ last4: z.string() }),
  },
  /** Forgets the API key. */
  clearKey: { content: false, request: none, reply: z.null() },
  /** `GET /v1/me` with the saved key: the account and scopes it reports. */
  checkKey: {
    content: false,
    request: none,
    reply: z.object({ account: accountSchema.nullable(), scopes: z.array(z.string()).nullable() }),
  },
  /** One page of the public timeline (first page without cursor). */
  getTimelinePage: {
    content: false,
    request: z.strictObject({ cursor: cursorSchema.optional(), limit: z.number().int().min(1).max(100).optional() }),
    reply: timelinePageReply,
  },
  /** Puts a write in the Outbox; resolves once it is durable. */
  enqueueWrite: { content: false, request: writeRequestSchema, reply: outboxItemSchema },
  /**
   * A page of the Outbox, newest first: the items older than `cursor` (from the state push's first
   * page, or the previous answer), at most `limit` (default 100). Pages get everything else pushed.
   */
  listOutbox: {
    content: false,
    request: z
      .strictObject({
        cursor: z
          .string()
          .regex(/^\d{1,16}$/)
          .optional(),
        limit: z.number().int().min(1).max(200).optional(),
      })
      .optional(),
    reply: z.object({ items: z.array(outboxItemSchema), nextCursor: z.string().nullable() }),
  },
  /** "Send again" for a failed or uncertain item. */
  retryItem: { content: false, request: z.strictObject({ id: idSchema }), reply: outboxItemSchema },
  /** Edits the body of a failed or uncertain post/comment and sends it again. */
  editAndResend: {
    content: false,
    request: z.strictObject({ id: idSchema, body: bodySchema }),
    reply: outboxItemSchema,
  },
  /** Removes an item from the Outbox. */
  discardItem: { content: false, request: z.strictObject({ id: idSchema }), reply: z.null() },
  /**
   * Content script: react to a post (equal pending reactions are coalesced by the Outbox). `hold`:
   * the bar could not prove the user saw it (Firefox): the write waits out an Undo window first.
   */
  reactToPost: {
    content: true,
    request: z.strictObject({ postId: idSchema, reaction: reactionKindSchema, hold: z.boolean().optional() }),
    reply: writeAckSchema,
  },
  /** Content script: the bar's Undo: drops a reaction from this same site still in its Undo window. */
  undoReaction: {
    content: true,
    request: z.strictObject({ postId: idSchema, reaction: reactionKindSchema }),
    reply: z.null(),
  },
  /**
   * The inline reply composer (an extension page in a frame on a site, entrypoints/reply-frame):
   * reply to a post. Never from a content script: the page's renderer must not be able to write
   * text under the user's name. `site` is the origin of the page the bar is on (its bars follow it).
   */
  replyToPost: {
    content: false,
    request: z.strictObject({ postId: idSchema, body: bodySchema, site: z.string().max(300).optional() }),
    reply: writeAckSchema,
  },
  /** Extension pages: opens the side panel's composer with a draft (no page may plant text there). */
  openWithDraft: {
    content: false,
    request: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('post'), text: z.string().max(MAX_DRAFT_LENGTH) }),
      z.strictObject({ kind: z.literal('reply'), postId: idSchema, text: z.string().max(MAX_DRAFT_LENGTH) }),
    ]),
    reply: z.null(),
  },
} as const satisfies Record<string, MessageDef>;

/** The table's type. */
export type Protocol = typeof protocol;
/** Every message name. */
export type MessageName = keyof Protocol;
/** What a sender passes (before parsing: e.g. an untrimmed body). */
export type RequestInput<N extends MessageName> = z.input<Protocol[N]['request']>;
/** What a handler receives (parsed: trimmed, defaults applied). */
export type RequestData<N extends MessageName> = z.output<Protocol[N]['request']>;
/** What a handler returns and a sender gets in `data`. */
export type ReplyData<N extends MessageName> = z.output<Protocol[N]['reply']>;

/** Every message name, in table order. */
export const MESSAGE_NAMES = Object.keys(protocol) as MessageName[];

/** The messages a content script may send. */
export const CONTENT_MESSAGES = MESSAGE_NAMES.filter((name) => protocol[name].content);

/** Narrows a string to a message name (own keys only: `toString`, `__proto__` are not messages). */
export function isMessageName(value: unknown): value is MessageName {
  return typeof value === 'string' && Object.hasOwn(protocol, value);
}

/** Re-exported for senders that build writes. */
export { bodySchema, idSchema, reactionKindSchema, writeRequestSchema };
