import { browser } from 'wxt/browser';

/**
 * Sends one message in the protocol's envelope (`{type, payload?}`) and answers the raw reply, or
 * `undefined` when no background took it (Chrome: "Receiving end does not exist" while the worker
 * starts; the extension updated or removed under the page). The reply is checked by the caller:
 * `sendMessage` against the protocol table, `sendLite` by shape.
 */
export async function sendRaw(name: string, payload: unknown): Promise<{ raw: unknown } | undefined> {
  try {
    return { raw: await browser.runtime.sendMessage(payload === undefined ? { type: name } : { type: name, payload }) };
  } catch {
    return undefined;
  }
}
