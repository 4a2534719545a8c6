import { isApiError } from '@/lib/api/errors';
import { z } from '@/lib/zod';
import { ERROR_CODES, type ErrorCode, fail, type Reply, type ReplyError } from './envelope';
import { type MessageName, protocol } from './protocol';

/** The error half of a reply, checked: a field a newer background adds or breaks never breaks the page. */
export const replyErrorSchema = z.object({
  // A code from a newer background is still an error, just an unspecific one.
  code: z.enum(ERROR_CODES).catch('internal'),
  message: z.string().max(1000).catch('Something went wrong.'),
  retryAt: z.number().optional().catch(undefined),
}) satisfies z.ZodType<ReplyError>;

/** An error a handler throws to answer with a specific code and a message safe to show. */
export class MessageError extends Error {
  override readonly name = 'MessageError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryAt?: number,
  ) {
    super(message);
  }
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The words of `storage_full` where no page words it (pages say it in the browser's language). */
const STORAGE_FULL =
  "The browser's storage is full: this was not saved, and nothing was lost. Free some space, then try again.";

/**
 * IndexedDB's refusal for want of space: a `QuotaExceededError`, as the request's error or as the
 * cause (or the transaction's error) of the abort it brought.
 */
function isQuotaError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  try {
    if (Reflect.get(error, 'name') === 'QuotaExceededError') return true;
    return isQuotaError(Reflect.get(error, 'cause'), depth + 1) || isQuotaError(Reflect.get(error, 'error'), depth + 1);
  } catch {
    return false;
  }
}

/**
 * Turns whatever a handler threw into a failed reply. ApiError and MessageError keep their code and
 * (already safe) message; any error with a known `code` and a string `message` likewise (the
 * Outbox's action errors); anything else becomes `internal` with no detail: a stack or an unexpected
 * message could carry what must not leave the background.
 */
export function toFailure(error: unknown, now: number): { ok: false; error: ReplyError } {
  if (isApiError(error)) {
    const retryAt =
      error.kind === 'rate_limited' && error.retryAfterMs !== undefined ? now + error.retryAfterMs : undefined;
    return fail(error.kind, error.message, retryAt);
  }
  if (error instanceof MessageError) return fail(error.code, error.message, error.retryAt);
  if (isQuotaError(error)) return fail('storage_full', STORAGE_FULL);
  try {
    if (error instanceof Error) {
      const code: unknown = Reflect.get(error, 'code');
      if (isErrorCode(code) && code !== 'internal' && typeof error.message === 'string')
        return fail(code, error.message);
    }
  } catch {
    // A throwing getter on an odd error object: fall through to `internal`.
  }
  return fail('internal', 'Something went wrong in the extension. Try again.');
}

const replySchemas = new Map<MessageName, z.ZodType>();

/** The schema of a whole reply envelope of `name`, data included. */
function replySchema(name: MessageName): z.ZodType {
  let schema = replySchemas.get(name);
  if (schema === undefined) {
    schema = z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), data: protocol[name].reply }),
      z.object({ ok: z.literal(false), error: replyErrorSchema }),
    ]);
    replySchemas.set(name, schema);
  }
  return schema;
}

/** Checks a raw reply against the envelope and the table's reply schema; anything else is `unavailable`. */
export function parseReply<N extends MessageName>(name: N, raw: unknown): Reply<N> {
  if (raw === undefined || raw === null) return fail('unavailable', 'The extension did not answer. Try again.');
  const result = replySchema(name).safeParse(raw);
  if (!result.success) return fail('unavailable', 'The extension answered in an unexpected way. Try again.');
  return result.data as Reply<N>;
}
