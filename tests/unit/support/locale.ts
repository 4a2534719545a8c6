import { readFileSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import { browser } from 'wxt/browser';

interface Entry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

const file = path.resolve(import.meta.dirname, '../../../public/_locales/en/messages.json');
const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Entry>;

/** `browser.i18n.getMessage` as the browser does it, for the English messages: named and `$n` placeholders. */
export function englishMessage(key: string, substitutions?: string | string[]): string {
  const entry = messages[key];
  if (entry === undefined) return '';
  const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
  const positional = (text: string) => text.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
  const named = entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => {
    const placeholder = Object.entries(entry.placeholders ?? {}).find(([k]) => k.toLowerCase() === name.toLowerCase());
    return placeholder === undefined ? whole : positional(placeholder[1].content);
  });
  return named.replace(/\$\$/g, '$');
}

/** Makes `t()` answer the real English messages in a unit test (WXT's fake browser has no i18n). */
export function useEnglishMessages(): void {
  vi.spyOn(browser.i18n, 'getMessage').mockImplementation(englishMessage as unknown as typeof browser.i18n.getMessage);
}
