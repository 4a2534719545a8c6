import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlAllowed } from '../../sandbox/controls/routes.js';
import { isLoopbackAddress, isLoopbackOrigin } from '../../sandbox/loopback.js';
import { ALL_SCOPES, type ErrorBody, T0, TestSandbox } from './helpers.js';

describe('loopback check (unit)', () => {
  it('accepts loopback addresses only', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) {
      expect(isLoopbackAddress(a), a).toBe(true);
    }
    for (const a of [
      undefined,
      '',
      '10.0.0.1',
      '192.168.1.5',
      '::ffff:10.0.0.1',
      'fe80::1',
      '128.0.0.1',
      '0.0.0.0',
      'localhost',
      '::',
    ]) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
  });

  it('refuses a loopback socket when a browser names a foreign Origin', () => {
    expect(controlAllowed('127.0.0.1', undefined)).toBe(true);
    expect(controlAllowed('127.0.0.1', 'http://localhost:3000')).toBe(true);
    expect(controlAllowed('::1', 'http://[::1]:8787')).toBe(true);
    expect(controlAllowed('127.0.0.1', 'https://evil.example')).toBe(false);
    expect(controlAllowed('127.0.0.1', 'null')).toBe(false);
    expect(controlAllowed('203.0.113.9', undefined)).toBe(false);
    expect(isLoopbackOrigin('chrome-extension://abc')).toBe(false);
  });
});

describe('test controls', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await TestSandbox.start();
  });
  afterAll(() => sb.close());

  it('GET /__sandbox describes the sandbox, without the test key (a read any loopback client can make)', async () => {
    expect(await sb.control('GET', '')).toEqual({
      baseUrl: sb.base,
      account: sb.account,
      now: new Date(T0).toISOString(),
      scopes: ALL_SCOPES,
    });
  });

  it('refuses control requests that carry a foreign Origin (403)', async () => {
    const answer = await sb.request<ErrorBody>('POST', '/__sandbox/reset', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
    expect(answer.json.error.code).toBe('forbidden');
  });

  it('POST /__sandbox/keys issues keys for a new or a named account; only hashes are stored', async () => {
    const fresh = await sb.control<{ key: string; account: string; keyId: string }>('POST', '/keys', {
      scopes: ['posts:read'],
      handle: 'newcomer',
      displayName: 'New Comer',
    });
    expect(fresh.key).toMatch(/^dcp_[0-9A-Za-z]{32}$/);
    expect(fresh.account).toMatch(/^acc_/);
    const me = await sb.api<{ account: unknown; scopes: string[] }>('GET', '/v1/me', undefined, fresh.key);
    expect(me.json).toMatchObject({ account: { id: fresh.account, handle: 'newcomer', displayName: 'New Comer' } });
    const second = await sb.control<{ account: string }>('POST', '/keys', { scopes: [], account: fresh.account });
    expect(second.account).toBe(fresh.account);
    const unknown = await sb.request('POST', '/__sandbox/keys', {
      body: JSON.stringify({ scopes: [], account: 'acc_nobody' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(unknown.status).toBe(404);
  });

  it('validates every control body (400 invalid_json / invalid_body, 415), changing nothing', async () => {
    const before = await sb.stats();
    const cases: [string, string, string | null, number][] = [
      ['/keys', '{', 'application/json', 400],
      ['/keys', '{"scopes":["admin"]}', 'application/json', 400],
      ['/keys', '{"scopes":"posts:read"}', 'application/json', 400],
      ['/keys', '{"scopes":[],"extra":1}', 'application/json', 400],
      ['/keys', '{"scopes":[],"account":"acc_x","handle":"h"}', 'application/json', 400],
      ['/keys', '{"scopes":[]}', 'text/plain', 415],
      ['/keys', '', 'application/json', 400],
      ['/keys/disable', '{"key":"x"}', 'application/json', 400],
      ['/keys/disable', `{"key":"${'k'}","reason":"   "}`, 'application/json', 400],
      ['/keys/enable', '[]', 'application/json', 400],
      ['/budget', `{"account":"${'a'}","writes":0,"windowSeconds":60}`, 'application/json', 400],
      ['/budget', '{"account":"a","writes":1.5,"windowSeconds":60}', 'application/json', 400],
      ['/budget', '{"account":"a","writes":1,"windowSeconds":999999}', 'application/json', 400],
      ['/clock', '{"advanceMs":-1}', 'application/json', 400],
      ['/clock', '{"advanceMs":"10"}', 'application/json', 400],
      ['/clock', '{}', 'application/json', 400],
      ['/reset', '{"seed":"yes"}', 'application/json', 400],
      ['/reset', '{"seed":true}', 'text/plain', 415],
      ['/posts', '{}', 'application/json', 400],
      ['/posts', '{"count":5,"posts":[{"body":"x"}]}', 'application/json', 400],
      ['/posts', '{"count":100001}', 'application/json', 400],
      ['/posts', '{"posts":[{"body":""}]}', 'application/json', 400],
      ['/posts', '{"posts":[{"body":"\\u0000"}]}', 'application/json', 400],
    ];
    for (const [path, body, type, status] of cases) {
      const answer = await sb.request<ErrorBody>('POST', `/__sandbox${path}`, {
        body,
        headers: type ? { 'Content-Type': type } : {},
      });
      expect(answer.status, `${path} ${body}`).toBe(status);
      expect(answer.json.error.code).toEqual(expect.any(String));
    }
    expect(await sb.stats()).toEqual(before);
    const huge = await sb.request('POST', '/__sandbox/posts', {
      body: JSON.stringify({ posts: [{ body: 'x'.repeat(1_100_000) }] }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect((await sb.request('GET', '/__sandbox/nothing-here')).status).toBe(404);
    expect((await sb.request('GET', '/__sandbox/reset')).status).toBe(405);
  });

  it('POST /__sandbox/clock moves sandbox time forward (createdAt follows)', async () => {
    const before = await sb.control<{ now: number; offsetMs: number }>('GET', '/clock');
    const after = await sb.advance(90_000);
    expect(after.now - before.now).toBe(90_000);
    const post = await sb.api<{ createdAt: string }>('POST', '/v1/posts', { body: 'later' });
    expect(post.json.createdAt).toBe(new Date(after.now).toISOString());
  });

  it('POST /__sandbox/posts creates posts without budget or events', async () => {
    await sb.control('POST', '/budget', { account: sb.account, writes: 1, windowSeconds: 60 });
    const before = await sb.stats();
    const created = await sb.control<{ created: number; ids: string[] }>('POST', '/posts', {
      posts: [{ body: 'fixture one' }, { body: 'fixture two #hold' }],
    });
    expect(created.created).toBe(2);
    const counted = await sb.control<{ created: number }>('POST', '/posts', { count: 25 });
    expect(counted.created).toBe(25);
    const after = await sb.stats();
    expect(Number(after.posts) - Number(before.posts)).toBe(27);
    expect(Number(after.publishedPosts) - Number(before.publishedPosts)).toBe(26);
    expect(after.events).toBe(before.events);
    expect(after.budgetWrites).toBe(before.budgetWrites);
  });

  it('POST /__sandbox/reset empties the sandbox but keeps the demo account and its test key working', async () => {
    const other = await sb.newKey(ALL_SCOPES);
    await sb.control('POST', '/keys/disable', { key: sb.key, reason: 'testing reset' });
    await sb.control('POST', '/faults', { status: 500 });
    await sb.control('POST', '/moderation', { reject: ['anything'] });
    const reset = await sb.control<{ ok: boolean; testKey: string; account: string }>('POST', '/reset');
    expect(reset).toEqual({ ok: true, testKey: sb.key, account: sb.account });
    const stats = await sb.stats();
    expect(stats).toMatchObject({
      accounts: 1,
      keys: 1,
      posts: 0,
      comments: 0,
      reactions: 0,
      events: 0,
      integrity: 'ok',
    });
    expect((await sb.api('GET', '/v1/me')).status).toBe(200);
    expect((await sb.api('GET', '/v1/me', undefined, other.key)).status).toBe(401);
    expect((await sb.control<{ offsetMs: number }>('GET', '/clock')).offsetMs).toBe(0);
    const created = await sb.api<{ moderation: { state: string } }>('POST', '/v1/posts', { body: 'anything goes' });
    expect(created.json.moderation.state).toBe('published');
    // With seed: the demo content comes back.
    await sb.control('POST', '/reset', { seed: true });
    expect(Number((await sb.stats()).posts)).toBeGreaterThan(24);
  });
});
