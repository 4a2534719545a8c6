import { type MessageKey, t } from '@/lib/i18n';

/*
 * Reaction kinds without zod: the side panel draws its buttons from these before the schema library
 * is loaded (the schema that checks them is `reactionKindSchema` in settings.ts).
 *
 * Whose words a button says (docs/decisions.md, "The default reaction's words"): a label the user
 * typed is kept and shown exactly as typed; a kind stored without a label says the product's words
 * for it, from the messages of the browser's language, looked up when it is drawn ("Well sourced",
 * "Gut belegt", "Bien sourcé"). The default kind is stored without one.
 */

/** A reaction the user can place: the API's `kind` value and, when the user typed one, its button's label. */
export interface ReactionKind {
  value: string;
  /** The user's words; absent: the product's words for `value`, in the browser's language. */
  label?: string | undefined;
}

/** A kind as a button shows it: with its words, whoever chose them. */
export interface ShownReactionKind {
  value: string;
  label: string;
}

/** The kinds before the user sets any: the spec's example, `well_sourced`, in the product's words. */
export const DEFAULT_REACTION_KINDS: readonly ReactionKind[] = [{ value: 'well_sourced' }];

/** The kinds the product has words for (a message each, in every language it ships). */
const PRODUCT_LABELS: Readonly<Record<string, MessageKey>> = { well_sourced: 'reactionWellSourced' };

/**
 * The English words earlier versions stored as the default kind's label (the product's, never
 * typed): stored settings and old backups that still hold them are given the product's words again
 * (`withProductLabels`), so they follow the browser's language.
 */
const OLD_DEFAULT_LABELS: Readonly<Record<string, string>> = { well_sourced: 'Well sourced' };

/** What a kind's `value` may be: the API's naming of kinds (`well_sourced`). */
export const REACTION_KIND_VALUE = /^[a-z][a-z0-9_]{0,39}$/;
/** Longest label, after trimming. */
export const MAX_REACTION_LABEL = 40;

/** The product's words for a kind in the browser's language; undefined for a kind the product does not know. */
export function productLabel(value: string): string | undefined {
  const key = PRODUCT_LABELS[value];
  return key === undefined ? undefined : t(key);
}

/** The words on a kind's button: the user's label, else the product's words, else the API's value itself. */
export function kindLabel(kind: ReactionKind): string {
  return kind.label ?? productLabel(kind.value) ?? kind.value;
}

/** The kinds as buttons show them (`kindLabel` of each). */
export function shownKinds(kinds: readonly ReactionKind[]): ShownReactionKind[] {
  return kinds.map((kind) => ({ value: kind.value, label: kindLabel(kind) }));
}

/**
 * Kinds written by a version that stored the default kind's English words as its label: a kind
 * whose label is exactly those words gets none (the product's words, in the browser's language).
 * Only for what such a version wrote (stored settings once, a backup file of that version): a label
 * the user types now is theirs, whatever it says.
 */
export function withProductLabels<T extends ReactionKind>(kinds: readonly T[]): T[] {
  return kinds.map((kind) => {
    if (kind.label === undefined || OLD_DEFAULT_LABELS[kind.value] !== kind.label) return kind;
    const { label: _old, ...rest } = kind;
    return rest as T;
  });
}

/** A well-formed kind, as `reactionKindSchema` (settings.ts) would accept it unchanged. */
export function isReactionKind(value: unknown): value is ReactionKind {
  if (typeof value !== 'object' || value === null) return false;
  const { value: kind, label } = value as Partial<Record<keyof ReactionKind, unknown>>;
  return (
    typeof kind === 'string' &&
    REACTION_KIND_VALUE.test(kind) &&
    (label === undefined ||
      (typeof label === 'string' && label === label.trim() && label.length > 0 && label.length <= MAX_REACTION_LABEL))
  );
}
