import { normalizeBaseUrl } from '@/lib/base-url';
import { ACCOUNT_ID, MAX_ACCOUNT_LABEL, MAX_ACCOUNTS, MAX_RESERVE } from '@/lib/storage/accounts';
import { MAX_SAVED_POSTS } from '@/lib/storage/saved-limits';
import { savedPostSchema } from '@/lib/storage/saved-posts';
import type { Settings } from '@/lib/storage/settings';
import { settingsSchema } from '@/lib/storage/settings';
import { checkSettingsFields } from '@/lib/storage/settings-check';
import { z } from '@/lib/zod';
import { SYNC_FIELDS, type SyncField } from './record';

/*
 * What each synced field holds, and how a synced value is checked before anything is changed:
 * exactly as an imported backup is (the same schemas, the options page's own checks), strict (an
 * unknown field — a planted `key` — refuses the whole value) and bounded.
 */

/** The settings fields that sync one to one (`history` is two of them; the address never syncs). */
type SettingsField = Exclude<SyncField, 'accounts' | 'history' | 'saved'>;
export const SETTINGS_FIELDS = SYNC_FIELDS.filter(
  (field): field is SettingsField => field !== 'accounts' && field !== 'history' && field !== 'saved',
) satisfies readonly (keyof Settings)[];

/** An account as sync carries it: its id, label, address and reserve — never its key, nor any part of one. */
export const syncedAccountSchema = z.strictObject({
  id: z.string().regex(ACCOUNT_ID),
  label: z.string().max(MAX_ACCOUNT_LABEL),
  baseUrl: z
    .string()
    .max(2048)
    .refine((url) => normalizeBaseUrl(url) === url, 'not a normalized API address'),
  reserve: z.int().min(0).max(MAX_RESERVE),
});
export type SyncedAccount = z.infer<typeof syncedAccountSchema>;

/** The accounts, and the ids of those removed on some browser (so no other browser adds them back). */
export const syncedAccountsSchema = z.strictObject({
  list: z
    .array(syncedAccountSchema)
    .max(MAX_ACCOUNTS)
    .refine((list) => new Set(list.map((account) => account.id)).size === list.length, 'an id twice'),
  removed: z.array(z.string().regex(ACCOUNT_ID)).max(100),
});
export type SyncedAccounts = z.infer<typeof syncedAccountsSchema>;

/** A removal from the Saved list: the post's key (`savedKey`) and when. */
export const savedRemovalSchema = z.strictObject({ key: z.string().max(2200), at: z.int().min(0).max(8.64e15) });
export type SavedRemoval = z.infer<typeof savedRemovalSchema>;
/** The most removals remembered. */
export const MAX_SAVED_REMOVALS = 200;

/** The Saved list as far as it fits, newest first, and recent removals. */
export const syncedSavedSchema = z.strictObject({
  posts: z.array(savedPostSchema).max(MAX_SAVED_POSTS),
  removed: z.array(savedRemovalSchema).max(MAX_SAVED_REMOVALS),
});
export type SyncedSaved = z.infer<typeof syncedSavedSchema>;

/** The history bounds, both at once. */
const historySchema = z.strictObject({
  keepSent: settingsSchema.shape.keepSent,
  keepSentDays: settingsSchema.shape.keepSentDays,
});

/** Every settings field but the address, each checked as an imported backup's. */
const settingsPart = settingsSchema
  .omit({ baseUrl: true, decorateAllSites: true })
  .partial()
  .strict()
  .superRefine(checkSettingsFields);

/** The value a field holds, by field. */
export interface SyncValues extends Pick<Settings, SettingsField> {
  accounts: SyncedAccounts;
  history: { keepSent: number; keepSentDays: number };
  saved: SyncedSaved;
}

/** A synced value checked: the value, or where it is wrong (`list[0].key: unknown field`). */
export type Checked<F extends SyncField> = { ok: true; value: SyncValues[F] } | { ok: false; detail: string };

/** Checks a synced value of `field`. Nothing is changed here. */
export function checkValue<F extends SyncField>(field: F, value: unknown): Checked<F> {
  const parsed = schemaOf(field).safeParse(wrap(field, value));
  if (!parsed.success) return { ok: false, detail: detailOf(parsed.error) };
  return { ok: true, value: unwrap(field, parsed.data) as SyncValues[F] };
}

function schemaOf(field: SyncField): z.ZodType {
  if (field === 'accounts') return syncedAccountsSchema;
  if (field === 'saved') return syncedSavedSchema;
  if (field === 'history') return historySchema;
  return settingsPart;
}

/** A settings field is checked inside a settings object (the options page's checks see it there). */
function wrap(field: SyncField, value: unknown): unknown {
  return isSettingsField(field) ? { [field]: value } : value;
}

function unwrap(field: SyncField, data: unknown): unknown {
  return isSettingsField(field) ? (data as Record<string, unknown>)[field] : data;
}

export function isSettingsField(field: SyncField): field is SettingsField {
  return (SETTINGS_FIELDS as readonly string[]).includes(field);
}

/** The settings' part of the synced values. */
export function settingsValues(settings: Settings): Pick<SyncValues, SettingsField | 'history'> {
  return {
    reactionKinds: settings.reactionKinds,
    keys: settings.keys,
    notify: settings.notify,
    linkPatterns: settings.linkPatterns,
    excludedHosts: settings.excludedHosts,
    chosenSites: settings.chosenSites,
    mutedWords: settings.mutedWords,
    mutedAuthors: settings.mutedAuthors,
    history: { keepSent: settings.keepSent, keepSentDays: settings.keepSentDays },
  };
}

/** The change to the settings a synced value of a settings field makes. */
export function settingsChange(field: SettingsField | 'history', value: unknown): Partial<Settings> {
  return field === 'history' ? (value as SyncValues['history']) : { [field]: value };
}

/** `list[0].key: unknown field` — where a value is wrong, for the words shown to the user. */
function detailOf(error: z.ZodError): string {
  const [issue] = error.issues;
  if (issue === undefined) return 'invalid';
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  let name = '';
  for (const part of path) name += typeof part === 'number' ? `[${part}]` : `${name === '' ? '' : '.'}${String(part)}`;
  const what = issue.code === 'unrecognized_keys' ? 'unknown field' : issue.code.replace(/_/g, ' ');
  return `${name === '' ? 'value' : name}: ${what}`.slice(0, 200);
}
