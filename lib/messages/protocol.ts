import { accountSchema } from '@/lib/storage/account-check';
import { settingsSchema } from '@/lib/storage/settings';
import { z } from '@/lib/zod';
import {
  accountIdSchema,
  accountViewSchema,
  baseUrlSchema,
  bodySchema,
  cursorSchema,
  enqueueWriteSchema,
  handedDraftSchema,
  idSchema,
  keySchema,
  labelSchema,
  none,
  outboxItemSchema,
  outboxPageRequestSchema,
  outboxSummarySchema,
  pageReachSchema,
  pauseSchema,
  postViewSchema,
  reactionKindSchema,
  sendAtSchema,
  writeAckSchema,
  writeRequestSchema,
} from './fields';
import { MAX_PAGE_URL_LENGTH } from './limits';
import { linkMessages } from './link-protocol';
import { savedMessages } from './saved-protocol';
import { siteMessages } from './site-protocol';
import { syncMessages, syncViewSchema } from './sync-protocol';

/** Who may send a message: extension pages (popup, side panel, options) or also content scripts. */
export type SenderKind = 'extension' | 'content';

/** One entry of the protocol table. */
export interface MessageDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Content scripts may send it too; otherwise extension pages only. */
  content: boolean;
  request: Req;
  reply: Res;
}

/** A request naming an account, or nothing (the default account). */
const accountOnly = z.strictObject({ account: accountIdSchema.optional() }).optional();

/** The timeline page as extension pages get it: the API's loose records, passed through. */
const timelinePageReply = z.object({ items: z.array(postViewSchema), nextCursor: z.string().nullable() });

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
      /** Every account, the default first-class: the top-level key, account and pause are the default's. */
      accounts: z.array(accountViewSchema),
      defaultAccount: z.string().nullable(),
      /** Platform origin → the account last chosen there (replies and reactions default to it). */
      lastUsed: z.record(z.string(), z.string()),
      /** Sync, as the options page shows it (absent before the background said). */
      sync: syncViewSchema.optional(),
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
      notify: settingsSchema.shape.notify.optional(),
      mutedWords: settingsSchema.shape.mutedWords.optional(),
      mutedAuthors: settingsSchema.shape.mutedAuthors.optional(),
      keys: settingsSchema.shape.keys.optional(),
    }),
    reply: settingsSchema.extend({ keyRemovedFor: z.string().optional() }),
  },
  /**
   * Stores an account's API key (the default account's when none is named) in the vault. Write-only:
   * the reply carries its last 4 characters, never the key.
   */
  saveKey: {
    content: false,
    request: z.strictObject({ key: keySchema, account: accountIdSchema.optional() }),
    reply: z.object({ last4: z.string() }),
  },
  /** Forgets an account's API key (the default account's when none is named). */
  clearKey: { content: false, request: accountOnly, reply: z.null() },
  /** `GET /v1/me` with an account's key (the default's when none is named): the account and scopes it reports. */
  checkKey: {
    content: false,
    request: accountOnly,
    reply: z.object({ account: accountSchema.nullable(), scopes: z.array(z.string()).nullable() }),
  },
  /** Adds an account (address, key, label) and checks its key; the first one becomes the default. */
  addAccount: {
    content: false,
    request: z.strictObject({
      baseUrl: baseUrlSchema.refine((url) => url !== '', 'An account needs an address.'),
      key: keySchema,
      label: labelSchema.optional(),
    }),
    reply: accountViewSchema,
  },
  /** Renames an account or sets its reserve (writes per window kept for the website and app). */
  updateAccount: {
    content: false,
    request: z.strictObject({
      id: accountIdSchema,
      label: labelSchema.optional(),
      reserve: z.number().int().min(0).max(1000).optional(),
    }),
    reply: accountViewSchema,
  },
  /** Makes an account the default (the inline bars, menus and timeline use it). */
  setDefaultAccount: { content: false, request: z.strictObject({ id: accountIdSchema }), reply: z.null() },
  /**
   * Removes an account and its key. Its writes not yet sent: `discard` them, or `move` them to
   * another account (`moveTo`); with writes waiting and no choice, it is refused (`not_allowed`).
   */
  removeAccount: {
    content: false,
    request: z.strictObject({
      id: accountIdSchema,
      waiting: z.enum(['discard', 'move']).optional(),
      moveTo: accountIdSchema.optional(),
    }),
    reply: z.object({ discarded: z.number(), moved: z.number() }),
  },
  /** One page of the public timeline (first page without cursor), read with an account's key (the default's). */
  getTimelinePage: {
    content: false,
    request: z.strictObject({
      cursor: cursorSchema.optional(),
      limit: z.number().int().min(1).max(100).optional(),
      account: accountIdSchema.optional(),
    }),
    reply: timelinePageReply,
  },
  /**
   * "This page": the posts the extension has already read that link to `url` (the active tab's
   * address, sent by the side panel), matched here against the timeline pages read so far; never
   * sent to the network, never logged. With how far back it looked. Extension pages only: a page's
   * script must not learn what the user's reading covered.
   */
  getPagePosts: {
    content: false,
    request: z.strictObject({ url: z.string().max(MAX_PAGE_URL_LENGTH), account: accountIdSchema.optional() }),
    reply: z.object({ posts: z.array(postViewSchema), reach: pageReachSchema }),
  },
  /**
   * "Read further": reads up to `pages` more timeline pages past the oldest read (requests carry only
   * the cursor), for "This page" to look further back. Answers the new reach.
   */
  readFurther: {
    content: false,
    request: z.strictObject({ pages: z.number().int().min(1).max(10).optional(), account: accountIdSchema.optional() }),
    reply: pageReachSchema,
  },
  /** Puts a write in the Outbox, `as` an account (the default's when absent); resolves once it is durable. */
  enqueueWrite: { content: false, request: enqueueWriteSchema, reply: outboxItemSchema },
  /**
   * A page of the Outbox, newest first: the items older than `cursor` (from the state push's first
   * page, or the previous answer), at most `limit` (default 100). Pages get everything else pushed.
   */
  listOutbox: {
    content: false,
    request: outboxPageRequestSchema,
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
  /** A scheduled write: another time, and for a post or reply, other words. */
  rescheduleWrite: {
    content: false,
    request: z.strictObject({ id: idSchema, sendAt: sendAtSchema, body: bodySchema.optional() }),
    reply: outboxItemSchema,
  },
  /** "Send now" for a scheduled write: to the back of its account's queue at once. */
  sendWriteNow: { content: false, request: z.strictObject({ id: idSchema }), reply: outboxItemSchema },
  /** Removes an item from the Outbox (a scheduled one: its Cancel). */
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
  openWithDraft: { content: false, request: handedDraftSchema, reply: z.null() },
  /**
   * Extension pages: the side panel takes the draft handed to its composer (the pushes'
   * `pendingDraft` says one waits). Answered once, then cleared: two open panels never both apply it.
   */
  takePendingDraft: { content: false, request: none, reply: handedDraftSchema.nullable() },
  ...savedMessages,
  ...linkMessages,
  ...siteMessages,
  ...syncMessages,
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
