import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_SCOPES, T0, TestSandbox } from './helpers.js';

let sb: TestSandbox;
beforeEach(async () => {
  sb = await TestSandbox.start({ budget: { writes: 3, windowSeconds: 60 } });
});
afterEach(() => sb.close());

interface WriteLog {
  account: string;
  budget: { writes: number; windowSeconds: number };
  writes: { at: number; channel: 'api' | 'website'; kind: 'post' | 'comment' | 'reaction' }[];
}

const log = (account: string, query = '') => sb.control<WriteLog>('GET', `/accounts/${account}/writes${query}`);

describe('GET /__sandbox/accounts/{id}/writes', () => {
  it('lists accepted writes with time, channel and kind, oldest first; refusals and repeats are not there', async () => {
    const postId = await sb.post('from a key');
    await sb.advance(1500);
    expect((await sb.form(`/posts/${postId}/comments`, { body: 'from the website' })).status).toBe(303);
    await sb.advance(250);
    await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind: 'agree' });
    await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind: 'agree' }); // repeat: free
    expect((await sb.api('POST', '/v1/posts', { body: 'refused' })).status).toBe(429);
    expect(await log(sb.account)).toEqual({
      account: sb.account,
      budget: { writes: 3, windowSeconds: 60 },
      writes: [
        { at: T0, channel: 'api', kind: 'post' },
        { at: T0 + 1500, channel: 'website', kind: 'comment' },
        { at: T0 + 1750, channel: 'api', kind: 'reaction' },
      ],
    });
    expect((await log(sb.account, `?since=${T0 + 1500}`)).writes.map((w) => w.at)).toEqual([T0 + 1500, T0 + 1750]);
  });

  it('keeps writes after they leave the window, until a reset', async () => {
    await sb.post('old');
    await sb.advance(10 * 60_000);
    await sb.post('new');
    expect((await log(sb.account)).writes.map((w) => w.at)).toEqual([T0, T0 + 600_000]);
    const usage = await sb.control<{ used: number; remaining: number }>('GET', '/budget');
    expect(usage).toMatchObject({ used: 1, remaining: 2 });
    await sb.control('POST', '/reset');
    expect((await log(sb.account)).writes).toEqual([]);
  });

  it('a second account has its own key, budget and log', async () => {
    const other = await sb.newKey(ALL_SCOPES);
    expect(other.account).not.toBe(sb.account);
    await sb.control('POST', '/budget', { account: other.account, writes: 1, windowSeconds: 10 });
    await sb.post('mine');
    const theirs = await sb.api('POST', '/v1/posts', { body: 'theirs' }, other.key);
    expect(theirs.headers.get('ratelimit')).toBe('"writes";r=0;t=10');
    expect(theirs.headers.get('ratelimit-policy')).toBe('"writes";q=1;w=10');
    expect((await sb.api('POST', '/v1/posts', { body: 'theirs again' }, other.key)).status).toBe(429);
    expect((await sb.api('POST', '/v1/posts', { body: 'mine again' })).status).toBe(201);
    expect(await log(other.account)).toEqual({
      account: other.account,
      budget: { writes: 1, windowSeconds: 10 },
      writes: [{ at: T0, channel: 'api', kind: 'post' }],
    });
    expect((await log(sb.account)).writes).toHaveLength(2);
  });

  it('404 for an unknown account, 400 for a bad since, 405 for another method', async () => {
    expect((await sb.request('GET', '/__sandbox/accounts/acc_nobody/writes')).status).toBe(404);
    const bad = await sb.request('GET', `/__sandbox/accounts/${sb.account}/writes?since=yesterday`);
    expect(bad.status).toBe(400);
    expect((await sb.request('GET', `/__sandbox/accounts/${sb.account}/writes?until=1`)).status).toBe(400);
    expect((await sb.request('DELETE', `/__sandbox/accounts/${sb.account}/writes`)).status).toBe(405);
  });
});
