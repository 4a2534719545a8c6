import { describe, expect, it } from 'vitest';
import { formatClock, secondsLeft } from '@/lib/countdown';
import {
  isHeld,
  isPending,
  postStates,
  reactionViews,
  stageOf,
  type WriteLike,
  withMyWrite,
  writeView,
} from '@/lib/messages/post-writes';

const reaction = (postId: string, kind: string, state: WriteLike['state'], holdUntil?: number): WriteLike => ({
  request: { kind: 'reaction', postId, reaction: kind },
  state,
  ...(holdUntil === undefined ? {} : { holdUntil }),
});
const comment = (postId: string, state: WriteLike['state']): WriteLike => ({
  request: { kind: 'comment', postId },
  state,
});

describe('my writes per post (the one model)', () => {
  it('keeps the newest write of each reaction kind and counts replies by status', () => {
    const states = postStates(
      [
        reaction('p_1', 'well_sourced', { status: 'failed', reason: { message: 'Nope' } }),
        reaction('p_1', 'agree', { status: 'sent' }),
        reaction('p_1', 'well_sourced', { status: 'waiting', until: 5000 }),
        comment('p_1', { status: 'sent' }),
        comment('p_1', { status: 'uncertain' }),
        comment('p_1', { status: 'queued' }),
        { request: { kind: 'post' }, state: { status: 'sent' } },
        comment('p_2', { status: 'failed', reason: { message: 'x'.repeat(400) } }),
      ],
      0,
    );
    const p1 = states.get('p_1');
    expect(reactionViews(p1).get('well_sourced')).toEqual({ status: 'waiting', until: 5000 });
    expect(reactionViews(p1).get('agree')).toEqual({ status: 'sent' });
    expect(p1?.reactions).toHaveLength(2);
    expect(p1?.replies).toEqual({ pending: 1, sent: 1, failed: 0, uncertain: 1, latest: { status: 'queued' } });
    // A failure's words are bounded; posts are no post's writes.
    expect(states.get('p_2')?.replies.latest?.reason).toHaveLength(300);
    expect([...states.keys()]).toEqual(['p_1', 'p_2']);
  });

  it('answers exactly the posts asked for, empty ones included', () => {
    const states = postStates([comment('p_1', { status: 'sent' }), comment('p_9', { status: 'sent' })], 0, [
      'p_1',
      'p_2',
    ]);
    expect([...states.keys()]).toEqual(['p_1', 'p_2']);
    expect(states.get('p_2')).toEqual({
      postId: 'p_2',
      reactions: [],
      replies: { pending: 0, sent: 0, failed: 0, uncertain: 0 },
    });
  });

  it('shows the Undo window only while it lasts', () => {
    const held = reaction('p_1', 'agree', { status: 'queued' }, 15_000);
    expect(writeView(held, 10_000)).toEqual({ status: 'queued', heldUntil: 15_000 });
    expect(writeView(held, 15_000)).toEqual({ status: 'queued' });
    expect([isHeld(writeView(held, 10_000), 10_000), isHeld(writeView(held, 10_000), 15_000)]).toEqual([true, false]);
  });

  it('a write the platform holds for moderation is sent and in review, in the bar as in the Outbox', () => {
    expect(writeView(comment('p_1', { status: 'sent', moderation: 'held' }), 0)).toEqual({
      status: 'sent',
      inReview: true,
    });
    expect(writeView(reaction('p_1', 'agree', { status: 'sent' }), 0)).toEqual({ status: 'sent' });
    const states = postStates([comment('p_1', { status: 'sent', moderation: 'held' })], 0);
    expect(states.get('p_1')?.replies).toMatchObject({ sent: 1, latest: { status: 'sent', inReview: true } });
  });

  it('puts each status in one of three stages', () => {
    expect(['queued', 'sending', 'waiting', 'sent', 'failed', 'uncertain'].map((s) => stageOf(s as never))).toEqual([
      'pending',
      'pending',
      'pending',
      'sent',
      'problem',
      'problem',
    ]);
    expect([isPending({ status: 'sending' }), isPending({ status: 'uncertain' }), isPending(undefined)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('shows a reaction the user just asked for as pending, replacing an older one of its kind', () => {
    const before = postStates([reaction('p_1', 'agree', { status: 'failed', reason: { message: 'x' } })], 0).get('p_1');
    expect(reactionViews(withMyWrite(before, 'p_1', { kind: 'agree', status: 'queued' })).get('agree')).toEqual({
      status: 'queued',
    });
    expect(withMyWrite(undefined, 'p_3', { kind: 'agree', status: 'queued' }).replies.pending).toBe(0);
  });

  it('shows a reply just acknowledged as one more pending, leaving the reactions as they were', () => {
    const before = postStates([reaction('p_1', 'agree', { status: 'queued' })], 0).get('p_1');
    const after = withMyWrite(before, 'p_1', { reply: { status: 'queued' } });
    expect(after.replies).toMatchObject({ pending: 1, latest: { status: 'queued' } });
    expect(after.reactions).toEqual([{ kind: 'agree', status: 'queued' }]);
    expect(withMyWrite(undefined, 'p_2', { reply: { status: 'sending' } }).replies).toMatchObject({ pending: 1 });
  });
});

describe('the countdown clock', () => {
  it('counts whole seconds up and draws them as a clock', () => {
    expect(secondsLeft(10_001, 0)).toBe(11);
    expect(secondsLeft(0, 5)).toBe(0);
    expect([formatClock(7), formatClock(150), formatClock(3723)]).toEqual(['0:07', '2:30', '1:02:03']);
  });
});
