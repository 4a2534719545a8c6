import { browser } from 'wxt/browser';

/** A key of `public/_locales/en/messages.json` (WXT generates the union, so a typo fails typecheck). */
export type MessageKey = Parameters<typeof browser.i18n.getMessage>[0];

/**
 * A message that takes a count: its key holds the `other` form and `<key>_one` the singular (more
 * variants, `<key>_few` and so on, where a language's plural rules have them). Only keys with a
 * `_one` variant in English are accepted, so a count passed to a plain message fails typecheck.
 */
export type PluralKey = {
  [K in MessageKey]: `${K}_one` extends MessageKey ? K : never;
}[MessageKey];

/** Looks up a user-visible string in `_locales`; falls back to the key so a missing entry is visible, not blank. */
export function t(key: MessageKey, substitutions?: string | string[]): string {
  return browser.i18n.getMessage(key, substitutions) || key;
}

/**
 * The language of the messages the browser shows (the `messagesLocale` entry of the file it picked):
 * the plural rules must be those of the words on screen, not of the browser's interface, which may be
 * a language the extension has no file for (its messages are then English).
 */
export function messagesLocale(): string {
  const code = browser.i18n.getMessage('messagesLocale');
  return code === '' ? 'en' : code;
}

/**
 * The locale for dates, times and numbers: the browser's own when it speaks the messages' language
 * (`en-GB` dates beside English words), else the messages' language, so a page never mixes two
 * languages (a German page with English weekdays, as a browser started with `--lang=de` showed).
 */
export function displayLocale(): string {
  const words = messagesLocale();
  let ui = '';
  try {
    ui = browser.i18n.getUILanguage();
  } catch {
    // Unit tests' fake browser has no UI language: the messages' language serves.
  }
  const language = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];
  return ui !== '' && language(ui) === language(words) ? ui : words;
}

/** Marks the page with the language of its messages, so a screen reader speaks them in that language. */
export function markDocumentLanguage(doc: Document = document): void {
  doc.documentElement.lang = messagesLocale();
}

/** One `Intl.PluralRules` per language, made on first use (nothing at load: content scripts import this module). */
let rules: Map<string, Intl.PluralRules> | undefined;

/** The plural category (`one`, `few`, `many`, `other`…) of `count` in `locale`. */
export function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  rules ??= new Map();
  let rule = rules.get(locale);
  if (rule === undefined) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(count);
}

/**
 * A message with a count, in the plural form the language needs (`chrome.i18n` has no plurals):
 * `<key>_<category>` when the messages have that variant, the key itself (the `other` form) when not.
 * The count is the first substitution unless `substitutions` are given (then the count is only used
 * to pick the form: pass it among them where the message shows it).
 */
export function tCount(key: PluralKey, count: number, substitutions?: string | string[]): string {
  const subs = substitutions ?? String(count);
  const category = pluralCategory(messagesLocale(), count);
  if (category !== 'other') {
    // A variant the language has but the messages lack (French `many`, for millions) reads as `other`.
    const variant = browser.i18n.getMessage(`${key}_${category}` as MessageKey, subs);
    if (variant !== '') return variant;
  }
  return t(key, subs);
}
