import { describe, expect, it } from 'vitest';
import type { OutboxItemView } from '@/lib/messages/fields';
import { excerpt, groupOutbox, pacedHeadsOf } from '@/lib/ui/outbox-groups';

const item = (seq: number, state: OutboxItemView['state'], updatedAt = seq): OutboxItemView => ({
  id: `o${seq}`,
  account: 'http://127.0.0.1:1',
  seq,
  request: { kind: 'post', body: `post ${seq}` },
  state,
  createdAt: seq,
  updatedAt,
  attempts: 0,
  resends: 0,
});

describe('groupOutbox', () => {
  it('puts decisions first (newest first), then pending in send order, then sent (newest first)', () => {
    const groups = groupOutbox([
      item(1, { status: 'sent', id: 'p_1', at: 100 }),
      item(2, { status: 'failed', reason: { kind: 'invalid', message: 'x' }, at: 50 }),
      item(3, { status: 'queued' }),
      item(4, { status: 'waiting', until: 999 }),
      item(5, { status: 'sent', id: 'p_5', at: 200 }),
      item(6, { status: 'uncertain', since: 1, at: 60, detail: 'unknown: not_found' }),
      item(7, { status: 'sending', since: 1 }),
    ]);
    expect(groups.map((g) => [g.name, g.items.map((i) => i.seq)])).toEqual([
      ['attention', [6, 2]],
      ['pending', [3, 4, 7]],
      ['sent', [5, 1]],
    ]);
  });

  it('names the next write of each paced account, and only that one', () => {
    const other = { ...item(4, { status: 'queued' }), account: 'http://127.0.0.1:2' };
    const heads = pacedHeadsOf(
      [
        item(3, { status: 'queued' }),
        item(2, { status: 'queued' }),
        item(1, { status: 'sent', id: 'p', at: 1 }),
        other,
      ],
      [
        { id: 'http://127.0.0.1:1', pacedUntil: 5_000 },
        { id: 'http://127.0.0.1:2', pacedUntil: null },
      ],
    );
    expect([...heads]).toEqual([['o2', 5_000]]);
  });

  it('leaves out empty groups', () => {
    expect(groupOutbox([])).toEqual([]);
    expect(groupOutbox([item(1, { status: 'queued' })]).map((g) => g.name)).toEqual(['pending']);
  });
});

describe('excerpt', () => {
  it('keeps short text, flattens whitespace', () => {
    expect(excerpt('  Hello\n\n world  ')).toBe('Hello world');
  });

  it('cuts long text on a word boundary with an ellipsis', () => {
    const text = 'word '.repeat(50);
    const cut = excerpt(text, 22);
    expect(cut).toBe('word word word word…');
    expect(cut.length).toBeLessThanOrEqual(23);
  });
});
