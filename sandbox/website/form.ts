import type { z } from 'zod';
import { API_BODY_LIMIT, checkContentType, decodeUtf8, type Outcome, readLimited, validate } from '../http/body.js';
import { failure } from '../http/errors.js';

/**
 * Reads an `application/x-www-form-urlencoded` body through the same door as the API's JSON:
 * size (413) → media type (415) → UTF-8 (400) → each field once (400) → the same zod schema (400).
 */
export async function readForm<S extends z.ZodType>(req: Request, schema: S): Promise<Outcome<z.infer<S>>> {
  const raw = await readLimited(req, API_BODY_LIMIT);
  if (!raw.ok) return raw;
  const typeProblem = checkContentType(req, 'application/x-www-form-urlencoded');
  if (typeProblem) return { ok: false, failure: typeProblem };
  const text = decodeUtf8(raw.value);
  if (text === undefined) return { ok: false, failure: failure(400, 'invalid_body', 'The form is not valid UTF-8.') };
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name)) {
      return { ok: false, failure: failure(400, 'invalid_body', `The field ${name} was sent more than once.`) };
    }
    fields[name] = value;
  }
  return validate(schema, fields);
}
