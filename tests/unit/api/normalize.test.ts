import { describe, expect, it } from 'vitest';
import {
  isoTime,
  moderationWord,
  normalizeAuthor,
  normalizeContribution,
  normalizeMe,
  normalizePage,
  normalizeReaction,
} from '@/lib/api/normalize';
import { contributionSchema, meSchema, reactionSchema, timelinePageSchema } from '@/lib/api/schemas';

const post = (raw: Record<string, unknown>) => contributionSchema.parse(normalizeContribution({ id: 'p_1', ...raw }));

describe('times', () => {
  it.each([
    ['createdAt', '2026-11-22T08:00:00Z'],
    ['created_at', '2026-11-22T08:00:00.000Z'],
    ['publishedAt', '2026-11-22T09:00:00+01:00'],
    ['published_at', '2026-11-22T03:00:00-05:00'],
    ['timestamp', 1_795_334_400],
    ['created', 1_795_334_400_000],
    ['time', '1795334400'],
    ['date', '2026-11-22 08:00:00Z'],
  ])('reads %s (%s)', (field, value) => {
    expect(post({ [field]: value }).createdAt).toBe('2026-11-22T08:00:00.000Z');
  });

  it('reads any fraction and offset, and refuses what is not a time', () => {
    expect(isoTime('2026-11-22T08:00:00.123456789Z')).toBe('2026-11-22T08:00:00.123Z');
    expect(isoTime('2026-11-22T08:00:00,5+0530')).toBe('2026-11-22T02:30:00.500Z');
    expect(isoTime('2026-11-22T08:00+02')).toBe('2026-11-22T06:00:00.000Z');
    expect(isoTime('2026-11-22T08:00:00')).toBe('2026-11-22T08:00:00.000Z');
    for (const bad of ['yesterday', '', '2026-13-45T99:00:00Z', null, {}, Number.NaN, -5, '1e400']) {
      expect(isoTime(bad), String(bad)).toBeUndefined();
    }
  });

  it('keeps the first time field present, and leaves the time absent when there is none', () => {
    expect(post({ createdAt: '2026-11-22T08:00:00Z', updatedAt: '2027-01-01T00:00:00Z' }).createdAt).toBe(
      '2026-11-22T08:00:00.000Z',
    );
    expect(post({})).not.toHaveProperty('createdAt');
  });
});

describe('authors', () => {
  it('reads a string as a handle when it looks like one, else as a name', () => {
    expect(post({ author: '@zoe' }).author).toEqual({ handle: 'zoe' });
    expect(post({ author: 'Zoë Park' }).author).toEqual({ displayName: 'Zoë Park' });
  });

  it.each([
    [{ displayName: 'Zoë', handle: 'zoe', id: 'u_1' }],
    [{ display_name: 'Zoë', username: 'zoe', uuid: 'u_1' }],
    [{ name: 'Zoë', screen_name: '@zoe', id: 'u_1' }],
  ])('reads an object in any common naming: %j', (author) => {
    expect(post({ author }).author).toEqual({ id: 'u_1', handle: 'zoe', displayName: 'Zoë' });
  });

  it('reads ids as numbers too, the author under user/account, and flat author fields', () => {
    expect(post({ user: { id: 42, username: 'zoe' } }).author).toEqual({ id: '42', handle: 'zoe' });
    expect(post({ author_name: 'Zoë', author_handle: 'zoe' }).author).toEqual({ handle: 'zoe', displayName: 'Zoë' });
    expect(post({ author: { avatar: 'x.png' } })).not.toHaveProperty('author');
  });
});

describe('counts', () => {
  it('reads counts at the top level or nested under metrics, counts or stats', () => {
    expect(post({ commentCount: 3 }).commentCount).toBe(3);
    expect(post({ comments_count: '4' }).commentCount).toBe(4);
    expect(post({ metrics: { replies: 5 } }).commentCount).toBe(5);
    expect(post({ counts: { comments: 6 } }).commentCount).toBe(6);
    expect(post({ stats: { reply_count: 7 } }).commentCount).toBe(7);
    // A list of comments is not a count.
    expect(post({ comments: [{ id: 'c_1' }] })).not.toHaveProperty('commentCount');
    expect(post({ commentCount: -1 })).not.toHaveProperty('commentCount');
  });

  it('reads reaction counts as a map or a list, at the top level or nested', () => {
    expect(post({ reactionCounts: { agree: 2 } }).reactionCounts).toEqual({ agree: 2 });
    expect(post({ reactions: { agree: { count: 2 } } }).reactionCounts).toEqual({ agree: 2 });
    expect(post({ metrics: { reactions: [{ kind: 'agree', count: 2 }] } }).reactionCounts).toEqual({ agree: 2 });
    expect(post({ stats: { reactions: [{ type: 'agree', total: '2' }] } }).reactionCounts).toEqual({ agree: 2 });
    expect(post({ reactions: [] }).reactionCounts).toEqual({});
    expect(post({ reactions: [{ oops: true }] })).not.toHaveProperty('reactionCounts');
    // A kind named like an Object property is just a kind.
    expect(post({ reactionCounts: { __proto__: 1, constructor: 2 } }).reactionCounts).toEqual({ constructor: 2 });
  });
});

describe('ids, moderation and envelopes', () => {
  it('keeps ids as strings, numbers as their digits, UUIDs as they are', () => {
    expect(contributionSchema.parse(normalizeContribution({ id: 1234 })).id).toBe('1234');
    expect(contributionSchema.parse(normalizeContribution({ uuid: '0b6f7c1e-aaaa-4bbb-8ccc-1234567890ab' })).id).toBe(
      '0b6f7c1e-aaaa-4bbb-8ccc-1234567890ab',
    );
    expect(contributionSchema.safeParse(normalizeContribution({ body: 'no id' })).success).toBe(false);
    expect(post({ post_id: 7 }).postId).toBe('7');
    expect(post({ post: { id: 'p_9' } }).postId).toBe('p_9');
  });

  it.each([
    [{ moderation: { state: 'held' } }, { state: 'held' }],
    [{ moderation: { status: 'PENDING_REVIEW', reason: 'links' } }, { state: 'held', reason: 'links' }],
    [{ moderation: 'rejected' }, { state: 'rejected' }],
    [{ status: 'pending' }, { state: 'held' }],
    [{ state: 'approved' }, { state: 'published' }],
    [{ moderation_state: 'removed' }, { state: 'rejected' }],
    [
      { status: 'rejected', status_reason: 'Spam.' },
      { state: 'rejected', reason: 'Spam.' },
    ],
    [
      { state: 'in_review', reviewNote: 'Links.' },
      { state: 'held', reason: 'Links.' },
    ],
  ])('reads moderation %j', (raw, moderation) => {
    expect(post(raw).moderation).toEqual(moderation);
  });

  it('does not guess an unknown moderation word', () => {
    expect(moderationWord('maybe')).toBeUndefined();
    expect(post({ status: 'draft' })).not.toHaveProperty('moderation');
  });

  it('lifts a record out of {data} and JSON:API attributes', () => {
    const api = { data: { id: 5, type: 'posts', attributes: { text: 'Hello', published_at: 1_795_334_400 } } };
    expect(contributionSchema.parse(normalizeContribution(api))).toMatchObject({
      id: '5',
      body: 'Hello',
      createdAt: '2026-11-22T08:00:00.000Z',
    });
  });

  it('reads the post’s address as url, permalink or links.self', () => {
    expect(post({ permalink: 'https://x.example/p/1' }).url).toBe('https://x.example/p/1');
    expect(post({ links: { self: 'https://x.example/p/2' } }).url).toBe('https://x.example/p/2');
  });

  it('drops fields it does not know, and a body that is not text', () => {
    const out = post({ body: { html: '<b>x</b>' }, extra: 1 });
    expect(out).not.toHaveProperty('extra');
    expect(out).not.toHaveProperty('body');
  });
});

describe('pages, reactions and the key check', () => {
  it('normalises every item of a page and a numeric cursor', () => {
    const page = timelinePageSchema.parse(
      normalizePage({
        items: [
          { id: 1, text: 'a' },
          { id: 2, content: 'b' },
        ],
        nextCursor: 40,
      }),
    );
    expect(page.items.map((item) => [item.id, item.body])).toEqual([
      ['1', 'a'],
      ['2', 'b'],
    ]);
    expect(page.nextCursor).toBe('40');
  });

  it('leaves a reaction without an id without one (never a made-up id)', () => {
    expect(reactionSchema.parse(normalizeReaction({ post_id: 'p_1', type: 'agree' }))).toEqual({
      postId: 'p_1',
      kind: 'agree',
    });
    expect(reactionSchema.parse(normalizeReaction({ id: 9, kind: 'agree' })).id).toBe('9');
  });

  it.each([
    ['top level', { account: { handle: 'demo' }, scopes: ['posts:read'] }],
    ['under key', { key: { scopes: ['posts:read'], account: { username: 'demo' } } }],
    ['under token, as a string', { token: { scope: 'posts:read' }, user: { login: 'demo' } }],
    ['under account', { account: { handle: 'demo', scopes: ['posts:read'] } }],
    ['flat', { username: 'demo', permissions: 'posts:read' }],
    ['in data', { data: { user: { handle: 'demo' }, scopes: [{ name: 'posts:read' }] } }],
  ])('reads the key check with scopes %s', (_what, raw) => {
    const me = meSchema.parse(normalizeMe(raw));
    expect(me.account?.handle).toBe('demo');
    expect(me.scopes).toEqual(['posts:read']);
  });

  it('leaves what the key check did not say absent', () => {
    expect(meSchema.parse(normalizeMe({}))).toEqual({});
    expect(normalizeAuthor('   ')).toBeUndefined();
  });
});
