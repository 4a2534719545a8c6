/** Longest accepted post or comment text, in Unicode code points. */
export const MAX_TEXT_CODE_POINTS = 2000;

/**
 * Why a post or comment text is refused, or null when it is fine. The text is stored exactly as sent
 * (no trimming, no normalisation), so emoji, RTL text and combining marks round-trip byte for byte.
 */
export function textProblem(text: string): string | null {
  if (text.trim().length === 0) return 'body must not be empty';
  if (!text.isWellFormed()) return 'body must not contain lone surrogates';
  if (text.includes('\u0000')) return 'body must not contain NUL characters';
  let count = 0;
  for (const _ of text) {
    count++;
    if (count > MAX_TEXT_CODE_POINTS) return `body must be at most ${MAX_TEXT_CODE_POINTS} characters`;
  }
  return null;
}
