import { type MessageKey, t } from '@/lib/i18n';
import { normalizeHostEntry } from '@/lib/links/hosts';
import { type PatternError, parsePermalinkPattern } from '@/lib/links/pattern';
import { kindLabel, productLabel, type ReactionKind, type ShownReactionKind } from '@/lib/storage/reaction-kinds';
import { reactionKindSchema } from '@/lib/storage/settings';
import {
  MAX_EXCLUDED_HOSTS,
  MAX_HANDLE_LENGTH,
  MAX_HOST_LENGTH,
  MAX_LINK_PATTERNS,
  MAX_MUTED_AUTHORS,
  MAX_MUTED_WORD_LENGTH,
  MAX_MUTED_WORDS,
  MAX_PATTERN_LENGTH,
  MUTED_HANDLE,
} from '@/lib/storage/settings-limits';
import { fold, handleKey } from '@/lib/ui/timeline-filter';

/*
 * What the options page checks before it saves a setting, worded for the user. The rules are the
 * settings schema's (lib/storage/settings.ts) and the content script's parsers (lib/links/), so a
 * value the page accepts is one the background and the content script accept too.
 */

/** The words for what is wrong with one reaction kind row; empty when it is fine. */
interface ReactionRowErrors {
  value?: string;
  label?: string;
}

/**
 * A reaction kind as the editor holds it: the words in its label field, and whether they are the
 * user's (typed, or kept from a label the user typed before) or the product's (a kind stored without
 * a label shows the product's words in the browser's language, and stays without one until the user
 * types in its label field).
 */
export interface KindRow extends ShownReactionKind {
  own: boolean;
}

/** The editor's rows for the stored kinds. */
export function kindRows(kinds: readonly ReactionKind[]): KindRow[] {
  return kinds.map((kind) => ({ value: kind.value, label: kindLabel(kind), own: kind.label !== undefined }));
}

/** Checks the reaction kinds as typed: each row's value and label, and no value twice. */
export function checkReactionKinds(rows: readonly ShownReactionKind[]): ReactionRowErrors[] {
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(row.value.trim(), (seen.get(row.value.trim()) ?? 0) + 1);
  return rows.map((row) => {
    const errors: ReactionRowErrors = {};
    const value = row.value.trim();
    if (value === '') errors.value = t('optionsKindValueEmpty');
    else if (!reactionKindSchema.shape.value.safeParse(value).success) errors.value = t('optionsKindValueBad');
    else if ((seen.get(value) ?? 0) > 1) errors.value = t('optionsKindValueTwice');
    if (row.label.trim() === '') errors.label = t('optionsKindLabelEmpty');
    else if (!reactionKindSchema.shape.label.safeParse(row.label).success) errors.label = t('optionsKindLabelLong');
    return errors;
  });
}

/**
 * The reaction kinds as saved (trimmed), or undefined while any row has an error. A row showing the
 * product's words is saved without a label (they follow the browser's language); a label the user
 * typed is saved as typed. (A row whose value changed to one the product has no words for keeps the
 * words it shows, as the user's.)
 */
export function reactionKindsToSave(rows: readonly KindRow[]): ReactionKind[] | undefined {
  const errors = checkReactionKinds(rows);
  if (rows.length === 0 || errors.some((e) => e.value !== undefined || e.label !== undefined)) return undefined;
  return rows.map((row) => {
    const value = row.value.trim();
    return !row.own && productLabel(value) !== undefined ? { value } : { value, label: row.label.trim() };
  });
}

/** Non-empty, trimmed lines of a textarea. */
export function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const PATTERN_ERROR: Record<PatternError, MessageKey> = {
  invalid: 'optionsPatternInvalid',
  not_http: 'optionsPatternNotHttp',
  credentials: 'optionsPatternCredentials',
  no_id: 'optionsPatternNoId',
  several_ids: 'optionsPatternSeveralIds',
  id_outside_path: 'optionsPatternIdOutsidePath',
  id_not_segment: 'optionsPatternIdNotSegment',
};

/** A problem with one line of a list, for the user: which line and what is wrong. */
export interface LineError {
  line: string;
  text: string;
}

/** Checks post-link patterns, one per line; answers the patterns to save or what is wrong. */
export function checkLinkPatterns(text: string): { ok: true; value: string[] } | { ok: false; errors: LineError[] } {
  const entries = lines(text);
  const errors: LineError[] = [];
  for (const line of entries) {
    if (line.length > MAX_PATTERN_LENGTH)
      errors.push({ line, text: t('optionsLineTooLong', String(MAX_PATTERN_LENGTH)) });
    else {
      const parsed = parsePermalinkPattern(line);
      if (!parsed.ok) errors.push({ line, text: t(PATTERN_ERROR[parsed.error]) });
    }
  }
  if (entries.length > MAX_LINK_PATTERNS) {
    errors.push({ line: '', text: t('optionsTooManyLines', String(MAX_LINK_PATTERNS)) });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: [...new Set(entries)] };
}

/** Checks excluded hosts, one per line (`example.com`, a URL, `*.example.com`); saves them normalized. */
export function checkExcludedHosts(text: string): { ok: true; value: string[] } | { ok: false; errors: LineError[] } {
  const entries = lines(text);
  const errors: LineError[] = [];
  const hosts: string[] = [];
  for (const line of entries) {
    const host = normalizeHostEntry(line);
    if (host === undefined || host.length > MAX_HOST_LENGTH) errors.push({ line, text: t('optionsHostInvalid') });
    else hosts.push(host);
  }
  if (entries.length > MAX_EXCLUDED_HOSTS) {
    errors.push({ line: '', text: t('optionsTooManyLines', String(MAX_EXCLUDED_HOSTS)) });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: [...new Set(hosts)] };
}

/** Checks muted words and phrases, one per line; the same word twice (case, accents) is kept once. */
export function checkMutedWords(text: string): { ok: true; value: string[] } | { ok: false; errors: LineError[] } {
  const entries = lines(text);
  const errors: LineError[] = entries
    .filter((line) => line.length > MAX_MUTED_WORD_LENGTH)
    .map((line) => ({ line, text: t('optionsLineTooLong', String(MAX_MUTED_WORD_LENGTH)) }));
  if (entries.length > MAX_MUTED_WORDS)
    errors.push({ line: '', text: t('optionsTooManyLines', String(MAX_MUTED_WORDS)) });
  if (errors.length > 0) return { ok: false, errors };
  const seen = new Set<string>();
  return { ok: true, value: entries.filter((line) => !seen.has(fold(line)) && seen.add(fold(line))) };
}

/** Checks muted handles, one per line (`@alice` or `alice`); saves them without the `@`, lower case. */
export function checkMutedAuthors(text: string): { ok: true; value: string[] } | { ok: false; errors: LineError[] } {
  const entries = lines(text);
  const errors: LineError[] = [];
  const handles: string[] = [];
  for (const line of entries) {
    const handle = handleKey(line);
    if (handle.length > MAX_HANDLE_LENGTH)
      errors.push({ line, text: t('optionsLineTooLong', String(MAX_HANDLE_LENGTH)) });
    else if (!MUTED_HANDLE.test(handle)) errors.push({ line, text: t('optionsMutedAuthorBad') });
    else handles.push(handle);
  }
  if (entries.length > MAX_MUTED_AUTHORS) {
    errors.push({ line: '', text: t('optionsTooManyLines', String(MAX_MUTED_AUTHORS)) });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: [...new Set(handles)] };
}
