import { type BarWordKey, fillWord } from '@/lib/links/bar-words';

/** The bar's words, from the link configuration (lib/links/bar-words.ts): no `i18n` call in a page. */
let words: Readonly<Record<string, string>> = {};

/** Takes the words the background handed over with the link configuration. */
export function useBarWords(handed: Readonly<Record<string, string>>): void {
  words = handed;
}

/** A word of the bar with its substitutions; the key itself when the background gave none (visible, not blank). */
export function t(key: BarWordKey, substitutions?: string | string[]): string {
  const word = words[key];
  return word === undefined || word === '' ? key : fillWord(word, substitutions);
}
