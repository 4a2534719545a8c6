import { describe, expect, it } from 'vitest';
import type { OutboxItemView } from '@/lib/messages/fields';
import { marksByPost, withPendingReaction } from '@/lib/ui/post-marks';

let seq = 0;
function item(request: OutboxItemView['request'], state: OutboxItemView['state']): OutboxItemView {
  seq += 1;
  return { id: `o${seq}`, account: 'a', seq, request, state, createdAt: 0, updatedAt: 0, attempts: 0, resends: 0 };
}

describe('marksByPost', () => {
  it('groups reactions and replies per post; the latest write of a kind wins', () => {
    const marks = marksByPost([
      item(
        { kind: 'reaction', postId: 'p1', reaction: 'well_sourced' },
        { status: 'failed', at: 1, reason: { kind: 'server', message: 'x' } },
      ),
      item({ kind: 'reaction', postId: 'p1', reaction: 'well_sourced' }, { status: 'queued' }),
      item({ kind: 'comment', postId: 'p1', body: 'a' }, { status: 'sending', since: 1 }),
      item({ kind: 'comment', postId: 'p1', body: 'b' }, { status: 'sent', id: 'c1', at: 1 }),
      item({ kind: 'comment', postId: 'p2', body: 'c' }, { status: 'uncertain', since: 1, at: 1, detail: '' }),
      item({ kind: 'post', body: 'd' }, { status: 'queued' }),
    ]);
    expect(marks.get('p1')).toEqual({
      reactions: { well_sourced: 'pending' },
      replies: { pending: 1, sent: 1, problem: 0 },
    });
    expect(marks.get('p2')?.replies).toEqual({ pending: 0, sent: 0, problem: 1 });
    expect(marks.size).toBe(2);
  });

  it('marks a reaction pending before the Outbox knows it, without touching the rest', () => {
    const before = marksByPost([item({ kind: 'comment', postId: 'p1', body: 'a' }, { status: 'queued' })]);
    const after = withPendingReaction(before, 'p1', 'agree');
    expect(after.get('p1')).toEqual({ reactions: { agree: 'pending' }, replies: { pending: 1, sent: 0, problem: 0 } });
    expect(before.get('p1')?.reactions).toEqual({});
  });
});
