import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody, TestSandbox } from './helpers.js';

let sb: TestSandbox;
let postId: string;
beforeAll(async () => {
  sb = await TestSandbox.start();
  postId = await sb.post('Somebody will try to vote on this');
});
afterAll(() => sb.close());

describe('paths that do not exist', () => {
  it('has no direct-message and no vote endpoints: 404 not_found for every plausible path and method', async () => {
    const before = await sb.stats();
    const paths = [
      '/v1/messages',
      '/v1/messages/send',
      '/v1/conversations',
      '/v1/conversations/x/messages',
      '/v1/direct_messages',
      '/v1/direct-messages',
      '/v1/dms',
      '/v1/inbox',
      '/v1/users/demo/messages',
      '/v1/votes',
      '/v1/propositions',
      '/v1/propositions/x/votes',
      '/v1/propositions/x/vote',
      `/v1/posts/${postId}/votes`,
      `/v1/posts/${postId}/vote`,
      '/v1/posts/x/votes',
      '/v1/debates/x/votes',
      '/v1/polls/x/votes',
      '/v2/posts',
      '/v1',
      '/v1/',
      '/v1/posts/',
    ];
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const answer = await sb.api<ErrorBody>(
          method,
          path,
          method === 'POST' ? { body: 'hi', to: 'someone' } : undefined,
        );
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.json.error.code).toBe('not_found');
      }
    }
    expect(await sb.stats()).toEqual(before);
  });

  it('answers 405 method_not_allowed with Allow for a known path and a wrong method', async () => {
    const cases: [string, string, string][] = [
      ['POST', '/v1/me', 'GET, HEAD'],
      ['DELETE', '/v1/timelines/public', 'GET, HEAD'],
      ['GET', '/v1/posts', 'POST'],
      ['PUT', '/v1/posts', 'POST'],
      ['GET', `/v1/posts/${postId}/comments`, 'POST'],
      ['DELETE', `/v1/posts/${postId}/reactions`, 'POST'],
    ];
    for (const [method, path, allow] of cases) {
      const answer = await sb.api<ErrorBody>(method, path);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.get('allow')).toBe(allow);
      expect(answer.json.error.code).toBe('method_not_allowed');
    }
  });

  it('odd paths and queries get a 4xx, never a 5xx', async () => {
    const paths = [
      '/v1/posts/%ZZ/comments',
      '/v1/posts/%E0%A4%A/reactions',
      '/v1/posts/..%2F..%2Fetc/comments',
      '/posts/%ff',
      '/posts/%00',
      `/posts/${'a'.repeat(5000)}`,
      '/v1/timelines/public?limit=%ZZ',
      '/v1/timelines/public?cursor=%E0%A4%A',
      '/?cursor=%ff',
      '/__sandbox/%ZZ',
    ];
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'PATCH']) {
        const answer = await sb.api(method, path, method === 'GET' ? undefined : { body: 'x' });
        expect(answer.status, `${method} ${path.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${path.slice(0, 40)}`).toBeLessThan(500);
      }
    }
  });

  it('HEAD works on GET endpoints', async () => {
    const answer = await sb.request('HEAD', '/v1/me', { headers: { Authorization: `Bearer ${sb.key}` } });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
  });

  it('unknown website pages are HTML 404s', async () => {
    const answer = await sb.request('GET', '/nope');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await sb.request('GET', '/posts/p_unknown')).status).toBe(404);
  });
});
