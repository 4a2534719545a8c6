import { normalizeBaseUrl } from '@/lib/base-url';
import { normalizeHostEntry } from '@/lib/links/hosts';
import { z } from '@/lib/zod';
import { DEFAULT_KEYMAP, type KeyMap, normalKey, SHORTCUT_KEY, sharedKey } from './keymap';
import { definePref } from './prefs';
import { DEFAULT_REACTION_KINDS, MAX_REACTION_LABEL, REACTION_KIND_VALUE, type ReactionKind } from './reaction-kinds';
import {
  MAX_CHOSEN_SITES,
  MAX_EXCLUDED_HOSTS,
  MAX_HANDLE_LENGTH,
  MAX_HOST_LENGTH,
  MAX_LINK_PATTERNS,
  MAX_MUTED_AUTHORS,
  MAX_MUTED_WORD_LENGTH,
  MAX_MUTED_WORDS,
  MAX_PATTERN_LENGTH,
  MAX_REACTION_KINDS,
  MUTED_HANDLE,
} from './settings-limits';

/** A reaction the user can place (see {@link ReactionKind}: no label is the product's words), checked. */
export const reactionKindSchema = z.object({
  value: z.string().regex(REACTION_KIND_VALUE, 'lowercase letters, digits and _ only'),
  label: z.string().trim().min(1).max(MAX_REACTION_LABEL).optional(),
}) satisfies z.ZodType<ReactionKind>;

/** One shortcut's key: one visible character, not a digit; letters kept in lower case. Null: off. */
const shortcutKey = z
  .string()
  .transform(normalKey)
  .refine((key) => SHORTCUT_KEY.test(key), 'one visible character, not a digit')
  .nullable();

/** The side panel's single-key shortcuts (lib/storage/keymap.ts): no two actions on one key. */
export const keymapSchema = z
  .object({
    on: z.boolean(),
    next: shortcutKey,
    previous: shortcutKey,
    reply: shortcutKey,
    save: shortcutKey,
    search: shortcutKey,
    help: shortcutKey,
    react: z.boolean(),
  })
  .refine((map) => sharedKey(map) === undefined, 'two shortcuts on one key') satisfies z.ZodType<KeyMap, unknown>;

/** The user's settings. None of it is secret: the API key lives in the vault, with its origin. */
export const settingsSchema = z.object({
  /**
   * The API's base URL (paths start with /v1); empty until the user sets it. `https:`, or `http:` on
   * a loopback host only: the key must never travel in clear.
   */
  baseUrl: z.union([
    z.literal(''),
    z
      .url({ protocol: /^https?$/ })
      .refine((url) => normalizeBaseUrl(url) !== undefined, 'use https (http only for localhost or 127.0.0.1)'),
  ]),
  reactionKinds: z.array(reactionKindSchema).min(1).max(MAX_REACTION_KINDS),
  /**
   * Extra post-permalink patterns for the content script (`https://example.org/posts/{id}`);
   * the configured site's `/posts/{id}` always counts.
   */
  linkPatterns: z.array(z.string().max(MAX_PATTERN_LENGTH)).max(MAX_LINK_PATTERNS),
  /** Decorate post links on every site (needs the optional all-sites permission). */
  decorateAllSites: z.boolean(),
  /** Hosts never decorated, even with all-sites access. */
  excludedHosts: z.array(z.string().max(MAX_HOST_LENGTH)).max(MAX_EXCLUDED_HOSTS),
  /**
   * Sites the user chose one by one, from the popup on the site itself: a hostname each (lower case,
   * as the browser writes it), decorated once its host access is granted.
   */
  chosenSites: z
    .array(
      z
        .string()
        .max(MAX_HOST_LENGTH)
        .refine((host) => normalizeHostEntry(host) === host, 'a hostname'),
    )
    .max(MAX_CHOSEN_SITES),
  /**
   * The Outbox's history: sent writes beyond the newest `keepSent` or older than `keepSentDays` are
   * forgotten, except those of the last hour (failed and uncertain ones wait for the user).
   */
  keepSent: z.int().min(10).max(10_000),
  keepSentDays: z.int().min(1).max(365),
  /** System notifications about writes (needs the optional `notifications` permission); off by default. */
  notify: z.boolean(),
  /** Words and phrases whose posts the side panel hides (whole words, case and accents ignored). */
  mutedWords: z.array(z.string().trim().min(1).max(MAX_MUTED_WORD_LENGTH)).max(MAX_MUTED_WORDS),
  /** Handles whose posts the side panel hides (case ignored). */
  mutedAuthors: z.array(z.string().max(MAX_HANDLE_LENGTH).regex(MUTED_HANDLE)).max(MAX_MUTED_AUTHORS),
  /** The side panel's single-key shortcuts: each on its key, moved or off, or all off. */
  keys: keymapSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: '',
  reactionKinds: [...DEFAULT_REACTION_KINDS],
  linkPatterns: [],
  decorateAllSites: false,
  excludedHosts: [],
  chosenSites: [],
  keepSent: 200,
  keepSentDays: 7,
  notify: false,
  mutedWords: [],
  mutedAuthors: [],
  keys: DEFAULT_KEYMAP,
};

/**
 * The settings, in the extension origin's IndexedDB (lib/storage/prefs.ts: Firefox's content
 * processes can write `storage.local`, and these decide where bars appear and which reactions may be
 * sent). Reads are validated: a damaged value falls back field by field to the defaults.
 */
export const settingsItem = definePref<Settings>('settings', {
  fallback: DEFAULT_SETTINGS,
  parse: (raw) => repairSettings(raw),
});

/** Reads the settings, repairing any field that does not validate. */
export function readSettings(): Promise<Settings> {
  return settingsItem.getValue();
}

/** Validates and saves a change to the settings; throws a ZodError naming the bad field. */
export async function updateSettings(change: Partial<Settings>): Promise<Settings> {
  const next = settingsSchema.parse({ ...(await readSettings()), ...change });
  await settingsItem.setValue(next);
  return next;
}

/** Keeps every valid field of a stored value, and the default for every other. */
export function repairSettings(value: unknown): Settings {
  const whole = settingsSchema.safeParse(value);
  if (whole.success) return whole.data;
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const repaired: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(settingsSchema.shape)) {
    const field = schema.safeParse(record[key]);
    repaired[key] = field.success ? field.data : DEFAULT_SETTINGS[key as keyof Settings];
  }
  return settingsSchema.parse(repaired);
}
