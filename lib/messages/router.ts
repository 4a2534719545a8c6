import type { z } from 'zod';
import { type AnyReply, fail } from './envelope';
import { isMessageName, type MessageName, protocol, type ReplyData, type RequestData } from './protocol';
import { createRateCap, DEFAULT_CONTENT_RATE, type RateCap } from './rate-cap';
import { toFailure } from './reply';
import { classifySender, type ExtensionIdentity, type SenderInfo } from './sender';

/** What a handler learns besides the request: who sent it. */
export interface HandlerContext {
  sender: SenderInfo;
}

/** Implements one message. Throw an ApiError or a MessageError to answer `{ok:false}`. */
export type Handler<N extends MessageName> = (
  request: RequestData<N>,
  context: HandlerContext,
) => ReplyData<N> | Promise<ReplyData<N>>;

/** One handler per message of the table: a missing one is a compile error. */
export type Handlers = { [N in MessageName]: Handler<N> };

/** How the router knows us, counts time and caps content scripts. */
export interface RouterOptions extends ExtensionIdentity {
  /** Clock in epoch ms (retryAt of rate limits, the per-tab cap). Default `Date.now`. */
  now?: () => number;
  /** Per-tab cap on content-script messages; `false` turns it off. Default {@link DEFAULT_CONTENT_RATE}. */
  contentRate?: { perSecond: number; burst: number } | false;
  /** Told about errors that reach the caller only as `internal`, so they can be reported without leaking. */
  onInternalError?: (error: unknown, name: MessageName) => void;
}

/**
 * The background's door: `(message, sender) => Promise<reply>`. Never throws, never rejects; answers
 * every message with `{ok:true,data}` or `{ok:false,error}`.
 */
export type Router = ((message: unknown, sender: unknown) => Promise<AnyReply>) & {
  /** Drops a tab's rate-cap bucket (call from `tabs.onRemoved`). */
  forgetTab(tabId: number): void;
};

/** The table's handler with its correlation erased: the router pairs name, schema and handler itself. */
type AnyHandler = (request: unknown, context: HandlerContext) => unknown;

const ENVELOPE_KEYS = new Set(['type', 'payload']);

/** `path: message` of a zod error's first issue, short and free of the input's values. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  const path = issue.path.map((p) => (typeof p === 'symbol' ? '?' : String(p).slice(0, 40))).join('.');
  return (path === '' ? issue.message : `${path}: ${issue.message}`).slice(0, 200);
}

/**
 * Creates the router. Order at the door: the sender (our extension id; extension page or content
 * script), the per-tab cap (content scripts), the envelope `{type, payload}` (a plain object with
 * only those keys, `type` an own key of the table), whether this sender may use `type`, then the
 * payload against the table's request schema. Only a valid, permitted request reaches a handler.
 */
export function createRouter(handlers: Handlers, options: RouterOptions): Router {
  const now = options.now ?? Date.now;
  const rate = options.contentRate ?? DEFAULT_CONTENT_RATE;
  const cap: RateCap | undefined = rate === false ? undefined : createRateCap({ ...rate, now });

  /** Everything before the handler: returns the call to make, or the refusal to answer. */
  function admit(
    message: unknown,
    sender: unknown,
  ): { name: MessageName; request: unknown; who: SenderInfo } | { refusal: AnyReply } {
    const who = classifySender(sender, options);
    if (who === undefined) return { refusal: fail('forbidden', 'This sender may not talk to the extension.') };
    if (who.kind === 'content' && cap !== undefined) {
      const taken = cap.take(who.tabId);
      if (!taken.ok) return { refusal: fail('rate_limited', 'Too many requests from this page.', taken.retryAt) };
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      return { refusal: fail('bad_request', 'A message must be an object {type, payload}.') };
    }
    const proto = Object.getPrototypeOf(message);
    if (proto !== Object.prototype && proto !== null) {
      return { refusal: fail('bad_request', 'A message must be a plain object.') };
    }
    for (const key of Reflect.ownKeys(message)) {
      if (typeof key !== 'string' || !ENVELOPE_KEYS.has(key)) {
        return { refusal: fail('bad_request', 'A message has only the fields type and payload.') };
      }
    }
    const record = message as Record<string, unknown>;
    const type = Object.hasOwn(record, 'type') ? record.type : undefined;
    if (!isMessageName(type)) {
      const shown = typeof type === 'string' && /^[A-Za-z]{1,40}$/.test(type) ? ` "${type}"` : '';
      return { refusal: fail('bad_request', `Unknown message type${shown}.`) };
    }
    const def = protocol[type];
    if (who.kind === 'content' && !def.content) {
      return { refusal: fail('forbidden', `${type} is not available to web pages.`) };
    }
    const parsed = def.request.safeParse(Object.hasOwn(record, 'payload') ? record.payload : undefined);
    if (!parsed.success) {
      return { refusal: fail('bad_request', `Invalid ${type} request: ${describeIssue(parsed.error)}`) };
    }
    return { name: type, request: parsed.data, who };
  }

  const router = async (message: unknown, sender: unknown): Promise<AnyReply> => {
    let admitted: ReturnType<typeof admit>;
    try {
      admitted = admit(message, sender);
    } catch {
      // Getters that throw, proxies, revoked objects: whatever it was, it was not a valid message.
      return fail('bad_request', 'The message could not be read.');
    }
    if ('refusal' in admitted) return admitted.refusal;
    const { name, request, who } = admitted;
    const handler = Object.hasOwn(handlers, name) ? (handlers[name] as unknown as AnyHandler) : undefined;
    if (typeof handler !== 'function') return fail('unavailable', `${name} is not available yet.`);
    try {
      const data = await handler(request, { sender: who });
      return { ok: true, data: data === undefined ? null : data };
    } catch (error) {
      const failure = toFailure(error, now());
      if (failure.error.code === 'internal') {
        try {
          options.onInternalError?.(error, name);
        } catch {
          // A failing reporter must not turn into an unanswered message.
        }
      }
      return failure;
    }
  };
  return Object.assign(router, { forgetTab: (tabId: number) => cap?.forget(tabId) });
}

/**
 * Adapts the router to `runtime.onMessage` in every browser: answers through `sendResponse` and
 * returns `true` (keep the channel open), which Chrome without a polyfill, the polyfill and Firefox
 * all honour, instead of relying on a returned promise.
 */
export function toRuntimeListener(
  router: Router,
): (message: unknown, sender: unknown, sendResponse: (reply: AnyReply) => void) => true {
  return (message, sender, sendResponse) => {
    void router(message, sender).then(sendResponse);
    return true;
  };
}
