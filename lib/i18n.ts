import { browser } from 'wxt/browser';

/** A key of `public/_locales/en/messages.json` (WXT generates the union, so a typo fails typecheck). */
export type MessageKey = Parameters<typeof browser.i18n.getMessage>[0];

/** Looks up a user-visible string in `_locales`; falls back to the key so a missing entry is visible, not blank. */
export function t(key: MessageKey, substitutions?: string | string[]): string {
  return browser.i18n.getMessage(key, substitutions) || key;
}
