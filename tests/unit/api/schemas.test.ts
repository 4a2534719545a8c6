import { describe, expect, it } from 'vitest';
import { contributionSchema, meSchema, reactionSchema, timelinePageSchema } from '@/lib/api/schemas';

describe('response schemas', () => {
  it('require the id of a contribution, and nothing else', () => {
    expect(contributionSchema.safeParse({ id: 'p_1' }).success).toBe(true);
    expect(contributionSchema.safeParse({ body: 'x' }).success).toBe(false);
    expect(contributionSchema.safeParse({ id: '' }).success).toBe(false);
    expect(contributionSchema.safeParse({ id: 7 }).success).toBe(false);
  });

  it('give typed views of the sandbox fields and pass unknown fields through', () => {
    const post = contributionSchema.parse({
      id: 'p_1',
      body: 'Hello',
      author: { id: 'acc_1', handle: 'demo', displayName: 'Dana Demo', avatar: 'a.png' },
      createdAt: '2026-11-22T08:00:00.000Z',
      commentCount: 3,
      reactionCounts: { well_sourced: 2, agree: 0 },
      moderation: { state: 'held', reason: '#hold' },
      url: 'http://127.0.0.1/posts/p_1',
      futureField: { x: 1 },
    });
    expect(post.author?.displayName).toBe('Dana Demo');
    expect(post.author).toHaveProperty('avatar', 'a.png');
    expect(post.reactionCounts).toEqual({ well_sourced: 2, agree: 0 });
    expect(post.moderation?.state).toBe('held');
    expect(post).toHaveProperty('futureField', { x: 1 });
  });

  it('turn an unpromised field of the wrong type into undefined instead of failing the record', () => {
    const post = contributionSchema.parse({
      id: 'p_1',
      body: 42,
      author: 'demo',
      commentCount: -1,
      reactionCounts: { agree: 'many' },
      moderation: [],
    });
    expect(post).toMatchObject({ id: 'p_1', body: undefined, author: undefined, commentCount: undefined });
    expect(post.reactionCounts).toBeUndefined();
    expect(post.moderation).toBeUndefined();
  });

  it('never let a __proto__ key of a body change a prototype', () => {
    const raw = JSON.parse('{"id":"p_1","__proto__":{"polluted":1},"reactionCounts":{"__proto__":{"x":1},"agree":1}}');
    const post = contributionSchema.parse(raw);
    expect(Object.getPrototypeOf(post)).toBe(Object.prototype);
    expect((post as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });

  it('require items and nextCursor (string or null, present) on a timeline page', () => {
    expect(timelinePageSchema.safeParse({ items: [], nextCursor: null }).success).toBe(true);
    expect(timelinePageSchema.safeParse({ items: [{ id: 'p_1' }], nextCursor: 'abc' }).success).toBe(true);
    expect(timelinePageSchema.safeParse({ items: [] }).success).toBe(false);
    expect(timelinePageSchema.safeParse({ items: {}, nextCursor: null }).success).toBe(false);
    expect(timelinePageSchema.safeParse({ items: [], nextCursor: 3 }).success).toBe(false);
    const bad = timelinePageSchema.safeParse({ items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, {}], nextCursor: null });
    expect(bad.success ? [] : bad.error.issues[0]?.path).toEqual(['items', 3, 'id']);
  });

  it('read /v1/me and a reaction loosely', () => {
    const me = meSchema.parse({ account: { handle: 'demo' }, scopes: ['posts:read'], key: { last4: 'abcd' } });
    expect(me.account?.handle).toBe('demo');
    expect(me.key?.last4).toBe('abcd');
    expect(meSchema.parse({ ok: true })).toEqual({ ok: true });
    expect(meSchema.parse({ scopes: 'posts:read' }).scopes).toBeUndefined();
    expect(reactionSchema.parse({ id: 'r_1', kind: 'agree', created: false }).created).toBe(false);
    expect(reactionSchema.parse({})).toEqual({});
  });
});
