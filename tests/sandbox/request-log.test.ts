import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../sandbox/request-log.js';
import { ALL_SCOPES, T0, TestSandbox } from './helpers.js';

type Entry = Omit<RequestLogEntry, 'durationMs'>;

let sb: TestSandbox;
beforeAll(async () => {
  sb = await TestSandbox.start({ budget: { writes: 1, windowSeconds: 30 } });
});
afterAll(() => sb.close());

const log = async (query = '') => (await sb.control<{ requests: Entry[] }>('GET', `/requests${query}`)).requests;

describe('GET /__sandbox/requests', () => {
  it('logs every API request with sandbox time, account, status and Retry-After; not the website or controls', async () => {
    await sb.post('one');
    await sb.advance(5000);
    await sb.api('POST', '/v1/posts', { body: 'two' });
    await sb.api('GET', '/v1/me', undefined, null);
    await sb.request('GET', '/');
    const entries = await log();
    expect(entries).toEqual([
      expect.objectContaining({
        at: T0,
        method: 'POST',
        path: '/v1/posts',
        account: sb.account,
        status: 201,
        retryAfterSeconds: null,
        dropped: false,
      }),
      expect.objectContaining({
        at: T0 + 5000,
        method: 'POST',
        status: 429,
        retryAfterSeconds: 25,
        account: sb.account,
      }),
      expect.objectContaining({ path: '/v1/me', account: null, keyId: null, status: 401 }),
    ]);
  });

  it('names the account for a disabled key and filters by account and time; a dropped answer is marked', async () => {
    await sb.advance(1000);
    const other = await sb.newKey(ALL_SCOPES);
    await sb.control('POST', '/keys/disable', { key: other.key, reason: 'paused' });
    await sb.api('GET', '/v1/me', undefined, other.key);
    await sb.control('POST', '/keys/enable', { key: other.key });
    await sb.control('POST', '/faults', { dropAfterCommit: true, count: 1 });
    await expect(fetch(`${sb.base}/v1/me`, { headers: { Authorization: `Bearer ${other.key}` } })).rejects.toThrow();
    const theirs = await log(`?account=${other.account}`);
    expect(theirs.map((e) => [e.status, e.dropped])).toEqual([
      [403, false],
      [200, true],
    ]);
    expect(await log(`?since=${T0 + 6000}`)).toHaveLength(2);
    await sb.control('DELETE', '/requests');
    expect(await log()).toEqual([]);
  });
});
