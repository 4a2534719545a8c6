import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, type ErrorBody, TestSandbox } from './helpers.js';

let sb: TestSandbox;
let postId: string;
beforeAll(async () => {
  sb = await TestSandbox.start();
  postId = await sb.post('Scope tests need a post to comment on and react to.');
});
afterAll(() => sb.close());

const endpoints = (): { name: string; scope: string; method: string; path: string; body?: unknown; ok: number }[] => [
  { name: 'read the timeline', scope: 'posts:read', method: 'GET', path: '/v1/timelines/public', ok: 200 },
  { name: 'create a post', scope: 'posts:write', method: 'POST', path: '/v1/posts', body: { body: 'Hi' }, ok: 201 },
  {
    name: 'comment on a post',
    scope: 'posts:write',
    method: 'POST',
    path: `/v1/posts/${postId}/comments`,
    body: { body: 'Agreed.' },
    ok: 201,
  },
  {
    name: 'react to a post',
    scope: 'reactions:write',
    method: 'POST',
    path: `/v1/posts/${postId}/reactions`,
    body: { kind: 'well_sourced' },
    ok: 201,
  },
];

describe('scopes', () => {
  for (const index of [0, 1, 2, 3]) {
    it(`endpoint #${index + 1} refuses a key without its scope (403 missing_scope) and accepts one with only that scope`, async () => {
      const e = endpoints()[index];
      if (!e) throw new Error('no endpoint');
      const without = await sb.newKey(ALL_SCOPES.filter((s) => s !== e.scope));
      const before = await sb.stats();
      const refused = await sb.api<ErrorBody>(e.method, e.path, e.body, without.key);
      expect(refused.status, e.name).toBe(403);
      expect(refused.json.error).toMatchObject({ code: 'missing_scope', scope: e.scope });
      expect(refused.json.error.message).toContain(e.scope);
      // A refused request changes nothing and spends no budget.
      expect(await sb.stats()).toEqual(before);
      const only = await sb.newKey([e.scope]);
      expect((await sb.api(e.method, e.path, e.body, only.key)).status, e.name).toBe(e.ok);
    });
  }

  it('posts:write does not grant reactions, reactions:write does not grant posts', async () => {
    const writer = await sb.newKey(['posts:write']);
    const reactor = await sb.newKey(['reactions:write']);
    expect((await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind: 'agree' }, writer.key)).status).toBe(403);
    expect((await sb.api('POST', '/v1/posts', { body: 'x' }, reactor.key)).status).toBe(403);
    expect((await sb.api('POST', `/v1/posts/${postId}/comments`, { body: 'x' }, reactor.key)).status).toBe(403);
  });

  it('debates:write alone grants none of the listed endpoints, and a key with no scope reaches only /v1/me', async () => {
    for (const scopes of [['debates:write'], []]) {
      const k = await sb.newKey(scopes);
      for (const e of endpoints()) {
        const answer = await sb.api<ErrorBody>(e.method, e.path, e.body, k.key);
        expect(answer.status, e.name).toBe(403);
        expect(answer.json.error.scope).toBe(e.scope);
      }
      expect((await sb.api('GET', '/v1/me', undefined, k.key)).status).toBe(200);
    }
  });

  it('checks the scope before the body: no scope and a malformed body is still 403', async () => {
    const k = await sb.newKey(['posts:read']);
    const answer = await sb.request<ErrorBody>('POST', '/v1/posts', {
      body: '{not json',
      headers: { Authorization: `Bearer ${k.key}`, 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(403);
    expect(answer.json.error.code).toBe('missing_scope');
  });
});
