import type { OutboxItem } from './types';

/**
 * The Outbox as pages see it: what needs them or is on its way in full, the history of sent writes
 * in pages, newest first. A page's first picture and each push stay the same size however long the
 * history grows (at most `keepSent` writes: see `Outbox.pruneSent`).
 */

/** How many sent writes a page's first picture holds; older ones come with `pageOutbox`. */
export const FIRST_SENT = 50;
/** The most items one `pageOutbox` call answers. */
export const MAX_PAGE = 200;

/** A page of items (newest first) and where the next one starts (null: none). */
export interface OutboxPage {
  items: OutboxItem[];
  nextCursor: string | null;
}

/** The cursor of the page that starts below `seq`. */
const cursorAt = (seq: number) => String(seq);

/**
 * The first picture a page gets: every write that is not sent (on its way, failed, uncertain: never
 * hidden) and the newest {@link FIRST_SENT} sent ones; `nextCursor` reads on from the oldest of those.
 */
export function firstOutboxPage(items: readonly OutboxItem[], sentShown = FIRST_SENT): OutboxPage {
  const newestFirst = [...items].sort((a, b) => b.seq - a.seq);
  const sent = newestFirst.filter((item) => item.state.status === 'sent');
  const shownSent = sent.slice(0, sentShown);
  const shown = new Set([...newestFirst.filter((item) => item.state.status !== 'sent'), ...shownSent]);
  const last = shownSent.at(-1);
  return {
    items: newestFirst.filter((item) => shown.has(item)),
    nextCursor: sent.length > shownSent.length && last !== undefined ? cursorAt(last.seq) : null,
  };
}

/** Items older than `cursor` (a `seq`), newest first, at most `limit` (1–{@link MAX_PAGE}). */
export function pageOutbox(items: readonly OutboxItem[], cursor: string | undefined, limit: number): OutboxPage {
  const below = cursor === undefined ? Number.POSITIVE_INFINITY : Number(cursor);
  const size = Math.min(MAX_PAGE, Math.max(1, Math.floor(limit)));
  const older = items.filter((item) => item.seq < below).sort((a, b) => b.seq - a.seq);
  const page = older.slice(0, size);
  const last = page.at(-1);
  return { items: page, nextCursor: older.length > page.length && last !== undefined ? cursorAt(last.seq) : null };
}
