import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSandbox } from './helpers.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await TestSandbox.start({ seed: true, budget: { writes: 100, windowSeconds: 60 } });
});
afterAll(() => sb.close());

const articleIds = (html: string) => [...html.matchAll(/<article data-post-id="([^"]+)">/g)].map((m) => m[1]);

describe('website', () => {
  it('/ lists published posts as <article data-post-id> with links to /posts/ID, newest first', async () => {
    const page = await sb.request('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    const ids = articleIds(page.text);
    const api = await sb.api<{ items: { id: string }[] }>('GET', '/v1/timelines/public?limit=20');
    expect(ids).toEqual(api.json.items.map((p) => p.id));
    for (const id of ids) expect(page.text).toContain(`<a href="/posts/${id}">`);
    expect(page.text).toContain('prefers-color-scheme: dark');
    expect(page.text).toContain('<form class="panel" method="post" action="/posts">');
    // Paging links use the same cursor as the API.
    const older = /href="\/\?cursor=([^"]+)"/.exec(page.text)?.[1];
    expect(older).toBeDefined();
    const next = await sb.request('GET', `/?cursor=${older}`);
    expect(articleIds(next.text).some((id) => ids.includes(id))).toBe(false);
    expect((await sb.request('GET', '/?cursor=tampered')).status).toBe(400);
  });

  it('/posts/ID shows the post, its comments and reaction counts', async () => {
    const api = await sb.api<{ items: { id: string; commentCount: number; reactionCounts: Record<string, number> }[] }>(
      'GET',
      '/v1/timelines/public?limit=100',
    );
    const post = api.json.items.find((p) => p.commentCount >= 2);
    if (!post) throw new Error('the seed has posts with comments');
    const page = await sb.request('GET', `/posts/${post.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<article data-post-id="${post.id}">`);
    expect([...page.text.matchAll(/data-comment-id="c_/g)]).toHaveLength(post.commentCount);
    expect(page.text).toContain(`Well sourced · ${post.reactionCounts.well_sourced}`);
    expect(page.text).toContain(`Agree · ${post.reactionCounts.agree}`);
    expect(page.text).toContain(`action="/posts/${post.id}/comments"`);
  });

  it('a form post creates a post as the demo account and redirects 303 to it', async () => {
    const answer = await sb.form('/posts', { body: 'Posted from the sandbox website form.' });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location') ?? '';
    expect(location).toMatch(/^\/posts\/p_/);
    const id = location.slice('/posts/'.length);
    const page = await sb.request('GET', location);
    expect(page.text).toContain('Posted from the sandbox website form.');
    expect(page.text).toContain('Dana Demo');
    const api = await sb.api<{ items: { id: string; author: { id: string } }[] }>(
      'GET',
      '/v1/timelines/public?limit=1',
    );
    expect(api.json.items[0]).toMatchObject({ id, author: { id: sb.account } });
    // Comment and reaction forms.
    const comment = await sb.form(`/posts/${id}/comments`, { body: 'And a reply from the form.' });
    expect(comment.status).toBe(303);
    expect(comment.headers.get('location')).toMatch(new RegExp(`^/posts/${id}#c_`));
    const reaction = await sb.form(`/posts/${id}/reactions`, { kind: 'well_sourced' });
    expect(reaction.status).toBe(303);
    const after = await sb.request('GET', `/posts/${id}`);
    expect(after.text).toContain('And a reply from the form.');
    expect(after.text).toContain('Well sourced · 1');
  });

  it('form writes pass the same moderation as API writes; the author sees the state on the post page', async () => {
    const held = await sb.form('/posts', { body: 'Draft from the form #hold' });
    expect(held.status).toBe(303);
    const location = held.headers.get('location') ?? '';
    const id = location.slice('/posts/'.length);
    const page = await sb.request('GET', location);
    expect(page.text).toContain('Only you can see this post: it is held.');
    expect(articleIds((await sb.request('GET', '/?limit=100')).text)).not.toContain(id);
    const published = await sb.post('A published post for a rejected comment');
    await sb.form(`/posts/${published}/comments`, { body: 'casino night!' });
    const withComment = await sb.request('GET', `/posts/${published}`);
    expect(withComment.text).toContain('<span class="state rejected"');
    const events = (
      await sb.control<{ events: { type: string; data: { id: string; moderation?: unknown } }[] }>('GET', '/events')
    ).events;
    expect(events.find((e) => e.data.id === id)?.data.moderation).toEqual({
      state: 'held',
      reason: 'Held for review (#hold).',
    });
  });

  it('escapes every piece of user text', async () => {
    const evil = '<script>alert("x")</script> & <img src=x onerror=alert(1)> "quoted" \'single\'';
    const id = await sb.post(evil);
    await sb.api('POST', `/v1/posts/${id}/comments`, { body: '<b>bold?</b>' });
    for (const path of ['/', `/posts/${id}`]) {
      const page = await sb.request('GET', path);
      expect(page.text).not.toContain('<script>');
      expect(page.text).not.toContain('<img src=x');
      expect(page.text).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;',
      );
      expect(page.text).toContain('&#39;single&#39;');
    }
    expect((await sb.request('GET', `/posts/${id}`)).text).toContain('&lt;b&gt;bold?&lt;/b&gt;');
  });

  it('refuses bad forms with HTML error pages and writes nothing', async () => {
    const before = await sb.stats();
    const cases: [string, BodyInit, Record<string, string>, number][] = [
      ['/posts', 'body=', { 'Content-Type': 'application/x-www-form-urlencoded' }, 400],
      ['/posts', 'body=%20%20', { 'Content-Type': 'application/x-www-form-urlencoded' }, 400],
      ['/posts', 'text=hello', { 'Content-Type': 'application/x-www-form-urlencoded' }, 400],
      ['/posts', 'body=a&body=b', { 'Content-Type': 'application/x-www-form-urlencoded' }, 400],
      ['/posts', 'body=a&extra=1', { 'Content-Type': 'application/x-www-form-urlencoded' }, 400],
      ['/posts', 'body=nul%00byte', { 'Content-Type': 'application/x-www-form-urlencoded' }, 400],
      ['/posts', `body=${'x'.repeat(2001)}`, { 'Content-Type': 'application/x-www-form-urlencoded' }, 400],
      ['/posts', `body=${'x'.repeat(70_000)}`, { 'Content-Type': 'application/x-www-form-urlencoded' }, 413],
      ['/posts', '{"body":"json"}', { 'Content-Type': 'application/json' }, 415],
      ['/posts/p_missing/comments', 'body=hi', { 'Content-Type': 'application/x-www-form-urlencoded' }, 404],
      ['/posts/p_missing/reactions', 'kind=agree', { 'Content-Type': 'application/x-www-form-urlencoded' }, 404],
      [
        '/posts',
        'body=cross-site',
        { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
        403,
      ],
    ];
    for (const [path, body, headers, status] of cases) {
      const answer = await sb.request('POST', path, { body, headers });
      expect(answer.status, `${path} ${String(body).slice(0, 30)}`).toBe(status);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    }
    const postId = articleIds((await sb.request('GET', '/')).text)[0] ?? '';
    const kind = await sb.form(`/posts/${postId}/reactions`, { kind: 'love' });
    expect(kind.status).toBe(400);
    expect(await sb.stats()).toEqual(before);
    // Same-origin posts are fine.
    const same = await sb.form('/posts', { body: 'same origin' }, { Origin: sb.base });
    expect(same.status).toBe(303);
  });

  it('answers 429 as a page saying when to retry, with Retry-After', async () => {
    await sb.control('POST', '/budget', { account: sb.account, writes: 1, windowSeconds: 90 });
    await sb.advance(120_000);
    expect((await sb.form('/posts', { body: 'fits' })).status).toBe(303);
    const refused = await sb.form('/posts', { body: 'does not fit' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('90');
    expect(refused.text).toContain('Try again in 90 seconds');
  });
});
