import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, TestSandbox } from './helpers.js';

interface Created {
  id: string;
  moderation: { state: string; reason?: string };
}

let sb: TestSandbox;
beforeAll(async () => {
  sb = await TestSandbox.start({ budget: { writes: 1000, windowSeconds: 60 } });
});
afterAll(() => sb.close());

const timelineIds = async () =>
  (await sb.api<{ items: { id: string }[] }>('GET', '/v1/timelines/public?limit=100')).json.items.map((p) => p.id);

describe('moderation', () => {
  it('rejects spam, holds #hold and link-heavy posts, publishes the rest; the author sees the state', async () => {
    const cases: [string, string][] = [
      ['Visit my CASINO tonight', 'rejected'],
      ['Buy now, limited offer', 'rejected'],
      ['Please review this first #hold', 'held'],
      ['Links: http://a.example http://b.example https://c.example http://d.example', 'held'],
      ['Three links are fine: http://a.example http://b.example http://c.example', 'published'],
      ['The casinos debate is about zoning', 'published'],
    ];
    for (const [body, state] of cases) {
      const answer = await sb.api<Created>('POST', '/v1/posts', { body });
      expect(answer.status, body).toBe(201);
      expect(answer.json.moderation.state, body).toBe(state);
      if (state !== 'published') expect(answer.json.moderation.reason).toEqual(expect.any(String));
      else expect(answer.json.moderation.reason).toBeUndefined();
      expect((await timelineIds()).includes(answer.json.id), body).toBe(state === 'published');
    }
  });

  it('held and rejected contributions spend budget and emit events like any other', async () => {
    const before = await sb.control<{ used: number }>('GET', `/budget?account=${sb.account}`);
    const events = (await sb.control<{ events: unknown[] }>('GET', '/events')).events.length;
    const held = await sb.api<Created>('POST', '/v1/posts', { body: 'Hold me #hold' });
    const after = await sb.control<{ used: number }>('GET', `/budget?account=${sb.account}`);
    expect(after.used).toBe(before.used + 1);
    const all = (await sb.control<{ events: { data: Created }[] }>('GET', '/events')).events;
    expect(all).toHaveLength(events + 1);
    expect(all.at(-1)?.data).toMatchObject({ id: held.json.id, moderation: { state: 'held' } });
  });

  it('comments are moderated too; held comments do not count on the post', async () => {
    const postId = await sb.post('A fine post');
    const held = await sb.api<Created>('POST', `/v1/posts/${postId}/comments`, { body: 'Wait #hold' });
    expect(held.json.moderation.state).toBe('held');
    const rejected = await sb.api<Created>('POST', `/v1/posts/${postId}/comments`, { body: 'casino bonus' });
    expect(rejected.json.moderation.state).toBe('rejected');
    await sb.api('POST', `/v1/posts/${postId}/comments`, { body: 'A published reply' });
    const page = await sb.api<{ items: { id: string; commentCount: number }[] }>('GET', '/v1/timelines/public');
    expect(page.json.items.find((p) => p.id === postId)?.commentCount).toBe(1);
  });

  it("a held post exists for its author only: others get 404 when replying, the author's page shows the state", async () => {
    const held = await sb.api<Created>('POST', '/v1/posts', { body: 'Only mine for now #hold' });
    const other = await sb.newKey(ALL_SCOPES);
    expect((await sb.api('POST', `/v1/posts/${held.json.id}/comments`, { body: 'x' }, other.key)).status).toBe(404);
    expect((await sb.api('POST', `/v1/posts/${held.json.id}/reactions`, { kind: 'agree' }, other.key)).status).toBe(
      404,
    );
    expect((await sb.api('POST', `/v1/posts/${held.json.id}/comments`, { body: 'Note to self' })).status).toBe(201);
    // The website is signed in as the demo account, the author.
    const page = await sb.request('GET', `/posts/${held.json.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Only you can see this post');
    expect(page.text).toContain('held');
    const home = await sb.request('GET', '/');
    expect(home.text).not.toContain(held.json.id);
    // Someone else's held post is not on the website at all.
    const foreign = await sb.api<Created>('POST', '/v1/posts', { body: 'Theirs #hold' }, other.key);
    expect((await sb.request('GET', `/posts/${foreign.json.id}`)).status).toBe(404);
  });

  it('POST /__sandbox/moderation replaces rules; reset restores the defaults; bad rules are 400', async () => {
    const rules = await sb.control<{ reject: { pattern: string }[] }>('POST', '/moderation', {
      reject: [{ pattern: '\\bpineapple\\b', reason: 'No pineapple debates.' }],
      hold: ['needs-review'],
      maxLinks: null,
    });
    expect(rules.reject).toEqual([{ pattern: '\\bpineapple\\b', flags: 'i', reason: 'No pineapple debates.' }]);
    const rejected = await sb.api<Created>('POST', '/v1/posts', { body: 'Pineapple on pizza' });
    expect(rejected.json.moderation).toEqual({ state: 'rejected', reason: 'No pineapple debates.' });
    expect((await sb.api<Created>('POST', '/v1/posts', { body: 'casino' })).json.moderation.state).toBe('published');
    expect((await sb.api<Created>('POST', '/v1/posts', { body: 'NEEDS-REVIEW' })).json.moderation.state).toBe('held');
    await sb.control('POST', '/moderation', { reset: true });
    expect((await sb.api<Created>('POST', '/v1/posts', { body: 'casino' })).json.moderation.state).toBe('rejected');
    for (const bad of [{ reject: ['('] }, { hold: [{ pattern: 'x', flags: 'g' }] }, { maxLinks: -1 }, { other: 1 }]) {
      const answer = await sb.request('POST', '/__sandbox/moderation', {
        body: JSON.stringify(bad),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
  });
});
