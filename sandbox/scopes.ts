/** Every scope the platform knows. */
export const SCOPES = ['posts:read', 'posts:write', 'debates:write', 'reactions:write'] as const;

/** One scope. */
export type Scope = (typeof SCOPES)[number];

/** Type guard for scope names. */
export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Reaction kinds the sandbox accepts; `well_sourced` is the spec's, the others are the sandbox's choice. */
export const REACTION_KINDS = ['well_sourced', 'agree', 'insightful'] as const;

/** One reaction kind. */
export type ReactionKind = (typeof REACTION_KINDS)[number];

/** Type guard for reaction kinds. */
export function isReactionKind(value: string): value is ReactionKind {
  return (REACTION_KINDS as readonly string[]).includes(value);
}
