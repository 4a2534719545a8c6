import type { z } from 'zod';
import { type Failure, failure } from './errors.js';

/** Largest API request body, in bytes (64 KiB). */
export const API_BODY_LIMIT = 64 * 1024;

/** Largest control request body (bulk posts), in bytes (1 MiB). */
export const CONTROL_BODY_LIMIT = 1024 * 1024;

/** Success or a refusal. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: Failure };

const tooLarge = (limit: number): Failure =>
  failure(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`, { limitBytes: limit });

/** How much of an oversized streamed body is read and thrown away so the connection stays usable. */
const DRAIN_CAP = 8 * 1024 * 1024;

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, seen: number, limit: number) {
  // Cancelling mid-body would destroy the socket under a keep-alive client that then reuses it;
  // reading the rest (up to a cap) lets the client finish sending and read the 413.
  let total = seen;
  while (total <= DRAIN_CAP) {
    const { done, value } = await reader.read();
    if (done) return tooLarge(limit);
    total += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return { ...tooLarge(limit), headers: { Connection: 'close' } };
}

/** Reads the raw body, stopping (413) as soon as it passes `limit`, whatever Content-Length claimed. */
export async function readLimited(req: Request, limit: number): Promise<Outcome<Uint8Array>> {
  const declared = req.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) {
    return { ok: false, failure: tooLarge(limit) };
  }
  if (!req.body) return { ok: true, value: new Uint8Array(0) };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) return { ok: false, failure: await discardRest(reader, total, limit) };
    chunks.push(value);
  }
  return { ok: true, value: Buffer.concat(chunks) };
}

/** The media type of a Content-Type header, lower-cased, without parameters; undefined when absent. */
export function mediaType(header: string | null): { type: string; charset: string | undefined } | undefined {
  if (header === null) return undefined;
  const [type = '', ...params] = header.split(';');
  let charset: string | undefined;
  for (const p of params) {
    const [k, v] = p.split('=');
    if (k?.trim().toLowerCase() === 'charset') charset = v?.trim().replace(/^"|"$/g, '').toLowerCase();
  }
  return { type: type.trim().toLowerCase(), charset };
}

/** Refuses a body that is not in the expected media type, or that is compressed or not UTF-8. */
export function checkContentType(req: Request, expected: string): Failure | null {
  const encoding = req.headers.get('content-encoding');
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') {
    return failure(415, 'unsupported_media_type', 'Compressed request bodies are not accepted.');
  }
  const media = mediaType(req.headers.get('content-type'));
  if (!media || media.type !== expected) {
    return failure(415, 'unsupported_media_type', `Send the body as ${expected} (Content-Type: ${expected}).`);
  }
  if (media.charset !== undefined && media.charset !== 'utf-8' && media.charset !== 'utf8') {
    return failure(415, 'unsupported_media_type', 'The only accepted charset is utf-8.');
  }
  return null;
}

/** Decodes bytes as strict UTF-8 (invalid sequences are refused, never replaced). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The whole door for a JSON body: size (413) → media type (415) → UTF-8 and JSON syntax (400
 * invalid_json) → presence (400 invalid_body) → schema (400 invalid_body). `optional` lets an empty
 * body (with or without a Content-Type) stand for `{}`.
 */
export async function readJson<S extends z.ZodType>(
  req: Request,
  schema: S,
  options: { limit: number; optional?: boolean },
): Promise<Outcome<z.infer<S>>> {
  const raw = await readLimited(req, options.limit);
  if (!raw.ok) return raw;
  const empty = raw.value.byteLength === 0;
  let value: unknown = {};
  if (!(empty && options.optional)) {
    const typeProblem = checkContentType(req, 'application/json');
    if (typeProblem) return { ok: false, failure: typeProblem };
    const text = decodeUtf8(raw.value);
    if (text === undefined) return { ok: false, failure: failure(400, 'invalid_json', 'The body is not valid UTF-8.') };
    if (text.trim().length === 0) {
      if (!options.optional) {
        return { ok: false, failure: failure(400, 'invalid_body', 'The request body is empty; send a JSON object.') };
      }
    } else {
      try {
        value = JSON.parse(text);
      } catch (e) {
        const detail = e instanceof Error ? e.message : 'syntax error';
        return { ok: false, failure: failure(400, 'invalid_json', `The body is not valid JSON: ${detail}`) };
      }
    }
  }
  return validate(schema, value);
}

/** Validates a parsed value; the first issue becomes the message. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): Outcome<z.infer<S>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, failure: failure(400, 'invalid_body', 'The body must be a JSON object.') };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return {
    ok: false,
    failure: failure(400, 'invalid_body', `${where}${issue?.message ?? 'invalid body'}`, {
      issues: parsed.error.issues.slice(0, 10).map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    }),
  };
}
