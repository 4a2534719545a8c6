/**
 * The settings' bounds, without zod: pages check them before the schema library loads (a mute from a
 * post's menu), and the schema in `settings.ts` holds the stored value to them.
 */

/** Most reaction kinds, link patterns and excluded hosts; longest pattern and host (the options page checks the same). */
export const MAX_REACTION_KINDS = 8;
export const MAX_LINK_PATTERNS = 20;
export const MAX_EXCLUDED_HOSTS = 200;
/** Sites the user chose for bars one by one ("Only on sites I choose"). */
export const MAX_CHOSEN_SITES = 200;
export const MAX_PATTERN_LENGTH = 300;
export const MAX_HOST_LENGTH = 253;
/** Most muted words (and phrases) and muted people; longest word and handle. */
export const MAX_MUTED_WORDS = 200;
export const MAX_MUTED_AUTHORS = 500;
export const MAX_MUTED_WORD_LENGTH = 100;
export const MAX_HANDLE_LENGTH = 100;
/** A handle as the mute list keeps it: one word, without its leading `@` (the pages strip it). */
export const MUTED_HANDLE = /^[^\s@]\S*$/u;
