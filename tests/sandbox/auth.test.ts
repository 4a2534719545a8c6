import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, type ErrorBody, TestSandbox } from './helpers.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await TestSandbox.start();
});
afterAll(() => sb.close());

describe('authentication', () => {
  it('GET /v1/me describes the account, the scopes and the key, without any scope needed', async () => {
    const me = await sb.api<Record<string, unknown>>('GET', '/v1/me');
    expect(me.status).toBe(200);
    expect(me.json).toEqual({
      account: { id: sb.account, handle: 'demo', displayName: 'Dana Demo' },
      scopes: ALL_SCOPES,
      key: {
        id: expect.stringMatching(/^key_/),
        last4: sb.key.slice(-4),
        app: expect.objectContaining({ test: true }),
      },
    });
    const bare = await sb.newKey([]);
    const bareMe = await sb.api<{ scopes: string[]; account: { id: string } }>('GET', '/v1/me', undefined, bare.key);
    expect(bareMe.status).toBe(200);
    expect(bareMe.json.scopes).toEqual([]);
    expect(bareMe.json.account.id).toBe(bare.account);
  });

  it('answers 401 unauthorized for a missing, malformed or unknown key', async () => {
    const headersList: Record<string, string>[] = [
      {},
      { Authorization: '' },
      { Authorization: 'Bearer' },
      { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      { Authorization: `Token ${sb.key}` },
      { Authorization: 'Bearer dcp_short' },
      { Authorization: `Bearer ${sb.key}x` },
      { Authorization: `Bearer ${sb.key} extra` },
      { Authorization: `Bearer dcp_${'A'.repeat(32)}` },
    ];
    for (const headers of headersList) {
      for (const path of ['/v1/me', '/v1/timelines/public']) {
        const answer = await sb.request<ErrorBody>('GET', path, { headers });
        expect(answer.status, JSON.stringify(headers)).toBe(401);
        expect(answer.json.error.code).toBe('unauthorized');
        expect(answer.json.error.message).toEqual(expect.any(String));
      }
    }
    const write = await sb.api<ErrorBody>('POST', '/v1/posts', { body: 'x' }, `dcp_${'B'.repeat(32)}`);
    expect(write.status).toBe(401);
  });

  it('accepts the Bearer scheme case-insensitively', async () => {
    const answer = await sb.request('GET', '/v1/me', { headers: { Authorization: `bearer ${sb.key}` } });
    expect(answer.status).toBe(200);
  });

  it('a disabled key gets 403 key_disabled with the reason everywhere, also on /v1/me; enabling restores it', async () => {
    const k = await sb.newKey(ALL_SCOPES);
    const reason = 'Unusual activity: too many failed writes';
    await sb.control('POST', '/keys/disable', { key: k.key, reason });
    const postId = await sb.post('A post to react to while the other key is disabled');
    const calls: [string, string, unknown][] = [
      ['GET', '/v1/me', undefined],
      ['GET', '/v1/timelines/public', undefined],
      ['POST', '/v1/posts', { body: 'x' }],
      ['POST', `/v1/posts/${postId}/comments`, { body: 'x' }],
      ['POST', `/v1/posts/${postId}/reactions`, { kind: 'agree' }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await sb.api<ErrorBody>(method, path, body, k.key);
      expect(answer.status, path).toBe(403);
      expect(answer.json.error.code).toBe('key_disabled');
      expect(answer.json.error.reason).toBe(reason);
      expect(answer.json.error.message).toContain(reason);
    }
    await sb.control('POST', '/keys/enable', { key: k.key });
    expect((await sb.api('GET', '/v1/me', undefined, k.key)).status).toBe(200);
    // Disable and enable also work by key id.
    await sb.control('POST', '/keys/disable', { key: k.keyId, reason: 'by id' });
    expect((await sb.api('GET', '/v1/me', undefined, k.key)).status).toBe(403);
    await sb.control('POST', '/keys/enable', { key: k.keyId });
    expect((await sb.api('GET', '/v1/me', undefined, k.key)).status).toBe(200);
  });

  it('checks auth before anything else: a bad key with a bad body is 401, a disabled key with a bad body is 403', async () => {
    const bad = await sb.request('POST', '/v1/posts', {
      body: '{oops',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(401);
    const k = await sb.newKey(ALL_SCOPES);
    await sb.control('POST', '/keys/disable', { key: k.key, reason: 'maintenance' });
    const disabled = await sb.request<ErrorBody>('POST', '/v1/posts', {
      body: '{oops',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${k.key}` },
    });
    expect(disabled.status).toBe(403);
    expect(disabled.json.error.code).toBe('key_disabled');
  });

  it('refuses to disable an unknown key', async () => {
    const answer = await sb.request('POST', '/__sandbox/keys/disable', {
      body: JSON.stringify({ key: `dcp_${'C'.repeat(32)}`, reason: 'x' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(404);
  });
});
