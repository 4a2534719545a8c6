import type { CursorCodec } from './cursor.js';
import type { Outcome } from './http/body.js';
import { failure } from './http/errors.js';
import { type ContentStore, type PostRow, SEQ_CEILING } from './store/content.js';
import type { PostRecord } from './store/records.js';

/** Page size when `limit` is not given. */
export const DEFAULT_LIMIT = 20;
/** Largest accepted `limit`. */
export const MAX_LIMIT = 100;

/** A timeline page, as `GET /v1/timelines/public` returns it. */
export interface TimelinePage {
  items: PostRecord[];
  nextCursor: string | null;
}

/** Parses `limit` and `cursor` (each at most once) into a page request. */
export function parsePageQuery(
  params: URLSearchParams,
  cursors: Pick<CursorCodec, 'decode'>,
): Outcome<{ limit: number; beforeSeq: number }> {
  const limits = params.getAll('limit');
  const cursorValues = params.getAll('cursor');
  let limit = DEFAULT_LIMIT;
  if (limits.length > 0) {
    const text = limits[0] ?? '';
    if (limits.length > 1 || !/^[1-9][0-9]{0,2}$/.test(text) || Number(text) > MAX_LIMIT) {
      return {
        ok: false,
        failure: failure(400, 'invalid_limit', `limit must be a whole number from 1 to ${MAX_LIMIT}.`, {
          min: 1,
          max: MAX_LIMIT,
        }),
      };
    }
    limit = Number(text);
  }
  let beforeSeq = SEQ_CEILING;
  if (cursorValues.length > 0) {
    const seq = cursorValues.length === 1 ? cursors.decode(cursorValues[0] ?? '') : undefined;
    if (seq === undefined) {
      return {
        ok: false,
        failure: failure(400, 'invalid_cursor', 'cursor is not a nextCursor value this service issued.'),
      };
    }
    beforeSeq = seq;
  }
  return { ok: true, value: { limit, beforeSeq } };
}

/**
 * One page of published posts, newest first. Keyset on the post sequence, never an offset: posts that
 * arrive while a client pages sit above its cursor, so they cause neither a duplicate nor a gap.
 */
export function timelinePage(
  content: ContentStore,
  cursors: CursorCodec,
  limit: number,
  beforeSeq: number,
  filling: { heldPostsTakeSlots: boolean } = { heldPostsTakeSlots: false },
): { page: TimelinePage; rows: PostRow[] } {
  const rows = filling.heldPostsTakeSlots
    ? content.postsBefore(beforeSeq, limit + 1)
    : content.publishedBefore(beforeSeq, limit + 1);
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const nextCursor = rows.length > limit && last ? cursors.encode(last.seq) : null;
  // Held and rejected posts used up their slots: the page may come back short, or empty, with a cursor.
  const shown = pageRows.filter((row) => row.state === 'published');
  return { page: { items: content.postRecords(shown), nextCursor }, rows: shown };
}
