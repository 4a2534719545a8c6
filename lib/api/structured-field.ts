/**
 * One member of a comma-separated header list, as RFC 9651 (structured fields) writes it:
 * `"name";key=value;flag`. Read tolerantly: `value` is the member's bare item with any quotes
 * removed, `params` its parameters with keys lower-cased (a flag without `=` reads as `'?1'`).
 * A dictionary member (`limit=10`) has `value` `limit=10`; see {@link splitKeyValue}.
 */
export interface FieldMember {
  value: string;
  params: Map<string, string>;
}

/** Splits `text` on `separator` outside double quotes (a backslash escapes inside quotes). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (quoted && ch === '\\') {
      current += ch + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === separator && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

/** A bare item without its quotes and escapes (`"a\"b"` → `a"b`); other items as they are, trimmed. */
export function unquote(item: string): string {
  const text = item.trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}

/** `key=value` → [lower-case key, value without quotes]; no `=` → [lower-case key, '?1']. */
export function splitKeyValue(text: string): [key: string, value: string] {
  const eq = text.indexOf('=');
  if (eq < 0) return [text.trim().toLowerCase(), '?1'];
  return [text.slice(0, eq).trim().toLowerCase(), unquote(text.slice(eq + 1))];
}

/** The members of a list-valued header (empty members dropped). Never throws. */
export function parseFieldList(header: string | null | undefined): FieldMember[] {
  if (header === null || header === undefined) return [];
  const members: FieldMember[] = [];
  for (const raw of splitOutsideQuotes(header, ',')) {
    const [item = '', ...rawParams] = splitOutsideQuotes(raw, ';');
    if (item.trim() === '' && rawParams.length === 0) continue;
    const params = new Map<string, string>();
    for (const param of rawParams) {
      const [key, value] = splitKeyValue(param);
      if (key !== '' && !params.has(key)) params.set(key, value);
    }
    members.push({ value: unquote(item), params });
  }
  return members;
}
