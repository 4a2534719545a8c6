import { normalizeBaseUrl } from '@/lib/base-url';
import { t } from '@/lib/i18n';
import type { AccountView } from '@/lib/messages/fields';
import { MAX_ACCOUNT_LABEL, MAX_ACCOUNTS, MAX_RESERVE } from '@/lib/storage/accounts';
import { withProductLabels } from '@/lib/storage/reaction-kinds';
import { MAX_SAVED_POSTS } from '@/lib/storage/saved-limits';
import { type SavedPost, savedPostSchema } from '@/lib/storage/saved-posts';
import { type Settings, settingsSchema } from '@/lib/storage/settings';
import { checkSettingsFields } from '@/lib/storage/settings-check';
import { z } from '@/lib/zod';

/*
 * The settings backup file: what it holds, how it is made and how a file is checked before anything
 * is changed. Pure: the card (BackupCard.tsx) reads the file and saves through `saveSettings`.
 */

/**
 * The file's `format` and the `version` this code writes. It reads that one and every earlier one:
 * version 1 stored the default reaction kind with its English words as a label, version 2 without
 * one (the product's words, in the browser's language), version 3 added the saved posts (`saved`,
 * absent when none are saved; a file without them is read as before).
 */
export const BACKUP_FORMAT = 'debate-companion-backup';
export const BACKUP_VERSION = 3;
/**
 * A larger file is refused unread: a full backup at every bound is well under 100 kB, plus the
 * saved posts (500 of at most ~12 kB each, most far shorter).
 */
export const MAX_BACKUP_BYTES = 8_000_000;

/**
 * The settings a backup carries: every setting but the address (the address is the default account's:
 * setting it moves that account and forgets its key) and the sites chosen one by one (their access is
 * this browser's), each as `saveSettings` takes it (a unit test
 * holds the two lists equal). All optional: a file made before a setting existed leaves that setting
 * as it is. Strict: an unknown field is refused.
 */
const settingsFields = settingsSchema.omit({ baseUrl: true, chosenSites: true }).partial().strict();

/** The settings part, with the options page's own checks (no kind twice, valid patterns and hosts). */
const backupSettingsSchema = settingsFields.superRefine(checkSettingsFields);
/** The settings a backup holds. */
export type BackupSettings = z.output<typeof settingsFields>;

/** An account as a backup names it: never its key, nor the key's last characters. */
const backupAccountSchema = z.strictObject({
  label: z.string().max(MAX_ACCOUNT_LABEL),
  baseUrl: z
    .string()
    .max(2048)
    .refine((url) => normalizeBaseUrl(url) !== undefined),
  reserve: z.int().min(0).max(MAX_RESERVE),
  default: z.boolean(),
});
export type BackupAccount = z.output<typeof backupAccountSchema>;

/** The whole file. */
const backupSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.union([z.literal(1), z.literal(2), z.literal(BACKUP_VERSION)]),
  exportedAt: z.iso.datetime(),
  note: z.string().max(1000).optional(),
  settings: backupSettingsSchema,
  accounts: z.array(backupAccountSchema).max(MAX_ACCOUNTS).optional(),
  /** The Saved list, newest first: checked entry by entry like any untrusted input. */
  saved: z.array(savedPostSchema).max(MAX_SAVED_POSTS).optional(),
});
export type Backup = z.output<typeof backupSchema>;

/** The backup of these settings, accounts and saved posts, made at `now`: no key, no address in the settings. */
export function buildBackup(
  settings: Settings,
  accounts: readonly AccountView[],
  now: Date,
  saved: readonly SavedPost[] = [],
): Backup {
  // The chosen sites stay: each one's access is this browser's, given from a click on that site.
  const { baseUrl: _address, chosenSites: _sites, ...rest } = settings;
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    note: t('backupFileNote'),
    settings: settingsFields.parse(rest),
    accounts: accounts.map((account) => ({
      label: account.label,
      baseUrl: account.baseUrl,
      reserve: account.reserve,
      default: account.isDefault,
    })),
    ...(saved.length === 0 ? {} : { saved: [...saved] }),
  };
}

/** The backup as a file's text. */
export function backupText(backup: Backup): string {
  return `${JSON.stringify(backup, null, 2)}\n`;
}

/** The file's name: `debate-companion-backup-2026-11-27.json`. */
export function backupFileName(now: Date): string {
  return `${BACKUP_FORMAT}-${now.toISOString().slice(0, 10)}.json`;
}

/** Why a file cannot be imported, in the user's words. */
export type BackupError = { ok: false; error: string };

/**
 * Reads a backup file's text: the backup, or words naming what is wrong (the first bad field).
 * Nothing here changes anything; a file that is not JSON, not a backup, from a newer version or
 * with any field out of bounds is refused whole.
 */
export function parseBackup(text: string): { ok: true; backup: Backup } | BackupError {
  if (text.length > MAX_BACKUP_BYTES) return fail(t('backupTooLarge'));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fail(t('backupNotJson'));
  }
  const head = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (head.format !== BACKUP_FORMAT) return fail(t('backupNotBackup'));
  if (typeof head.version === 'number' && head.version > BACKUP_VERSION) return fail(t('backupNewer'));
  const parsed = backupSchema.safeParse(raw);
  if (parsed.success) return { ok: true, backup: upgraded(parsed.data) };
  const [issue] = parsed.error.issues;
  // An unknown field is named itself (`accounts[0].key`), not by the object that holds it.
  const path = issue?.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : (issue?.path ?? []);
  return fail(t('backupBadField', [fieldName(path), problem(issue, present(raw, issue?.path ?? []))]));
}

/** A backup of an earlier version as this version would have written it. */
function upgraded(backup: Backup): Backup {
  const kinds = backup.settings.reactionKinds;
  if (backup.version !== 1 || kinds === undefined) return backup;
  return { ...backup, settings: { ...backup.settings, reactionKinds: withProductLabels(kinds) } };
}

/** Whether the file has a value at `path` (zod's issues do not say whether a field was absent). */
function present(raw: unknown, path: readonly PropertyKey[]): boolean {
  let value = raw;
  for (const part of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) return false;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value !== undefined;
}

function fail(error: string): BackupError {
  return { ok: false, error };
}

/** `settings.reactionKinds[2].value`: the field as a reader finds it in the file. */
export function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const part of path) name += typeof part === 'number' ? `[${part}]` : `${name === '' ? '' : '.'}${String(part)}`;
  return name === '' ? t('backupWholeFile') : name;
}

/** What is wrong with one field, in words. */
function problem(issue: z.core.$ZodIssue | undefined, given: boolean): string {
  switch (issue?.code) {
    case 'unrecognized_keys':
      return t('backupProblemUnknown');
    case 'invalid_type':
      return given ? t('backupProblemType') : t('backupProblemMissing');
    case 'too_big':
      return t('backupProblemTooBig');
    case 'too_small':
      return t('backupProblemTooSmall');
    case 'custom':
      if (issue.message === 'twice') return t('backupProblemTwice');
      return t('backupProblemInvalid');
    default:
      return t('backupProblemInvalid');
  }
}
