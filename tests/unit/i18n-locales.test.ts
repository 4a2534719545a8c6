// @vitest-environment node
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR, type LocaleEntry, readLocale } from './support/locale';

/**
 * Every locale the extension ships against English, its source: the same keys, the same
 * placeholders, the plural variants its language needs, no empty message. A key added in English
 * and not yet translated fails here by name, so no language silently shows English (or a raw key).
 */

const english = readLocale('en');
const locales = readdirSync(LOCALES_DIR).filter((name) => name !== 'en');
const PLURAL_SUFFIX = /_(zero|one|two|few|many)$/;

/** The plural categories a language uses for the counts the UI shows (whole numbers, up to 10,000). */
function countCategories(locale: string): Set<string> {
  const rules = new Intl.PluralRules(locale.replace('_', '-'));
  const found = new Set<string>();
  for (let n = 0; n <= 10_000; n += 1) found.add(rules.select(n));
  return found;
}

/** The keys English counts with: the base of every `<key>_one`. */
const pluralBases = Object.keys(english)
  .filter((key) => key.endsWith('_one'))
  .map((key) => key.slice(0, -'_one'.length));

/** A message's placeholder names (lower case, as the browser matches them) with their `$n` contents. */
function placeholders(entry: LocaleEntry): Record<string, string> {
  return Object.fromEntries(
    Object.entries(entry.placeholders ?? {})
      .map(([name, { content }]) => [name.toLowerCase(), content] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The `$NAME$` tokens a message uses, lower case, sorted (`$$` is a literal dollar). */
function tokens(message: string): string[] {
  return [...message.replace(/\$\$/g, '').matchAll(/\$([A-Za-z0-9_@]+)\$/g)]
    .map((match) => (match[1] ?? '').toLowerCase())
    .sort();
}

/** Each key whose check fails, with why: one line per problem, so a failure lists them all. */
function problems(messages: Record<string, LocaleEntry>, check: (key: string, entry: LocaleEntry) => string | null) {
  return Object.entries(messages).flatMap(([key, entry]) => {
    const problem = check(key, entry);
    return problem === null ? [] : [`${key}: ${problem}`];
  });
}

describe('English, the source', () => {
  it('has no empty message', () => {
    expect(problems(english, (_, entry) => (entry.message.trim() === '' ? 'empty' : null))).toEqual([]);
  });

  it('uses exactly the placeholders each message defines', () => {
    const wrong = problems(english, (_, entry) => {
      const used = [...new Set(tokens(entry.message))];
      const defined = Object.keys(placeholders(entry));
      return JSON.stringify(used) === JSON.stringify(defined) ? null : `uses ${used}, defines ${defined}`;
    });
    expect(wrong).toEqual([]);
  });

  it('has a base (the `other` form) for every plural variant, and an `_one` for every counted base', () => {
    const orphans = Object.keys(english).filter(
      (key) => PLURAL_SUFFIX.test(key) && english[key.replace(PLURAL_SUFFIX, '')] === undefined,
    );
    expect(orphans).toEqual([]);
    expect(pluralBases.length).toBeGreaterThan(10);
  });

  it('names its own language, for the plural rules', () => {
    expect(english.messagesLocale?.message).toBe('en');
  });
});

describe.each(locales)('locale %s', (locale) => {
  const messages = readLocale(locale);
  const categories = countCategories(locale);

  it('has every English key (untranslated keys listed)', () => {
    const missing = Object.keys(english).filter((key) => messages[key] === undefined);
    expect(missing, `public/_locales/${locale}/messages.json lacks these keys of English`).toEqual([]);
  });

  it('has no key English lacks, except the plural variants its language needs', () => {
    const extra = Object.keys(messages).filter((key) => {
      if (english[key] !== undefined) return false;
      const category = PLURAL_SUFFIX.exec(key)?.[1];
      const base = key.replace(PLURAL_SUFFIX, '');
      return !(category !== undefined && categories.has(category) && pluralBases.includes(base));
    });
    expect(extra, `public/_locales/${locale}/messages.json has keys English does not`).toEqual([]);
  });

  it('has no empty message', () => {
    expect(problems(messages, (_, entry) => (entry.message.trim() === '' ? 'empty' : null))).toEqual([]);
  });

  it('keeps the placeholders of English: the same names, the same $n contents, all used', () => {
    const wrong = problems(messages, (key, entry) => {
      const source = english[key] ?? english[key.replace(PLURAL_SUFFIX, '')];
      if (source === undefined) return null;
      const want = placeholders(source);
      if (JSON.stringify(placeholders(entry)) !== JSON.stringify(want)) {
        return `placeholders ${JSON.stringify(entry.placeholders ?? {})}, English has ${JSON.stringify(source.placeholders ?? {})}`;
      }
      const used = [...new Set(tokens(entry.message))];
      const expected = [...new Set(tokens(source.message))];
      return JSON.stringify(used) === JSON.stringify(expected) ? null : `uses ${used}, English uses ${expected}`;
    });
    expect(wrong).toEqual([]);
  });

  it('has every plural variant its language needs for each counted message', () => {
    const needed = [...categories].filter((category) => category !== 'other');
    const missing = pluralBases.flatMap((base) =>
      needed.map((category) => `${base}_${category}`).filter((key) => messages[key] === undefined),
    );
    expect(missing).toEqual([]);
  });

  it('names its own language, for the plural rules', () => {
    expect(messages.messagesLocale?.message).toBe(locale.replace('_', '-'));
  });

  it('keeps the product name and the API scope names as they are', () => {
    const changed = problems(messages, (key, entry) => {
      const source = english[key];
      if (source === undefined) return null;
      const kept = ['Debate Companion', 'posts:write', 'posts:read', 'reactions:write', 'well_sourced', 'API', '{id}'];
      const lost = kept.filter((term) => source.message.includes(term) && !entry.message.includes(term));
      return lost.length === 0 ? null : `lost ${lost.join(', ')}`;
    });
    expect(changed).toEqual([]);
  });
});

it('ships German and French beside English', () => {
  expect(locales.sort()).toEqual(['de', 'fr']);
});
