import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody, T0, TestSandbox } from './helpers.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await TestSandbox.start();
});
afterAll(() => sb.close());

const author = () => ({ id: sb.account, handle: 'demo', displayName: 'Dana Demo' });

describe('posts, comments and reactions', () => {
  it('POST /v1/posts answers 201 with the post as it appears on the site, plus its moderation state', async () => {
    const answer = await sb.api<Record<string, unknown>>('POST', '/v1/posts', {
      body: 'Transit should run all night.',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.json).toEqual({
      id: expect.stringMatching(/^p_[0-9A-Za-z]+$/),
      type: 'post',
      body: 'Transit should run all night.',
      author: author(),
      createdAt: new Date(T0).toISOString(),
      commentCount: 0,
      reactionCounts: { well_sourced: 0, agree: 0, insightful: 0 },
      url: `${sb.base}/posts/${String(answer.json.id)}`,
      moderation: { state: 'published' },
    });
  });

  it('POST /v1/posts/{id}/comments answers 201 with the comment; the post counts it', async () => {
    const postId = await sb.post('Comment target');
    const answer = await sb.api<Record<string, unknown>>('POST', `/v1/posts/${postId}/comments`, { body: 'Source?' });
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({
      id: expect.stringMatching(/^c_/),
      type: 'comment',
      postId,
      body: 'Source?',
      author: author(),
      createdAt: new Date(T0).toISOString(),
      moderation: { state: 'published' },
    });
    const page = await sb.api<{ items: { id: string; commentCount: number }[] }>('GET', '/v1/timelines/public');
    expect(page.json.items.find((p) => p.id === postId)?.commentCount).toBe(1);
  });

  it('reactions: 201 the first time, 200 with created:false and the same id for an identical one (no budget, no event)', async () => {
    const postId = await sb.post('React to me');
    const first = await sb.api<Record<string, unknown>>('POST', `/v1/posts/${postId}/reactions`, {
      kind: 'well_sourced',
    });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({
      id: expect.stringMatching(/^r_/),
      type: 'reaction',
      postId,
      kind: 'well_sourced',
      author: author(),
      createdAt: new Date(T0).toISOString(),
      created: true,
    });
    const before = await sb.stats();
    const again = await sb.api<Record<string, unknown>>('POST', `/v1/posts/${postId}/reactions`, {
      kind: 'well_sourced',
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ ...first.json, created: false });
    expect(await sb.stats()).toEqual(before);
    // Other kinds are separate reactions.
    for (const kind of ['agree', 'insightful']) {
      expect((await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind })).status).toBe(201);
    }
    const other = await sb.newKey(['reactions:write']);
    expect((await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind: 'agree' }, other.key)).status).toBe(201);
    const page = await sb.api<{ items: { id: string; reactionCounts: Record<string, number> }[] }>(
      'GET',
      '/v1/timelines/public?limit=100',
    );
    expect(page.json.items.find((p) => p.id === postId)?.reactionCounts).toEqual({
      well_sourced: 1,
      agree: 2,
      insightful: 1,
    });
  });

  it('an unknown reaction kind is 400 unknown_reaction_kind naming the allowed kinds', async () => {
    const postId = await sb.post('Kinds');
    for (const kind of ['like', 'Agree', 'WELL_SOURCED', 'vote']) {
      const answer = await sb.api<ErrorBody>('POST', `/v1/posts/${postId}/reactions`, { kind });
      expect(answer.status).toBe(400);
      expect(answer.json.error.code).toBe('unknown_reaction_kind');
      expect(answer.json.error.allowed).toEqual(['well_sourced', 'agree', 'insightful']);
    }
  });

  it('an unknown post is 404 not_found for comments and reactions, and spends nothing', async () => {
    const before = await sb.stats();
    for (const id of ['p_doesNotExist00', 'nonsense', '%27%3B--', `p_${'x'.repeat(300)}`]) {
      const c = await sb.api<ErrorBody>('POST', `/v1/posts/${id}/comments`, { body: 'Hello?' });
      expect(c.status).toBe(404);
      expect(c.json.error.code).toBe('not_found');
      const r = await sb.api<ErrorBody>('POST', `/v1/posts/${id}/reactions`, { kind: 'agree' });
      expect(r.status).toBe(404);
    }
    expect(await sb.stats()).toEqual(before);
  });

  it('checks the body before the post: an unknown post with a bad body is 400', async () => {
    const answer = await sb.api<ErrorBody>('POST', '/v1/posts/p_nope/comments', { text: 'wrong field' });
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('invalid_body');
  });
});
