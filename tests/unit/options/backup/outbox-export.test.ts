import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  HISTORY_COLUMNS,
  historyCsv,
  historyFileName,
  historyJson,
  historyRow,
  type OutboxPage,
  readWholeOutbox,
} from '@/entrypoints/options/backup/outbox-export';
import type { OutboxItemView } from '@/lib/messages/fields';

/**
 * A CSV reader written apart from the writer (RFC 4180, the way spreadsheets read it), that also
 * takes back the `'` put before a cell that starts like a formula.
 */
function readCsv(text: string, { raw = false } = {}): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  const endCell = () => {
    row.push(!raw && cell.startsWith("'") ? cell.slice(1) : cell);
    cell = '';
  };
  for (; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += char;
  }
  return rows;
}

const T0 = Date.UTC(2026, 10, 27, 10, 0, 0);

function item(change: Partial<OutboxItemView> & Pick<OutboxItemView, 'id' | 'request' | 'state'>): OutboxItemView {
  return { account: 'acct-one', seq: 1, createdAt: T0, updatedAt: T0 + 1000, attempts: 1, resends: 0, ...change };
}

const names = new Map([['acct-one', 'Main']]);

/** Any text, often starting with what a spreadsheet or the CSV format treats specially. */
const body = fc
  .tuple(
    fc.constantFrom('', '=', '+', '-', '@', '\t', '\r', "'", '"', ',', '\n', '\r\n'),
    fc.string({ unit: 'grapheme' }),
  )
  .map(([start, rest]) => start + rest);

describe('Outbox history export', () => {
  it('puts a quote before a cell a spreadsheet would run, and quotes what needs it', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell("'quoted")).toBe("''quoted");
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('plain = fine')).toBe('plain = fine');
  });

  it('keeps any body as written through the CSV, and no cell starts like a formula', () => {
    fc.assert(
      fc.property(fc.array(body, { minLength: 1, maxLength: 5 }), body, (bodies, postId) => {
        const items = bodies.map((body, index) =>
          item({ id: `w${index}`, request: { kind: 'comment', postId, body }, state: { status: 'queued' } }),
        );
        const csv = historyCsv(items.map((entry) => historyRow(entry, names)));
        const rows = readCsv(csv);
        expect(rows).toHaveLength(bodies.length + 1);
        const bodyAt = HISTORY_COLUMNS.findIndex(([key]) => key === 'body');
        expect(rows.slice(1).map((row) => row[bodyAt])).toEqual(bodies);
        expect(rows.slice(1).every((row) => row.length === HISTORY_COLUMNS.length)).toBe(true);
        // As a spreadsheet sees the file: no raw cell starts with a formula character.
        const cells = readCsv(csv, { raw: true }).flat();
        expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('writes each state with its times, the platform id and the account name', () => {
    const rows = [
      item({
        id: 'a',
        request: { kind: 'post', body: 'Hello' },
        state: { status: 'sent', id: 'p_9', at: T0 + 5000, twins: ['p_10'] },
      }),
      item({
        id: 'b',
        account: 'https://old.example/',
        request: { kind: 'reaction', postId: 'p_1', reaction: 'agree' },
        state: { status: 'failed', at: T0, reason: { kind: 'forbidden', message: 'Missing scope' } },
      }),
      item({ id: 'c', request: { kind: 'post', body: 'x' }, state: { status: 'waiting', until: T0 + 60_000 } }),
    ].map((entry) => historyRow(entry, names));
    expect(rows[0]).toMatchObject({
      account: 'Main',
      kind: 'post',
      state: 'sent',
      createdAt: '2026-11-27T10:00:00.000Z',
      updatedAt: '2026-11-27T10:00:01.000Z',
      sentAt: '2026-11-27T10:00:05.000Z',
      platformId: 'p_9',
      twins: 'p_10',
    });
    expect(rows[1]).toMatchObject({
      account: 'https://old.example/',
      reaction: 'agree',
      body: '',
      detail: 'Missing scope',
    });
    expect(rows[2]).toMatchObject({ state: 'waiting', detail: '2026-11-27T10:01:00.000Z', platformId: '' });
    const csv = readCsv(historyCsv(rows));
    expect(csv[0]).toEqual(HISTORY_COLUMNS.map(([, header]) => header));
    const json = JSON.parse(historyJson(rows, new Date(T0)));
    expect(json).toEqual({
      format: 'debate-companion-outbox',
      version: 1,
      exportedAt: '2026-11-27T10:00:00.000Z',
      items: rows,
    });
    expect(historyFileName(new Date(T0), 'csv')).toBe('debate-companion-outbox-2026-11-27.csv');
  });

  it('reads every page, newest first, and stops at the last one or a cursor that repeats', async () => {
    const all = Array.from({ length: 450 }, (_, index) =>
      item({ id: `w${450 - index}`, request: { kind: 'post', body: `b${index}` }, state: { status: 'queued' } }),
    );
    const cursors: (string | undefined)[] = [];
    const list = async (cursor: string | undefined): Promise<OutboxPage> => {
      cursors.push(cursor);
      const start = cursor === undefined ? 0 : Number(cursor);
      const next = start + 200 < all.length ? String(start + 200) : null;
      return { items: all.slice(start, start + 200), nextCursor: next };
    };
    expect(await readWholeOutbox(list)).toEqual(all);
    expect(cursors).toEqual([undefined, '200', '400']);

    let calls = 0;
    const stuck = async (): Promise<OutboxPage> => {
      calls++;
      return { items: all.slice(0, 2), nextCursor: '5' };
    };
    expect(await readWholeOutbox(stuck)).toHaveLength(2);
    expect(calls).toBe(2);
    await expect(readWholeOutbox(async () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
  });
});
