import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkExcludedHosts,
  checkLinkPatterns,
  checkMutedAuthors,
  checkMutedWords,
  checkReactionKinds,
  kindRows,
  lines,
  reactionKindsToSave,
} from '@/entrypoints/options/settings-form';
import { settingsSchema } from '@/lib/storage/settings';
import { MAX_EXCLUDED_HOSTS, MAX_LINK_PATTERNS, MAX_REACTION_KINDS } from '@/lib/storage/settings-limits';
import { useEnglishMessages, useLocaleMessages } from '../support/locale';

describe('settings form checks', () => {
  beforeEach(() => useEnglishMessages());

  it('uses the settings schema bounds', () => {
    const kinds = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `k${i}`, label: 'K' }));
    expect(settingsSchema.shape.reactionKinds.safeParse(kinds(MAX_REACTION_KINDS)).success).toBe(true);
    expect(settingsSchema.shape.reactionKinds.safeParse(kinds(MAX_REACTION_KINDS + 1)).success).toBe(false);
    const strings = (n: number) => Array.from({ length: n }, () => 'x');
    expect(settingsSchema.shape.linkPatterns.safeParse(strings(MAX_LINK_PATTERNS + 1)).success).toBe(false);
    expect(settingsSchema.shape.linkPatterns.safeParse(strings(MAX_LINK_PATTERNS)).success).toBe(true);
    expect(settingsSchema.shape.excludedHosts.safeParse(strings(MAX_EXCLUDED_HOSTS + 1)).success).toBe(false);
    expect(settingsSchema.shape.excludedHosts.safeParse(strings(MAX_EXCLUDED_HOSTS)).success).toBe(true);
  });

  it('accepts exactly the reaction kinds the settings schema accepts', () => {
    const cases = [
      [{ value: 'well_sourced', label: 'Well sourced' }],
      [{ value: 'Well', label: 'x' }],
      [{ value: '1abc', label: 'x' }],
      [{ value: 'a'.repeat(41), label: 'x' }],
      [{ value: 'ok', label: 'l'.repeat(41) }],
      [{ value: 'ok', label: '   ' }],
    ];
    for (const rows of cases) {
      const saved = reactionKindsToSave(rows.map((row) => ({ ...row, own: true })));
      expect(saved !== undefined).toBe(settingsSchema.shape.reactionKinds.safeParse(rows).success);
    }
  });

  it("saves the product's words as no label (they follow the browser's language) and a typed label as typed", () => {
    useLocaleMessages('de');
    const rows = kindRows([{ value: 'well_sourced' }, { value: 'agree', label: 'Zustimmung' }]);
    expect(rows).toEqual([
      { value: 'well_sourced', label: 'Gut belegt', own: false },
      { value: 'agree', label: 'Zustimmung', own: true },
    ]);
    expect(reactionKindsToSave(rows)).toEqual([{ value: 'well_sourced' }, { value: 'agree', label: 'Zustimmung' }]);
    // Typed, even the English words: the user's own, kept exactly.
    const typed = rows.map((row, i) => (i === 0 ? { ...row, label: 'Well sourced', own: true } : row));
    expect(reactionKindsToSave(typed)?.[0]).toEqual({ value: 'well_sourced', label: 'Well sourced' });
    // A value the product has no words for keeps the words the field shows, as the user's.
    const moved = rows.map((row, i) => (i === 0 ? { ...row, value: 'solid' } : row));
    expect(reactionKindsToSave(moved)?.[0]).toEqual({ value: 'solid', label: 'Gut belegt' });
  });

  it('refuses a value used twice, marking both rows', () => {
    const errors = checkReactionKinds([
      { value: 'agree', label: 'A' },
      { value: 'agree', label: 'B' },
    ]);
    expect(errors.map((e) => e.value)).toEqual(['This value is used twice.', 'This value is used twice.']);
  });

  it('splits lines, dropping blanks', () => {
    expect(lines(' a \r\n\n b\n')).toEqual(['a', 'b']);
  });

  it('checks post-link patterns with the content script parser and drops duplicates', () => {
    expect(checkLinkPatterns('https://d.example/p/{id}\nhttps://d.example/p/{id}')).toEqual({
      ok: true,
      value: ['https://d.example/p/{id}'],
    });
    const bad = checkLinkPatterns('ftp://d.example/{id}\nhttps://d.example/p/{id}/{id}\nhttps://u:p@d.example/{id}');
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.errors.map((e) => e.text)).toEqual([
        'only http and https addresses.',
        '{id} may appear only once.',
        'no user name or password in the address.',
      ]);
    const many = Array.from({ length: MAX_LINK_PATTERNS + 1 }, (_, i) => `https://d${i}.example/{id}`).join('\n');
    expect(checkLinkPatterns(many).ok).toBe(false);
  });

  it('normalizes excluded hosts', () => {
    expect(checkExcludedHosts('Example.COM\nhttps://www.example.org/x\n*.news.example\nexample.com')).toEqual({
      ok: true,
      value: ['example.com', 'www.example.org', 'news.example'],
    });
    expect(checkExcludedHosts('not a host').ok).toBe(false);
  });

  it('checks muted words and handles: bounds, one per line, each once', () => {
    expect(checkMutedWords('Spoiler\n  spoiler \nRoute 9\nspoilér')).toEqual({
      ok: true,
      value: ['Spoiler', 'Route 9'],
    });
    expect(checkMutedWords('x'.repeat(101)).ok).toBe(false);
    expect(checkMutedAuthors('@Alice\nalice\nbob@example.social')).toEqual({
      ok: true,
      value: ['alice', 'bob@example.social'],
    });
    const bad = checkMutedAuthors('two words');
    expect(bad.ok || bad.errors[0]?.text).toBe('not a handle (one word, no spaces).');
    // What the form gives is what the settings store.
    const words = checkMutedWords('casino\nbuy now');
    expect(words.ok && settingsSchema.shape.mutedWords.safeParse(words.value).success).toBe(true);
    const authors = checkMutedAuthors('@Alice\nbob@example.social');
    expect(authors.ok && settingsSchema.shape.mutedAuthors.safeParse(authors.value).success).toBe(true);
  });
});
