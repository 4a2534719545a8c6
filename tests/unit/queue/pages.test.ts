import { describe, expect, it } from 'vitest';
import { FIRST_SENT, firstOutboxPage, pageOutbox } from '@/lib/queue/pages';
import type { OutboxItem } from '@/lib/queue/types';

const item = (seq: number, status: 'sent' | 'queued' | 'failed'): OutboxItem =>
  ({
    id: `o_${seq}`,
    account: 'https://debate.example',
    seq,
    request: { kind: 'post', body: `Post ${seq}` },
    state:
      status === 'sent'
        ? { status, id: `p_${seq}`, at: seq }
        : status === 'failed'
          ? { status, reason: { kind: 'invalid', message: 'x' }, at: seq }
          : { status },
    createdAt: seq,
    updatedAt: seq,
    attempts: 0,
    resends: 0,
  }) as OutboxItem;

describe('the Outbox in pages', () => {
  const history = [
    item(1, 'failed'),
    ...Array.from({ length: 10_000 }, (_, n) => item(n + 2, 'sent')),
    item(10_002, 'queued'),
  ];

  it('first shows every write not sent, whatever its age, and the newest sent ones', () => {
    const page = firstOutboxPage(history);
    expect(page.items).toHaveLength(FIRST_SENT + 2);
    expect(page.items.map((i) => i.seq).slice(0, 3)).toEqual([10_002, 10_001, 10_000]);
    expect(page.items.at(-1)?.seq).toBe(1);
    expect(page.nextCursor).toBe(String(10_001 - FIRST_SENT + 1));
    expect(firstOutboxPage(history.slice(0, 5)).nextCursor).toBeNull();
  });

  it('reads on from a cursor, newest first, bounded, to the end', () => {
    const first = firstOutboxPage(history);
    const next = pageOutbox(history, first.nextCursor ?? undefined, 100);
    expect(next.items).toHaveLength(100);
    expect(next.items[0]?.seq).toBe(Number(first.nextCursor) - 1);
    expect(pageOutbox(history, undefined, 10_000).items).toHaveLength(200);
    let cursor: string | undefined;
    let seen = 0;
    do {
      const page = pageOutbox(history, cursor, 200);
      seen += page.items.length;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen).toBe(history.length);
  });
});
