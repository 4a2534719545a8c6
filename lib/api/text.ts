/** The longest server-provided text we carry in an error (`reason`, parts of `message`). */
export const MAX_REASON_LENGTH = 300;

/** Secrets shorter than this are not redacted by value: replacing a 1–3 character "key" would mangle any text. */
const MIN_SECRET_LENGTH = 4;

/**
 * Makes server-provided text safe and short enough to show: strips HTML tags (an error page from a
 * proxy), control characters and runs of whitespace, and cuts it at `max` characters with an ellipsis.
 */
export function cleanText(text: string, max = MAX_REASON_LENGTH): string {
  const flat = text
    .slice(0, 20_000)
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]{0,2000}>/g, ' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return truncate(flat, max);
}

/** Cuts text at `max` characters (never inside a surrogate pair), with an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * Removes a secret from text: the key itself wherever it appears (a server may echo it back), and any
 * `Bearer <token>` in case the server echoes the Authorization header.
 */
export function redact(text: string, secret: string | undefined): string {
  // A placeholder such as `Bearer <key>` in a server's hint is kept: it is not a token.
  let out = text.replace(/\bBearer\s+(?!<)[^\s"'<>,;]+/gi, 'Bearer [redacted]');
  if (secret !== undefined && secret.length >= MIN_SECRET_LENGTH) {
    out = out.split(secret).join('[redacted]');
  }
  return out;
}
