import { type MessageKey, t } from '@/lib/i18n';
import type { AccountView } from '@/lib/messages/fields';
import type { KeyMap } from '@/lib/storage/keymap';
import { kindLabel, type ReactionKind } from '@/lib/storage/reaction-kinds';
import { mergeSaved, type SavedPost } from '@/lib/storage/saved-posts';
import type { Settings } from '@/lib/storage/settings';
import { shortcutLines } from '@/lib/ui/timeline-keys';
import type { Backup, BackupAccount, BackupSettings } from './format';

/** One setting a backup would change, in words: what it is now and what it becomes. */
export interface SettingChange {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** An account here whose reserve the backup would set. */
export interface ReserveChange {
  id: string;
  name: string;
  from: number;
  to: number;
}

/** What importing a backup would do, shown before it is done. */
export interface ImportPlan {
  /** The settings that differ, as `saveSettings` takes them (empty: nothing to save). */
  patch: BackupSettings;
  changes: SettingChange[];
  reserves: ReserveChange[];
  /** Accounts in the file that this browser does not have: to add again, with their keys. */
  missing: BackupAccount[];
  /** The file's saved posts not saved here yet (added, never replacing), and how many do not fit. */
  saved: { add: SavedPost[]; noRoom: number };
}

/** The words for each setting; a setting added later without words here shows its field name. */
const LABELS: Partial<Record<string, MessageKey>> = {
  reactionKinds: 'backupFieldReactionKinds',
  linkPatterns: 'backupFieldLinkPatterns',
  decorateAllSites: 'backupFieldAllSites',
  excludedHosts: 'backupFieldExcludedHosts',
  keepSent: 'backupFieldKeepSent',
  keepSentDays: 'backupFieldKeepSentDays',
  notify: 'backupFieldNotify',
  mutedWords: 'backupFieldMutedWords',
  mutedAuthors: 'backupFieldMutedAuthors',
  keys: 'backupFieldKeys',
};

/** Longest value shown in a change; the rest is cut with "…". */
const SHOWN = 200;

/** A setting's value in words: on/off, a number, a list, or "none". */
export function describeValue(value: unknown): string {
  let text: string;
  if (value === undefined || value === null) text = t('backupNone');
  else if (typeof value === 'boolean') text = value ? t('backupOn') : t('backupOff');
  else if (Array.isArray(value)) {
    text =
      value.length === 0
        ? t('backupNone')
        : value
            .map((entry) => (isKind(entry) ? `${kindLabel(entry)} (${entry.value})` : describeValue(entry)))
            .join(', ');
  } else if (typeof value === 'string' || typeof value === 'number') text = String(value);
  else if (isKeyMap(value)) text = keymapWords(value);
  else text = JSON.stringify(value) ?? '';
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

/** The single-key shortcuts in words: "j Next post, k Previous post, …", or that they are off. */
function keymapWords(keys: KeyMap): string {
  if (!keys.on) return t('keysAllOff');
  return shortcutLines(keys)
    .map((line) => `${line.keys.join('–')} ${t(line.label)}`)
    .join(', ');
}

function isKeyMap(value: unknown): value is KeyMap {
  return typeof value === 'object' && value !== null && 'on' in value && 'react' in value;
}

/** A reaction kind (its label is absent when it says the product's words). */
function isKind(value: unknown): value is ReactionKind {
  return typeof value === 'object' && value !== null && typeof (value as { value?: unknown }).value === 'string';
}

/** The account here that a backed-up one stands for: same address and label, else the only one at that address. */
function matchAccount(entry: BackupAccount, file: readonly BackupAccount[], here: readonly AccountView[]) {
  const same = here.find((account) => account.baseUrl === entry.baseUrl && account.label === entry.label);
  if (same !== undefined) return same;
  const atAddress = here.filter((account) => account.baseUrl === entry.baseUrl);
  const inFile = file.filter((other) => other.baseUrl === entry.baseUrl);
  return atAddress.length === 1 && inFile.length === 1 ? atAddress[0] : undefined;
}

/** What importing `backup` over these settings, accounts and saved posts would change. */
export function planImport(
  current: Settings,
  accounts: readonly AccountView[],
  backup: Backup,
  saved: readonly SavedPost[] = [],
): ImportPlan {
  const patch: Record<string, unknown> = {};
  const changes: SettingChange[] = [];
  const now = current as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(backup.settings)) {
    if (value === undefined || JSON.stringify(value) === JSON.stringify(now[field])) continue;
    patch[field] = value;
    const label = LABELS[field];
    changes.push({
      field,
      label: label === undefined ? field : t(label),
      from: describeValue(now[field]),
      to: describeValue(value),
    });
  }
  const reserves: ReserveChange[] = [];
  const missing: BackupAccount[] = [];
  const file = backup.accounts ?? [];
  for (const entry of file) {
    const account = matchAccount(entry, file, accounts);
    if (account === undefined) missing.push(entry);
    else if (account.reserve !== entry.reserve)
      reserves.push({ id: account.id, name: account.name, from: account.reserve, to: entry.reserve });
  }
  const { added, noRoom } = mergeSaved(saved, backup.saved ?? []);
  return { patch: patch as BackupSettings, changes, reserves, missing, saved: { add: added, noRoom } };
}

/** True when importing would change nothing and leaves no account to add. */
export function isEmptyPlan(plan: ImportPlan): boolean {
  return (
    plan.changes.length === 0 && plan.reserves.length === 0 && plan.missing.length === 0 && plan.saved.add.length === 0
  );
}
