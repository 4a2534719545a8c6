import { describe, expect, it } from 'vitest';
import type { OutboxItemView, PostView } from '@/lib/messages/fields';
import { countedOnce, landedReactions } from '@/lib/ui/reaction-counts';
import { outboxItem } from '../components/outbox/fixtures';

const post: PostView = { id: 'p_1', body: 'Bus lanes work', reactionCounts: { well_sourced: 4, agree: 1 } } as PostView;
const reaction = (state: OutboxItemView['state'], kind = 'well_sourced', postId = 'p_1') =>
  outboxItem({ kind: 'reaction', postId, reaction: kind }, state);

describe('the user’s landed reaction, counted exactly once', () => {
  const landed = landedReactions([reaction({ status: 'sent', at: 2_000, since: 1_500 })]);

  it('adds it to a count read before its send began', () => {
    expect(countedOnce(post, landed, 1_000).reactionCounts).toEqual({ well_sourced: 5, agree: 1 });
    expect(countedOnce(post, landed, 1_500).reactionCounts).toEqual({ well_sourced: 5, agree: 1 });
  });

  it('never to a count read after it began: the platform’s number has it, or may (the next read settles it)', () => {
    expect(countedOnce(post, landed, 1_600)).toBe(post);
    expect(countedOnce(post, landed, 5_000)).toBe(post);
  });

  it('never when the read time is unknown, the platform tells no counts, or the reaction is not public', () => {
    expect(countedOnce(post, landed, undefined)).toBe(post);
    const noCounts = { id: 'p_1', body: 'x' } as PostView;
    expect(countedOnce(noCounts, landed, 1_000)).toBe(noCounts);
    const held = landedReactions([reaction({ status: 'sent', at: 2_000, since: 1_500, moderation: 'held' })]);
    expect(countedOnce(post, held, 1_000)).toBe(post);
    const found = landedReactions([reaction({ status: 'sent', at: 2_000, settled: true })]);
    expect(countedOnce(post, found, 1_000)).toBe(post);
    for (const state of [{ status: 'queued' }, { status: 'sending', since: 1_500 }] as const)
      expect(countedOnce(post, landedReactions([reaction(state)]), 1_000)).toBe(post);
  });

  it('counts a kind the platform has no number for yet from zero, and other posts not at all', () => {
    const mine = landedReactions([
      reaction({ status: 'sent', at: 2_000, since: 1_500 }, 'dubious'),
      reaction({ status: 'sent', at: 2_000, since: 1_500 }, 'well_sourced', 'p_2'),
    ]);
    expect(countedOnce(post, mine, 1_000).reactionCounts).toEqual({ well_sourced: 4, agree: 1, dubious: 1 });
  });
});
