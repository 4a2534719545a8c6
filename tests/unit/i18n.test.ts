import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { markDocumentLanguage, messagesLocale, pluralCategory, t, tCount } from '@/lib/i18n';
import { englishMessage, useLocaleMessages } from './support/locale';

describe('t', () => {
  it('returns the localised message', () => {
    vi.spyOn(browser.i18n, 'getMessage').mockReturnValue('Debate Companion');
    expect(t('extName')).toBe('Debate Companion');
  });

  it('falls back to the key when the message is missing, so a gap is visible', () => {
    vi.spyOn(browser.i18n, 'getMessage').mockReturnValue('');
    expect(t('optionsTitle')).toBe('optionsTitle');
  });
});

describe('tCount', () => {
  const cases: [string, number, string][] = [
    ['en', 0, '0 replies'],
    ['en', 1, '1 reply'],
    ['en', 2, '2 replies'],
    ['en', 5, '5 replies'],
    ['de', 0, '0 Antworten'],
    ['de', 1, '1 Antwort'],
    ['de', 2, '2 Antworten'],
    ['de', 5, '5 Antworten'],
    // French counts 0 as singular.
    ['fr', 0, '0 réponse'],
    ['fr', 1, '1 réponse'],
    ['fr', 2, '2 réponses'],
    ['fr', 5, '5 réponses'],
  ];

  it.each(cases)('in %s, %i reads "%s"', (locale, count, text) => {
    useLocaleMessages(locale);
    expect(tCount('panelRepliesMany', count)).toBe(text);
  });

  it('picks the form by the count while showing other substitutions', () => {
    useLocaleMessages('de');
    expect(tCount('accountBudgetAnnounced', 1, ['1', '60 s'])).toBe(
      'Von der Plattform angekündigtes Budget: 1 Schreibvorgang pro 60 s.',
    );
    expect(tCount('accountBudgetAnnounced', 30, ['30', '60 s'])).toBe(
      'Von der Plattform angekündigtes Budget: 30 Schreibvorgänge pro 60 s.',
    );
  });

  it('reads a category the messages have no variant for as `other` (French `many`, for millions)', () => {
    useLocaleMessages('fr');
    expect(pluralCategory('fr', 1_000_000)).toBe('many');
    expect(tCount('panelRepliesMany', 1_000_000)).toBe('1000000 réponses');
  });

  it('an unknown count (NaN) reads as `other`', () => {
    useLocaleMessages('en');
    expect(tCount('accountBudgetLearned', Number.NaN, ['?', '?'])).toContain('about ? writes per ?');
  });

  it('takes the plural rules of the messages shown, English when the browser gives none', () => {
    vi.spyOn(browser.i18n, 'getMessage').mockImplementation(((key: string, subs?: string | string[]) =>
      key === 'messagesLocale' ? '' : englishMessage(key, subs)) as typeof browser.i18n.getMessage);
    expect(messagesLocale()).toBe('en');
    expect(tCount('panelNewPostsMany', 1)).toBe('1 new post');
    expect(tCount('panelNewPostsMany', 0)).toBe('0 new posts');
  });

  it('keeps English as it was for the other form', () => {
    useLocaleMessages('en');
    expect(tCount('countdownMinutes', 1)).toBe('about 1 minute');
    expect(tCount('countdownMinutes', 7)).toBe('about 7 minutes');
    expect(tCount('panelCharsLeft', -3)).toBe('-3 characters left');
  });
});

describe('markDocumentLanguage', () => {
  it('gives the page the language of its messages', () => {
    useLocaleMessages('fr');
    markDocumentLanguage();
    expect(document.documentElement.lang).toBe('fr');
  });
});
