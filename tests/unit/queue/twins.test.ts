import { describe, expect, it } from 'vitest';
import { findTwins, type SeenPost, TWIN_WINDOW_MS } from '@/lib/queue/twins';
import type { OutboxItem } from '@/lib/queue/types';
import { makeItem } from './store-contract';

const NOW = 1_800_000_000_000;
const ME = 'acc_me';
const mine = (post: SeenPost) => post.author?.id === ME;

function sentPost(id: string, seq: number, body: string, contribution: string, at = NOW - 5_000): OutboxItem {
  return makeItem(id, seq, 'site', {
    request: { kind: 'post', body },
    state: { status: 'sent', id: contribution, at },
  });
}

describe('findTwins', () => {
  const item = sentPost('i1', 1, 'A claim worth making.', 'p_1');
  const own = { id: 'p_1', body: 'A claim worth making.', author: { id: ME }, createdAt: NOW - 5_000 };

  it('finds a second copy by the same author with the same text, created since the send began', () => {
    const copy = { id: 'p_9', body: '  A claim worth making. ', author: { id: ME }, createdAt: NOW - 5_010 };
    expect(findTwins([item], [copy, own], mine, NOW)).toEqual(new Map([['i1', ['p_9']]]));
  });

  it('finds nothing when the platform holds one copy', () => {
    expect(findTwins([item], [own], mine, NOW)).toEqual(new Map());
  });

  it('ignores other authors, other texts, older posts, and copies other items own', () => {
    const other = sentPost('i2', 2, 'A claim worth making.', 'p_5');
    const posts = [
      own,
      { id: 'p_2', body: 'A claim worth making.', author: { id: 'acc_someone' }, createdAt: NOW },
      { id: 'p_3', body: 'A different claim.', author: { id: ME }, createdAt: NOW },
      { id: 'p_4', body: 'A claim worth making.', author: { id: ME }, createdAt: NOW - 10 * 60_000 },
      { id: 'p_5', body: 'A claim worth making.', author: { id: ME }, createdAt: NOW },
    ];
    expect(findTwins([item, other], posts, mine, NOW)).toEqual(new Map());
  });

  it('stops looking once the window after the send has passed, and never notes a known twin again', () => {
    const copy = { id: 'p_9', body: 'A claim worth making.', author: { id: ME }, createdAt: NOW - 5_000 };
    expect(findTwins([item], [copy], mine, NOW - 5_000 + TWIN_WINDOW_MS + 1)).toEqual(new Map());
    const noted = sentPost('i1', 1, 'A claim worth making.', 'p_1');
    if (noted.state.status === 'sent') noted.state.twins = ['p_9'];
    expect(findTwins([noted], [copy, own], mine, NOW)).toEqual(new Map());
  });

  it('only looks at posts (comments and reactions cannot be read back through the API)', () => {
    const reply = makeItem('c1', 3, 'site', {
      request: { kind: 'comment', postId: 'p_1', body: 'A claim worth making.' },
      state: { status: 'sent', id: 'c_1', at: NOW },
    });
    const copy = { id: 'p_9', body: 'A claim worth making.', author: { id: ME }, createdAt: NOW };
    expect(findTwins([reply], [copy], mine, NOW)).toEqual(new Map());
  });
});
