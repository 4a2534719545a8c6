import { API_ERROR_KINDS, type ApiErrorKind } from '@/lib/api/errors';
import type { MessageName, ReplyData } from './protocol';

/*
 * The reply envelope every message answers with, and the state port's name, without zod: pages
 * build and read envelopes before the schema library is loaded (the side panel paints first and
 * checks replies right after). `reply.ts` holds the schemas that check them.
 */

/** Error codes a reply can carry: the API client's kinds, plus the message layer's own. */
export const ERROR_CODES = [
  // ApiError kinds, unchanged, so the UI maps one set of codes to words.
  ...API_ERROR_KINDS,
  /** The message was malformed: unknown type, wrong shape, out-of-bounds field. */
  'bad_request',
  /** The sender may not send this message (not our extension, or a content script asking for more). */
  'forbidden',
  /** The action does not fit the current state (e.g. resending an item that is being sent). */
  'not_allowed',
  /** The background did not answer (not running, no handler, reply lost or malformed). */
  'unavailable',
  /** The browser refused to store it: its storage is full. Nothing was saved, nothing lost. */
  'storage_full',
  /** Something failed inside the background; details stay there. */
  'internal',
] as const satisfies readonly (ApiErrorKind | string)[];
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The error half of a reply. `retryAt` (epoch ms) is set for rate limits. */
export interface ReplyError {
  code: ErrorCode;
  message: string;
  retryAt?: number | undefined;
}

/** A reply: `{ok:true, data}` or `{ok:false, error}`. */
export type Reply<N extends MessageName> = { ok: true; data: ReplyData<N> } | { ok: false; error: ReplyError };
/** A reply of any message, as the router produces it. */
export type AnyReply = { ok: true; data: unknown } | { ok: false; error: ReplyError };

/** The name of the long-lived port extension pages open to receive state pushes (lib/messages/push.ts). */
export const STATE_PORT = 'state';
/**
 * The name of the port a content script opens to follow the states of the posts its bars show:
 * it says `{watch: [postIds]}`, the background answers `{posts: [PostStateView]}` at once and again
 * for each post whose state changes (entrypoints/background/post-state-ports.ts).
 */
export const POST_STATES_PORT = 'post-states';

const MAX_MESSAGE = 500;

/** Builds a failed reply. */
export function fail(code: ErrorCode, message: string, retryAt?: number): { ok: false; error: ReplyError } {
  const text = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
  return { ok: false, error: retryAt === undefined ? { code, message: text } : { code, message: text, retryAt } };
}
