/*
 * The protocol's size limits, without zod: content scripts and the panel's first paint use them
 * too, and must not pull the schema library in for a few numbers. `fields.ts` builds the schemas
 * that enforce them.
 */

/** Longest post or comment body, in UTF-16 code units after trimming (never more than the server's characters). */
export const MAX_BODY_LENGTH = 2000;
/** Most post ids one `watch` message of the `post-states` port may name. */
export const MAX_POST_IDS = 200;

/** The longest page address "This page" looks up (longer ones are refused at the door). */
export const MAX_PAGE_URL_LENGTH = 8192;

/** Longest id (post id, Outbox item id). */
export const MAX_ID_LENGTH = 100;
/** An id's alphabet: `A–Z a–z 0–9 _ - : .`, never starting with `.`. */
export const ID_PATTERN = /^[A-Za-z0-9_:-][A-Za-z0-9_.:-]*$/;

/** Whether `text` is an id the protocol accepts (what `idSchema` checks, without zod). */
export function isId(text: string): boolean {
  return text.length <= MAX_ID_LENGTH && ID_PATTERN.test(text);
}

/** How far ahead a write may be scheduled, and past what delay it "went late" (the Outbox's rules). */
export { LATE_MS, MAX_SCHEDULE_AHEAD_MS, wentLateBy } from '@/lib/queue/scheduled';
