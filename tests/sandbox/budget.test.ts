import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_SCOPES, type ErrorBody, TestSandbox } from './helpers.js';

let sb: TestSandbox;
beforeEach(async () => {
  sb = await TestSandbox.start({ budget: { writes: 5, windowSeconds: 60 } });
});
afterEach(() => sb.close());

async function spend(n: number, key = sb.key): Promise<void> {
  for (let i = 0; i < n; i++) await sb.post(`Budget filler ${i}`, key);
}

describe('write budgets', () => {
  it('429 rate_limited with a whole-second Retry-After once the budget is spent', async () => {
    await spend(5);
    const refused = await sb.api<ErrorBody>('POST', '/v1/posts', { body: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.json.error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 60 });
    // The five writes happened at one instant: at exactly +60 s they leave the window, at +59 s they do not.
    await sb.advance(59_000);
    expect((await sb.api('POST', '/v1/posts', { body: 'early' })).status).toBe(429);
    await sb.advance(1_000);
    expect((await sb.api('POST', '/v1/posts', { body: 'exactly on time' })).status).toBe(201);
  });

  it('Retry-After is right: a write at exactly that time is accepted, one second earlier is refused', async () => {
    await sb.post('first');
    await sb.advance(12_300); // the next writes are 12.3 s later, so the answer must round up
    await spend(4);
    await sb.advance(1_000);
    const refused = await sb.api<ErrorBody>('POST', '/v1/posts', { body: 'wait' });
    expect(refused.status).toBe(429);
    // The oldest write leaves the window 60 s after it happened: 60 − 13.3 = 46.7 → 47.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBe(47);
    await sb.advance((retryAfter - 1) * 1000);
    const early = await sb.api<ErrorBody>('POST', '/v1/posts', { body: 'one second early' });
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('1');
    await sb.advance(1000);
    expect((await sb.api('POST', '/v1/posts', { body: 'on time' })).status).toBe(201);
    // Exactly one slot freed: the next write is refused again, until the 12.3 s writes leave.
    const next = await sb.api('POST', '/v1/posts', { body: 'again' });
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe('12');
  });

  it('two keys of one account share one budget; a key adds no budget', async () => {
    const second = await sb.newKey(ALL_SCOPES, sb.account);
    await spend(3);
    await spend(2, second.key);
    const refusedA = await sb.api('POST', '/v1/posts', { body: 'a' });
    const refusedB = await sb.api('POST', '/v1/posts', { body: 'b' }, second.key);
    expect(refusedA.status).toBe(429);
    expect(refusedB.status).toBe(429);
    // Another account is unaffected.
    const stranger = await sb.newKey(ALL_SCOPES);
    expect((await sb.api('POST', '/v1/posts', { body: 'c' }, stranger.key)).status).toBe(201);
  });

  it('comments and new reactions spend the same budget as posts', async () => {
    const postId = await sb.post('budget target');
    await sb.api('POST', `/v1/posts/${postId}/comments`, { body: 'one' });
    await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind: 'agree' });
    await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind: 'agree' }); // repeat: free
    await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind: 'insightful' });
    await sb.api('POST', `/v1/posts/${postId}/comments`, { body: 'two' });
    expect((await sb.api('POST', `/v1/posts/${postId}/comments`, { body: 'three' })).status).toBe(429);
    expect((await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind: 'well_sourced' })).status).toBe(429);
    // A repeated reaction is still answered (it writes nothing).
    expect((await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind: 'agree' })).status).toBe(200);
  });

  it('website form writes spend the same budget as API writes, and get the same 429', async () => {
    await spend(3);
    const viaSite = await sb.form('/posts', { body: 'From the website form' });
    expect(viaSite.status).toBe(303);
    await sb.post('last API write');
    const siteRefused = await sb.form('/posts', { body: 'too many' });
    expect(siteRefused.status).toBe(429);
    expect(siteRefused.headers.get('retry-after')).toBe('60');
    expect(siteRefused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(siteRefused.text).toContain('60 seconds');
    expect((await sb.api('POST', '/v1/posts', { body: 'api too' })).status).toBe(429);
  });

  it('refused requests (400, 403, 404, 413, 415) spend no budget', async () => {
    const reader = await sb.newKey(['posts:read'], sb.account);
    await sb.api('POST', '/v1/posts', { body: '' });
    await sb.api('POST', '/v1/posts', { nope: 1 });
    await sb.api('POST', '/v1/posts/p_missing/comments', { body: 'x' });
    await sb.api('POST', '/v1/posts', { body: 'x' }, reader.key);
    await sb.request('POST', '/v1/posts', { body: 'x', headers: { Authorization: `Bearer ${sb.key}` } });
    await sb.request('POST', '/v1/posts', {
      body: JSON.stringify({ body: 'x'.repeat(70_000) }),
      headers: { Authorization: `Bearer ${sb.key}`, 'Content-Type': 'application/json' },
    });
    const usage = await sb.control<{ used: number; remaining: number }>('GET', `/budget?account=${sb.account}`);
    expect(usage).toMatchObject({ used: 0, remaining: 5 });
    await spend(5);
  });

  it('POST /__sandbox/budget changes an account budget, applying to every key', async () => {
    await sb.control('POST', '/budget', { account: sb.account, writes: 2, windowSeconds: 10 });
    await spend(2);
    const refused = await sb.api('POST', '/v1/posts', { body: 'x' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    await sb.advance(10_000);
    expect((await sb.api('POST', '/v1/posts', { body: 'x' })).status).toBe(201);
    // Shrinking below what was used waits for enough writes to leave the window.
    await sb.control('POST', '/budget', { account: sb.account, writes: 1, windowSeconds: 10 });
    expect((await sb.api('POST', '/v1/posts', { body: 'y' })).status).toBe(429);
  });
});
