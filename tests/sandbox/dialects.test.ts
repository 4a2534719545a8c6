import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSandbox } from './helpers.js';

/** What every dialect keeps: the spec's few promises. */
describe.each(['standard', 'snake', 'resource'])('the %s dialect keeps what the spec fixes', (dialect) => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await TestSandbox.start({ dialect, seed: true });
  });
  afterAll(() => sb.close());

  it('a page has items with an id each and nextCursor; following the cursors reaches the end, each post once', async () => {
    type Page = { items: { id: unknown }[]; nextCursor: string | null };
    const seen: unknown[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 100; n += 1) {
      const query: string = cursor === null ? '?limit=7' : `?limit=7&cursor=${encodeURIComponent(cursor)}`;
      const page: { status: number; json: Page } = await sb.api<Page>('GET', `/v1/timelines/public${query}`);
      expect(page.status).toBe(200);
      expect(Object.keys(page.json)).toEqual(expect.arrayContaining(['items', 'nextCursor']));
      for (const item of page.json.items) expect(['string', 'number']).toContain(typeof item.id);
      seen.push(...page.json.items.map((item) => item.id));
      cursor = page.json.nextCursor;
      if (cursor === null) break;
    }
    expect(cursor).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(10);
  });

  it('403 and 429 as the spec says, with the disabled key’s reason and Retry-After', async () => {
    const { key } = await sb.newKey(['posts:read']);
    const scope = await sb.api('POST', '/v1/posts', { body: 'x' }, key);
    expect(scope.status).toBe(403);
    expect(scope.text).toContain('posts:write');
    await sb.control('POST', '/keys/disable', { key, reason: 'Paused after reports' });
    const disabled = await sb.api('GET', '/v1/me', undefined, key);
    expect(disabled.status).toBe(403);
    expect(disabled.text).toContain('Paused after reports');
    const { key: writer, account } = await sb.newKey(['posts:write']);
    await sb.control('POST', '/budget', { account, writes: 1, windowSeconds: 30 });
    expect((await sb.api('POST', '/v1/posts', { body: 'one' }, writer)).status).toBeLessThan(300);
    const limited = await sb.api('POST', '/v1/posts', { body: 'two' }, writer);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the snake dialect', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await TestSandbox.start({ dialect: 'snake' });
  });
  afterAll(() => sb.close());

  it('numeric ids, epoch seconds, counts under metrics, 202 for a held post, problem+json with 422, 410 when removed', async () => {
    const post = await sb.api<Record<string, unknown>>('POST', '/v1/posts', { body: 'Snake says hello' });
    expect(post.status).toBe(201);
    expect(post.json).toMatchObject({ id: expect.any(Number), text: 'Snake says hello', status: 'approved' });
    expect(post.json.published_at).toBe(Math.floor(Date.UTC(2026, 10, 22, 8) / 1000));
    const held = await sb.api<Record<string, unknown>>('POST', '/v1/posts', { body: 'Wait for it #hold' });
    expect(held.status).toBe(202);
    expect(held.json).toMatchObject({ status: 'pending' });
    const page = await sb.api<{ items: Record<string, unknown>[] }>('GET', '/v1/timelines/public');
    expect(page.json.items[0]).toMatchObject({ id: post.json.id, metrics: { replies: 0 }, user: { username: 'demo' } });

    const reaction = await sb.api<Record<string, unknown>>('POST', `/v1/posts/${post.json.id}/reactions`, {
      kind: 'agree',
    });
    expect(reaction.status).toBe(201);
    expect(reaction.json).not.toHaveProperty('id');
    const invalid = await sb.api('POST', '/v1/posts', { body: '' });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('content-type')).toContain('application/problem+json');

    await sb.control('POST', `/posts/${post.json.id}/remove`, {});
    const { key: other } = await sb.newKey(['posts:write']);
    const gone = await sb.api('POST', `/v1/posts/${post.json.id}/comments`, { body: 'Too late' }, other);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('removed');
  });

  it('held posts use up page slots: pages come back short or empty, with a cursor that needs URL-encoding', async () => {
    for (let n = 0; n < 6; n += 1) await sb.api('POST', '/v1/posts', { body: `Held ${n} #hold` });
    const first = await sb.api<{ items: unknown[]; nextCursor: string }>('GET', '/v1/timelines/public?limit=3');
    expect(first.json.items).toEqual([]);
    expect(first.json.nextCursor).toMatch(/[+/=]/);
    // Sent as is, the `+` would read as a space: the cursor is refused.
    const raw = await sb.api('GET', `/v1/timelines/public?limit=3&cursor=${first.json.nextCursor}`);
    expect(raw.status).toBe(400);
    const encoded = await sb.api(
      'GET',
      `/v1/timelines/public?limit=3&cursor=${encodeURIComponent(first.json.nextCursor)}`,
    );
    expect(encoded.status).toBe(200);
  });
});

describe('the resource dialect', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await TestSandbox.start({ dialect: 'resource' });
  });
  afterAll(() => sb.close());

  it('UUIDs and attributes, 201 for a held post saying in_review, 204 for a reaction, errors[] with 422, half pages', async () => {
    const post = await sb.api<{ id: string; attributes: Record<string, unknown> }>('POST', '/v1/posts', { body: 'Hi' });
    expect(post.status).toBe(201);
    expect(post.json.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(post.json.attributes).toMatchObject({ content: 'Hi', createdAt: '2026-11-22T09:00:00.000000+01:00' });
    const held = await sb.api<{ attributes: Record<string, unknown> }>('POST', '/v1/posts', { body: 'Later #hold' });
    expect(held.status).toBe(201);
    expect(held.json.attributes.state).toBe('in_review');
    const reaction = await sb.api('POST', `/v1/posts/${post.json.id}/reactions`, { kind: 'agree' });
    expect(reaction.status).toBe(204);
    expect(reaction.text).toBe('');
    const invalid = await sb.api<{ errors: { status: string }[] }>('POST', '/v1/posts', {});
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors[0]?.status).toBe('422');
    const me = await sb.api<{ data: { token: { scope: string } } }>('GET', '/v1/me');
    expect(me.json.data.token.scope).toContain('posts:write');
    for (let n = 0; n < 4; n += 1) await sb.post(`More ${n}`).catch(() => undefined);
    const page = await sb.api<{ items: unknown[]; nextCursor: string }>('GET', '/v1/timelines/public?limit=4');
    expect(page.json.items.length).toBeLessThanOrEqual(2);
    expect(page.json.nextCursor).toMatch(/^\{"after":/);
  });
});
