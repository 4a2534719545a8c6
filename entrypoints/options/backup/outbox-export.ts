import type { OutboxItemView } from '@/lib/messages/fields';

/*
 * The Outbox history as a file: one row per write, as CSV (for a spreadsheet) or JSON. Post bodies
 * are the user's text, and a spreadsheet runs a cell that starts like a formula: such cells are
 * neutralised (see `csvCell`).
 */

/** One write of the history, flat. Times are ISO 8601 (UTC); absent values are empty. */
export interface HistoryRow {
  id: string;
  account: string;
  kind: 'post' | 'comment' | 'reaction';
  postId: string;
  reaction: string;
  body: string;
  state: OutboxItemView['state']['status'];
  createdAt: string;
  updatedAt: string;
  sentAt: string;
  platformId: string;
  twins: string;
  detail: string;
}

/** The columns, in order, with their CSV headers. */
export const HISTORY_COLUMNS: readonly (readonly [keyof HistoryRow, string])[] = [
  ['id', 'id'],
  ['account', 'account'],
  ['kind', 'kind'],
  ['postId', 'post_id'],
  ['reaction', 'reaction'],
  ['body', 'body'],
  ['state', 'state'],
  ['createdAt', 'created_at'],
  ['updatedAt', 'updated_at'],
  ['sentAt', 'sent_at'],
  ['platformId', 'platform_id'],
  ['twins', 'twins'],
  ['detail', 'detail'],
];

const iso = (ms: number | undefined): string => {
  if (ms === undefined || !Number.isFinite(ms)) return '';
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
};

/** An item as a row; `names` maps account ids to the names shown in the extension. */
export function historyRow(item: OutboxItemView, names: ReadonlyMap<string, string>): HistoryRow {
  const { request, state } = item;
  return {
    id: item.id,
    account: names.get(item.account) ?? item.account,
    kind: request.kind,
    postId: request.kind === 'post' ? '' : request.postId,
    reaction: request.kind === 'reaction' ? request.reaction : '',
    body: request.kind === 'reaction' ? '' : request.body,
    state: state.status,
    createdAt: iso(item.createdAt),
    updatedAt: iso(item.updatedAt),
    sentAt: state.status === 'sent' ? iso(state.at) : '',
    platformId: state.status === 'sent' ? (state.id ?? '') : '',
    twins: state.status === 'sent' ? (state.twins ?? []).join(' ') : '',
    detail:
      state.status === 'failed'
        ? state.reason.message
        : state.status === 'uncertain'
          ? state.detail
          : state.status === 'waiting'
            ? iso(state.until)
            : '',
  };
}

/**
 * Starts of a cell a spreadsheet may read as a formula (`=`, `+`, `-`, `@`, and a tab or carriage
 * return before one), and `'` itself so the prefix can always be told from the user's text.
 */
const FORMULA_START = /^[=+\-@\t\r']/;

/**
 * One CSV cell: a text that starts like a formula gets a leading `'` (the spreadsheet shows it as
 * text), then the cell is quoted when it holds a quote, comma or line break, with quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The rows as CSV (RFC 4180: CRLF between records), with a header and a byte-order mark so
 * spreadsheets read the text as UTF-8.
 */
export function historyCsv(rows: readonly HistoryRow[]): string {
  const lines = [HISTORY_COLUMNS.map(([, header]) => header).join(',')];
  for (const row of rows) lines.push(HISTORY_COLUMNS.map(([key]) => csvCell(row[key])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The rows as a JSON document, with what it is and when it was made. */
export function historyJson(rows: readonly HistoryRow[], now: Date): string {
  const document = { format: 'debate-companion-outbox', version: 1, exportedAt: now.toISOString(), items: rows };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The file name of a history export: `debate-companion-outbox-2026-11-27.csv`. */
export function historyFileName(now: Date, extension: 'csv' | 'json'): string {
  return `debate-companion-outbox-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** A page of the Outbox, as `listOutbox` answers. */
export interface OutboxPage {
  items: OutboxItemView[];
  nextCursor: string | null;
}

/** Most pages read: 500 pages of 200 is far beyond any history the bounds keep. */
const MAX_PAGES = 500;

/**
 * Every item of the Outbox, newest first, read page by page with `list` (`listOutbox`); stops at the
 * last page, or if a cursor comes back twice. Rejects with the error `list` gives.
 */
export async function readWholeOutbox(list: (cursor: string | undefined) => Promise<OutboxPage>) {
  const items: OutboxItemView[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await list(cursor);
    for (const item of answer.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
    if (answer.nextCursor === null || answer.nextCursor === cursor) break;
    cursor = answer.nextCursor;
  }
  return items;
}
