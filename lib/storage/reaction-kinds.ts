/*
 * Reaction kinds without zod: the side panel draws its buttons from these before the schema library
 * is loaded (the schema that checks them is `reactionKindSchema` in settings.ts).
 */

/** A reaction the user can place: the API's `kind` value and the label shown on its button. */
export interface ReactionKind {
  value: string;
  label: string;
}

/** The kinds before the user sets any: the spec's example, "Well sourced". */
export const DEFAULT_REACTION_KINDS: readonly ReactionKind[] = [{ value: 'well_sourced', label: 'Well sourced' }];

/** What a kind's `value` may be: the API's naming of kinds (`well_sourced`). */
export const REACTION_KIND_VALUE = /^[a-z][a-z0-9_]{0,39}$/;
/** Longest label, after trimming. */
export const MAX_REACTION_LABEL = 40;

/** A well-formed kind, as `reactionKindSchema` (settings.ts) would accept it unchanged. */
export function isReactionKind(value: unknown): value is ReactionKind {
  if (typeof value !== 'object' || value === null) return false;
  const { value: kind, label } = value as Partial<Record<keyof ReactionKind, unknown>>;
  return (
    typeof kind === 'string' &&
    REACTION_KIND_VALUE.test(kind) &&
    typeof label === 'string' &&
    label === label.trim() &&
    label.length > 0 &&
    label.length <= MAX_REACTION_LABEL
  );
}
