import type { BudgetHeaderStyle } from '../budget-headers.js';
import type { Failure } from '../http/errors.js';
import type { Author } from '../store/accounts.js';
import type { AuthoredPostRecord, CommentRecord, PostRecord, ReactionRecord } from '../store/records.js';

/** What the key check knows, before a dialect writes it. */
export interface MeFacts {
  account: Author;
  scopes: string[];
  key: { id: string; last4: string; app: { id: string; name: string; test: boolean } };
}

/** An answer: status and JSON body (`undefined`: no body at all). */
export interface Answer {
  status: number;
  body: unknown;
}

/**
 * One server's choices wherever the spec is silent (sandbox/README.md, "Dialects"): field names
 * and nesting, time format, ids, error bodies and validation statuses, how pages fill, 201 or 202
 * for a held write, the key check's shape, the reaction record, 404 or 410 for a removed post, the
 * cursor's characters, the budget headers. What the spec fixes (`id`, `items`, `nextCursor`, 401/403/429, Retry-After,
 * Bearer keys) every dialect keeps.
 */
export interface Dialect {
  readonly name: string;
  /** One line for `--help` and the README. */
  readonly summary: string;
  me(facts: MeFacts): unknown;
  /** A timeline item. */
  item(record: PostRecord): unknown;
  /** A created post or comment, as its author gets it back. */
  created(record: AuthoredPostRecord | CommentRecord): Answer;
  /** A reaction; `created` false when the same one already existed (the sandbox answers 200 then). */
  reaction(record: ReactionRecord): Answer;
  /** Whether held and rejected posts use up a page's slots (pages then come back short, or empty, with a cursor). */
  readonly heldPostsTakeSlots: boolean;
  /** How many posts (published or not, see above) a page asking for `limit` covers. */
  pageSize(limit: number): number;
  /** The id a record is known by outside, and back (undefined: not one this dialect gave out). */
  idOut(internal: string): string | number;
  idIn(external: string): string | undefined;
  /** The cursor as sent, and back (undefined: not one this dialect gave out). */
  cursorOut(cursor: string): string;
  cursorIn(raw: string): string | undefined;
  /** An error answer, in this dialect's body format and status for validation. */
  error(failure: Failure): Response;
  /** The status for a write to a post that existed and was removed. */
  readonly removedStatus: 404 | 410;
  /** How write answers announce the account's budget, unless overridden (`--budget-headers`, the control). */
  readonly budgetHeaders: BudgetHeaderStyle;
}
