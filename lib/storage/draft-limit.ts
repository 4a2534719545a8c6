/** Longest draft kept or handed to the composer (a quote plus its page URL; the user trims it there). */
export const MAX_DRAFT_LENGTH = 8000;
