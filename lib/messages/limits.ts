/*
 * The protocol's size limits, without zod: content scripts and the panel's first paint use them
 * too, and must not pull the schema library in for a few numbers. `fields.ts` builds the schemas
 * that enforce them.
 */

/** Longest post or comment body, in UTF-16 code units after trimming (never more than the server's characters). */
export const MAX_BODY_LENGTH = 2000;
/** Longest draft handed to the composer (a quote plus its page URL; the user trims it there). */
export const MAX_DRAFT_LENGTH = 8000;
/** Most post ids one `watch` message of the `post-states` port may name. */
export const MAX_POST_IDS = 200;

/** The longest page address "This page" looks up (longer ones are refused at the door). */
export const MAX_PAGE_URL_LENGTH = 8192;
