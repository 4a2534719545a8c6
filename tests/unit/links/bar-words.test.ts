import { describe, expect, it } from 'vitest';
import { BAR_WORD_KEYS, barWords, fillWord } from '@/lib/links/bar-words';
import { localeMessage, readLocale } from '../support/locale';

// The bars say their words from what the background hands over, never through `i18n.getMessage`
// in the page: each word, filled in the page, must read as the browser's own lookup would.
describe("the bars' words", () => {
  for (const locale of ['en', 'de', 'fr']) {
    it(`in ${locale}: every word, with its substitutions, as the browser's lookup gives it`, () => {
      const lookup = localeMessage(locale);
      const words = barWords(lookup);
      expect(Object.keys(words).sort()).toEqual([...BAR_WORD_KEYS].sort());
      for (const key of BAR_WORD_KEYS) {
        expect(readLocale(locale)[key]?.message ?? readLocale('en')[key]?.message).toBeTruthy();
        const word = words[key] ?? '';
        expect(word).not.toBe('');
        expect(fillWord(word, ['Ann', 'a $1 in a name', '3'])).toBe(lookup(key, ['Ann', 'a $1 in a name', '3']));
        expect(fillWord(word, 'Ann')).toBe(lookup(key, 'Ann'));
      }
    });
  }

  it('fills each place once: a substitution holding "$2" is not filled again', () => {
    expect(fillWord('$1 and $2', ['$2', 'B'])).toBe('$2 and B');
    expect(fillWord('$1 and $2')).toBe(' and ');
  });
});
