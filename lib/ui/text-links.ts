/** A run of post text: plain, or an http(s) address to show as a link. */
export type TextPart = { text: string } | { text: string; href: string };

// Stops at whitespace and at characters that cannot end an address in prose.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = '.,;:!?]}»”’\'"';

/**
 * Splits untrusted post text into plain runs and http(s) links. The caller renders every part as
 * text (a link's text is its address), so nothing in a body is ever interpreted as markup.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0];
    const address = trimTrailing(raw);
    if (!isHttpUrl(address)) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: address, href: address });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Drops punctuation that ends the sentence, not the address; a `)` only when it closes nothing in it. */
function trimTrailing(address: string): string {
  let end = address.length;
  while (end > 0) {
    const char = address[end - 1] ?? '';
    if (char === ')') {
      const head = address.slice(0, end);
      if (count(head, '(') >= count(head, ')')) break;
    } else if (!TRAILING.includes(char)) break;
    end -= 1;
  }
  return address.slice(0, end);
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** True for a parseable http(s) URL (never `javascript:` or `data:`). */
export function isHttpUrl(value: string | undefined): value is string {
  if (value === undefined) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
