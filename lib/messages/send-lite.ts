import type { MessageName, ReplyData } from './protocol';
import type { RequestArgs } from './send';
import { sendRaw } from './send-raw';

/** A reply as a content script sees it: the same envelope as `sendMessage`'s, checked by shape only. */
type LiteReply<N extends MessageName> =
  | { ok: true; data: ReplyData<N> }
  | { ok: false; error: { code: string; message: string; retryAt?: number } };

const unavailable = { ok: false, error: { code: 'unavailable', message: '' } } as const;

/**
 * `sendMessage` for content scripts, without zod (it would triple the script's size on every page):
 * the background already validated what it answers, so the envelope's shape is all that is checked.
 * Never rejects; a missing background or an odd reply is `unavailable`. Only types come from the
 * protocol table, so the request shapes stay checked at compile time.
 */
export async function sendLite<N extends MessageName>(name: N, ...args: RequestArgs<N>): Promise<LiteReply<N>> {
  const sent = await sendRaw(name, args[0]);
  const raw = sent?.raw;
  if (typeof raw !== 'object' || raw === null) return unavailable;
  const reply = raw as { ok?: unknown; data?: unknown; error?: unknown };
  if (reply.ok === true) return { ok: true, data: reply.data as ReplyData<N> };
  const error = reply.error as { code?: unknown; message?: unknown; retryAt?: unknown } | undefined;
  if (reply.ok !== false || typeof error?.code !== 'string' || typeof error.message !== 'string') return unavailable;
  return {
    ok: false,
    error: {
      code: error.code,
      message: error.message,
      ...(typeof error.retryAt === 'number' ? { retryAt: error.retryAt } : {}),
    },
  };
}
