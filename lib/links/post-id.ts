/**
 * A post id as the protocol's `idSchema` (lib/messages/fields.ts) accepts it, checked without zod
 * because this runs in the content script: ≤ 100 characters of `A–Z a–z 0–9 _ - : .`, never
 * starting with `.` (so never `.` or `..`). A unit test keeps the two in agreement.
 */
const POST_ID = /^[A-Za-z0-9_:-][A-Za-z0-9_.:-]*$/;

/** Longest post id the protocol accepts. */
export const MAX_POST_ID_LENGTH = 100;

/** True when `value` is a post id the background will accept. */
export function isPostId(value: string): boolean {
  return value.length <= MAX_POST_ID_LENGTH && POST_ID.test(value);
}
