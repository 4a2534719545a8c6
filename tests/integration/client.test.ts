import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../lib/api/client';
import { ApiError } from '../../lib/api/errors';
import { TestSandbox } from '../sandbox/helpers.js';
import { newAccount, Recorder } from './harness';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await TestSandbox.start();
});
afterAll(() => sb.close());

function clientFor(key: string, recorder?: Recorder): ApiClient {
  return createApiClient({
    baseUrl: sb.base,
    getKey: async () => key,
    isOnline: () => true,
    ...(recorder === undefined ? {} : { fetch: recorder.fetch }),
  });
}

/** What a call rejected with; fails the test when it resolved or threw anything but an ApiError. */
async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  if (!(error instanceof ApiError)) throw new Error('not an ApiError');
  return error;
}

describe('the API client against the sandbox’s real answers', () => {
  it('GET /v1/me names the key’s account and scopes', async () => {
    const { key, account } = await newAccount(sb, { scopes: ['posts:read', 'reactions:write'] });
    const me = await clientFor(key).me();
    expect(me.account?.id).toBe(account);
    expect(me.scopes).toEqual(['posts:read', 'reactions:write']);
    expect(me.key?.last4).toBe(key.slice(-4));
  });

  it('401 for an unknown key → unauthorized, and no error text carries the key', async () => {
    const unknown = `dcp_${'Zz9'.repeat(10)}Zz`;
    const error = await refusal(clientFor(unknown).createPost('Who am I?'));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, outcomeUnknown: false });
    expect(JSON.stringify({ message: error.message, reason: error.reason })).not.toContain(unknown);
    expect(await refusal(clientFor(unknown).me())).toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('403 missing scope → forbidden_scope with the scope the sandbox named', async () => {
    const { key } = await newAccount(sb, { scopes: ['posts:read', 'posts:write'] });
    const postId = await sb.post('Scope target');
    const error = await refusal(clientFor(key).createReaction(postId, 'agree'));
    expect(error).toMatchObject({ kind: 'forbidden_scope', status: 403, scope: 'reactions:write' });
    const noRead = await newAccount(sb, { scopes: ['posts:write'] });
    expect(await refusal(clientFor(noRead.key).timeline())).toMatchObject({
      kind: 'forbidden_scope',
      scope: 'posts:read',
    });
  });

  it('403 disabled key → key_disabled with the sandbox’s reason, on reads and writes alike', async () => {
    const { key } = await newAccount(sb);
    const reason = 'Temporarily disabled after a burst of reports';
    await sb.control('POST', '/keys/disable', { key, reason });
    const client = clientFor(key);
    expect(await refusal(client.me())).toMatchObject({ kind: 'key_disabled', status: 403, reason });
    expect(await refusal(client.createPost('Disabled'))).toMatchObject({ kind: 'key_disabled', reason });
    await sb.control('POST', '/keys/enable', { key });
    await expect(client.me()).resolves.toMatchObject({ scopes: expect.any(Array) });
  });

  it('429 → rate_limited with retryAfterMs equal to the Retry-After header × 1000', async () => {
    const { key } = await newAccount(sb, { budget: { writes: 1, windowSeconds: 42 } });
    const recorder = new Recorder(Date.now);
    const client = clientFor(key, recorder);
    await client.createPost('Spends the budget');
    const error = await refusal(client.createPost('One too many'));
    const header = recorder.log.at(-1)?.retryAfter;
    expect(recorder.log.at(-1)?.status).toBe(429);
    expect(header).toBe('42');
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: Number(header) * 1000 });
    expect(error.outcomeUnknown).toBe(false);
    // After 40 s of sandbox time the wait shrinks with it.
    await sb.advance(40_000);
    const later = await refusal(client.createPost('Still too early'));
    expect(recorder.log.at(-1)?.retryAfter).toBe('2');
    expect(later.retryAfterMs).toBe(2000);
  });

  it('404 for an unknown post → not_found (comments and reactions)', async () => {
    const client = clientFor(sb.key);
    expect(await refusal(client.createComment('p_00000000000000', 'Into the void'))).toMatchObject({
      kind: 'not_found',
      status: 404,
    });
    expect(await refusal(client.createReaction('p_00000000000000', 'agree'))).toMatchObject({ kind: 'not_found' });
  });

  it('413 for an over-size body → invalid; a too-long text (400) → invalid with the server’s reason', async () => {
    const before = await sb.stats();
    const client = clientFor(sb.key);
    expect(await refusal(client.createPost('x'.repeat(70_000)))).toMatchObject({ kind: 'invalid', status: 413 });
    const long = await refusal(client.createPost('y'.repeat(2001)));
    expect(long).toMatchObject({ kind: 'invalid', status: 400 });
    expect(long.reason).toMatch(/at most 2000 characters/);
    expect(long.message).toContain(long.reason);
    expect(await refusal(client.createReaction(await sb.post('Kinds'), 'love'))).toMatchObject({
      kind: 'invalid',
      status: 400,
    });
    expect((await sb.stats()).posts).toBe(Number(before.posts) + 1);
  });

  it('5xx → server; 500 is an unknown outcome, 503 without Retry-After is not', async () => {
    const client = clientFor(sb.key);
    await sb.control('POST', '/faults', { status: 500, count: 1, path: '/v1/me' });
    expect(await refusal(client.me())).toMatchObject({ kind: 'server', status: 500, outcomeUnknown: true });
    await sb.control('POST', '/faults', { status: 503, count: 1, path: '/v1/me' });
    expect(await refusal(client.me())).toMatchObject({ kind: 'server', status: 503, outcomeUnknown: false });
    await sb.control('POST', '/faults', { status: 503, retryAfterSeconds: 7, count: 1, path: '/v1/me' });
    expect(await refusal(client.me())).toMatchObject({ kind: 'rate_limited', status: 503, retryAfterMs: 7000 });
  });

  it('a dropped connection → network with an unknown outcome', async () => {
    const { key } = await newAccount(sb);
    await sb.control('POST', '/faults', { dropAfterCommit: true, count: 1, method: 'POST', path: '/v1/posts' });
    expect(await refusal(clientFor(key).createPost('Dropped'))).toMatchObject({
      kind: 'network',
      outcomeUnknown: true,
    });
  });

  it('pages through the whole timeline with nextCursor, without duplicates or gaps', async () => {
    const fresh = await TestSandbox.start();
    try {
      const { ids } = await fresh.control<{ ids: string[] }>('POST', '/posts', { count: 45 });
      const client = createApiClient({ baseUrl: fresh.base, getKey: async () => fresh.key, isOnline: () => true });
      const seen: string[] = [];
      const sizes: number[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const result = await client.timeline(cursor === undefined ? { limit: 20 } : { limit: 20, cursor });
        seen.push(...result.items.map((p) => p.id));
        sizes.push(result.items.length);
        // A post written while paging sits above the cursor: neither a duplicate nor a gap.
        if (page === 0) await fresh.post('Written while paging');
        if (result.nextCursor === null) break;
        cursor = result.nextCursor;
      }
      expect(sizes).toEqual([20, 20, 5]);
      expect(seen).toEqual([...ids].reverse());
      expect(await refusal(client.timeline({ cursor: 'not-a-cursor' }))).toMatchObject({
        kind: 'invalid',
        status: 400,
      });
    } finally {
      await fresh.close();
    }
  });
});
