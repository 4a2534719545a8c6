import { browser } from 'wxt/browser';
import type { MessageName, RequestInput } from './protocol';
import { fail, parseReply, type Reply } from './reply';

/** The request argument of `name`: optional when the message takes nothing. */
export type RequestArgs<N extends MessageName> =
  undefined extends RequestInput<N> ? [request?: RequestInput<N>] : [request: RequestInput<N>];

/**
 * Sends a message to the background and returns its checked reply. Never rejects: no background,
 * a rejected call or a reply of the wrong shape all come back as `{ok:false, error:{code:'unavailable'}}`.
 */
export async function sendMessage<N extends MessageName>(name: N, ...args: RequestArgs<N>): Promise<Reply<N>> {
  const [payload] = args;
  let raw: unknown;
  try {
    raw = await browser.runtime.sendMessage(payload === undefined ? { type: name } : { type: name, payload });
  } catch {
    // Chrome: "Receiving end does not exist" while the worker starts; Firefox: similar.
    return fail('unavailable', 'The extension is not ready. Try again.');
  }
  return parseReply(name, raw);
}
