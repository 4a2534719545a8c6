import type { MessageKey } from '@/lib/i18n';

/**
 * The words of the inline bars, handed to a page by the background with the link configuration
 * (`getLinkConfig`), so the bar script never calls `i18n.getMessage`: in Chrome a content script's
 * first call loads the extension's whole message file into the page's process, about 10 ms on every
 * page with post links (docs/performance.md). Each word comes as its message with `$1`, `$2`… where
 * its substitutions go.
 */
export const BAR_WORD_KEYS = [
  'barAs',
  'barFailed',
  'barFrameReplaced',
  'barGroup',
  'barGroupAs',
  'barHeld',
  'barInReview',
  'barLinkChanged',
  'barNotShown',
  'barQueued',
  'barReply',
  'barReplyLabel',
  'barSending',
  'barSent',
  'barStatus',
  'barTooMany',
  'barUnavailable',
  'barUncertain',
  'barUndo',
  'barUndone',
  'barWaiting',
  'errorStorageFull',
] as const satisfies readonly MessageKey[];

export type BarWordKey = (typeof BAR_WORD_KEYS)[number];

/** What a message lookup gives for the bar's words: the substitutions' places kept as `$1`, `$2`… */
const PLACES = ['$1', '$2', '$3', '$4'];

/** The bar's words in the browser's language, looked up by `lookup` (the background's `t`). */
export function barWords(lookup: (key: MessageKey, substitutions: string[]) => string): Record<string, string> {
  const words: Record<string, string> = {};
  for (const key of BAR_WORD_KEYS) words[key] = lookup(key, PLACES);
  return words;
}

/** A word with its substitutions in their places, as `i18n.getMessage` would give it. */
export function fillWord(word: string, substitutions: string | string[] = []): string {
  const subs = typeof substitutions === 'string' ? [substitutions] : substitutions;
  return word.replace(/\$([1-9])/g, (_, n: string) => subs[Number(n) - 1] ?? '');
}
