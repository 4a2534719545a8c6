/*
 * The side panel's single-key shortcuts as the user set them: each one turned off or moved to
 * another key, or all of them off (WCAG 2.1.4, "Character Key Shortcuts"). No zod here: the panel's
 * first paint reads it; `settings.ts` builds the schema that checks a stored or imported map.
 */

/** The shortcuts that take one key each (the reactions take 1–9, in the order of the kinds). */
export const KEY_ACTIONS = ['next', 'previous', 'reply', 'save', 'search', 'help'] as const;
export type KeyAction = (typeof KEY_ACTIONS)[number];

/** The user's map: a key per action (null: off), the digits for reactions, and the switch for all. */
export type KeyMap = { [action in KeyAction]: string | null } & {
  /** Single-key shortcuts at all. */
  on: boolean;
  /** 1–9 react with the kinds in order. */
  react: boolean;
};

export const DEFAULT_KEYMAP: KeyMap = {
  on: true,
  next: 'j',
  previous: 'k',
  reply: 'r',
  save: 's',
  search: '/',
  help: '?',
  react: true,
};

/** A key a shortcut may take: one visible character that is not a digit (1–9 are the reactions'). */
export const SHORTCUT_KEY = /^[^\s\p{Nd}]$/u;

/** A key as the map holds it: letters in lower case (a shortcut ignores Shift on letters). */
export function normalKey(key: string): string {
  return key.toLocaleLowerCase('en');
}

/** The first key two actions share, if any (a map that has one is refused). */
export function sharedKey(map: KeyMap): string | undefined {
  const seen = new Set<string>();
  for (const action of KEY_ACTIONS) {
    const key = map[action];
    if (key === null) continue;
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}
