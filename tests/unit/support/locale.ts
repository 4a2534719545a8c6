import { readFileSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import { browser } from 'wxt/browser';

/** One entry of a `messages.json`. */
export interface LocaleEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

/** The folder of the locales, and the messages of one of them (`en`, `de`, `fr`…) as the extension ships them. */
export const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../public/_locales');

export function readLocale(locale: string): Record<string, LocaleEntry> {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, 'messages.json'), 'utf8')) as Record<
    string,
    LocaleEntry
  >;
}

/**
 * `browser.i18n.getMessage` as the browser does it for a UI in `locale`: named and `$n`
 * placeholders, and English (the default locale) for a key the locale lacks.
 */
export function localeMessage(locale: string): (key: string, substitutions?: string | string[]) => string {
  const messages = { ...readLocale('en'), ...(locale === 'en' ? {} : readLocale(locale)) };
  return (key, substitutions) => {
    const entry = messages[key];
    if (entry === undefined) return '';
    const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
    const positional = (text: string) => text.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
    const named = entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => {
      const placeholder = Object.entries(entry.placeholders ?? {}).find(
        ([k]) => k.toLowerCase() === name.toLowerCase(),
      );
      return placeholder === undefined ? whole : positional(placeholder[1].content);
    });
    return named.replace(/\$\$/g, '$');
  };
}

/** `browser.i18n.getMessage` as the browser does it, for the English messages: named and `$n` placeholders. */
export const englishMessage = localeMessage('en');

/** Makes `t()` answer the real messages of `locale` in a unit test (WXT's fake browser has no i18n). */
export function useLocaleMessages(locale: string): void {
  vi.spyOn(browser.i18n, 'getMessage').mockImplementation(
    localeMessage(locale) as unknown as typeof browser.i18n.getMessage,
  );
}

/** Makes `t()` answer the real English messages in a unit test (WXT's fake browser has no i18n). */
export function useEnglishMessages(): void {
  useLocaleMessages('en');
}
