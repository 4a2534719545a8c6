import { fail, type Reply } from './envelope';
import type { MessageName, RequestInput } from './protocol';
import { sendRaw } from './send-raw';

/** The request argument of `name`: optional when the message takes nothing. */
export type RequestArgs<N extends MessageName> =
  undefined extends RequestInput<N> ? [request?: RequestInput<N>] : [request: RequestInput<N>];

/** `load`, called once: later calls get the same promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/**
 * The reply schemas (the protocol table, zod), loaded on first use rather than with the page: a
 * page draws what it has first (the side panel: the last opening's posts) and checks answers right
 * after. Call it early where an answer is needed soon, so the load overlaps the wait.
 */
export const loadReplyChecks = once(() => import('./reply'));

/** The state-push schema (same chunk as the reply schemas), loaded with the first push. */
export const loadPushChecks = once(() => import('./push'));

/** Checks a raw reply of `name` (see `parseReply`): a wrong shape comes back as `unavailable`. */
export async function checkReply<N extends MessageName>(name: N, raw: unknown): Promise<Reply<N>> {
  try {
    return (await loadReplyChecks()).parseReply(name, raw);
  } catch {
    // The extension was updated under this page and the old chunk is gone.
    return fail('unavailable', 'The extension was updated. Close and reopen this page.');
  }
}

/**
 * Sends a message to the background and returns its checked reply. Never rejects: no background,
 * a rejected call or a reply of the wrong shape all come back as `{ok:false, error:{code:'unavailable'}}`.
 */
export async function sendMessage<N extends MessageName>(name: N, ...args: RequestArgs<N>): Promise<Reply<N>> {
  const sent = await sendRaw(name, args[0]);
  if (sent === undefined) return fail('unavailable', 'The extension is not ready. Try again.');
  return checkReply(name, sent.raw);
}
