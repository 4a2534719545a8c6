import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchPage, TimelineStore } from '../../entrypoints/sidepanel/state/timeline-store';
import type { ApiClient } from '../../lib/api/client';
import type { Contribution } from '../../lib/api/schemas';
import { TestSandbox } from '../sandbox/helpers.js';
import { createRig, drainToIdle, newAccount, SandboxClock } from './harness';

/** The newest published post, paging past empty pages (held posts use up slots in some dialects). */
async function firstPost(client: ApiClient): Promise<Contribution> {
  let cursor: string | undefined;
  for (let n = 0; n < 20; n += 1) {
    const page = await client.timeline(cursor === undefined ? { limit: 20 } : { limit: 20, cursor });
    const [post] = page.items;
    if (post !== undefined) return post;
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  throw new Error('no post to reply to');
}

/**
 * The extension's core (lib/api, lib/queue, and the timeline's paging) against each of the
 * sandbox's dialects: three servers that keep the spec and choose differently wherever it is
 * silent. The same flow must read naturally on each (sandbox/README.md, "Dialects").
 */
describe.each(['standard', 'snake', 'resource'])('against the %s dialect', (dialect) => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await TestSandbox.start({ dialect, seed: true });
  });
  afterAll(() => sb.close());

  it('the key check names the account and its scopes', async () => {
    const { key } = await newAccount(sb, { scopes: ['posts:read', 'posts:write'] });
    const rig = await createRig(sb, { key });
    const me = await rig.client.me();
    expect(me.account?.handle).toMatch(/\S/);
    expect(me.scopes).toEqual(['posts:read', 'posts:write']);
  });

  it('the timeline reads to the end past held posts and short or empty pages, each post once, with times, names and counts', async () => {
    // Twenty-five held posts at the top: in dialects where they use up page slots, the first pages are empty.
    const { key: holder } = await newAccount(sb, { budget: { writes: 100, windowSeconds: 60 } });
    for (let n = 0; n < 25; n += 1) await sb.api('POST', '/v1/posts', { body: `Waiting ${n} #hold` }, holder);
    const rig = await createRig(sb, { key: sb.key });
    const fetchPage: FetchPage = async ({ cursor, limit }) => {
      try {
        return { ok: true, data: await rig.client.timeline(cursor === undefined ? { limit } : { limit, cursor }) };
      } catch (error) {
        return { ok: false, error: { code: 'network', message: String(error) } };
      }
    };
    const store = new TimelineStore(fetchPage);
    await store.loadFirst();
    for (let n = 0; n < 50 && store.getState().cursor !== null; n += 1) {
      await store.loadMore({ userAsked: store.getState().stop === 'empty' });
    }
    const { items, cursor, stop, error, moreError } = store.getState();
    expect({ cursor, stop, error, moreError }).toEqual({ cursor: null, stop: null, error: null, moreError: null });
    expect(items.length).toBeGreaterThan(20);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const item of items) {
      expect(item.body).not.toMatch(/#hold/);
      expect(Number.isNaN(Date.parse(item.createdAt ?? ''))).toBe(false);
      expect(item.author?.displayName ?? item.author?.handle).toMatch(/\S/);
      expect(item.commentCount).toEqual(expect.any(Number));
      expect(item.reactionCounts).toEqual(expect.any(Object));
      expect(JSON.stringify(item)).not.toMatch(/undefined|NaN|\[object Object\]/);
    }
  });

  it('posts, replies and reactions land once; a repeated reaction too; held and rejected writes say so', async () => {
    const { key } = await newAccount(sb);
    const clock = new SandboxClock(sb);
    const rig = await createRig(sb, { key, clock: clock.now });
    const target = await firstPost(rig.client);
    const post = await rig.outbox.enqueue(rig.account, { kind: 'post', body: `Plain post in ${dialect}` });
    const reply = await rig.outbox.enqueue(rig.account, { kind: 'comment', postId: target.id, body: 'A reply' });
    const react = await rig.outbox.enqueue(rig.account, { kind: 'reaction', postId: target.id, reaction: 'agree' });
    await drainToIdle(rig.outbox, (at) => clock.advanceTo(at));
    const again = await rig.outbox.enqueue(rig.account, { kind: 'reaction', postId: target.id, reaction: 'agree' });
    const held = await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Please review #hold' });
    const rejected = await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Buy now at the casino' });
    await drainToIdle(rig.outbox, (at) => clock.advanceTo(at));

    const state = (id: string) => rig.outbox.get(id)?.state;
    expect(state(post.id)).toMatchObject({ status: 'sent', id: expect.any(String) });
    expect(state(post.id)).not.toHaveProperty('moderation');
    expect(state(reply.id)).toMatchObject({ status: 'sent', id: expect.any(String) });
    for (const reaction of [react, again]) {
      const sent = state(reaction.id);
      expect(sent).toMatchObject({ status: 'sent' });
      // An id only when the server gave one: never one made up from the request.
      if (sent?.status === 'sent' && sent.id !== undefined) expect(sent.id).not.toMatch(/reactions\//);
    }
    expect(state(held.id)).toMatchObject({ status: 'sent', moderation: 'held' });
    expect(state(rejected.id)).toMatchObject({
      status: 'failed',
      reason: {
        kind: 'invalid',
        message: "The platform's moderation rejected it.",
        reason: expect.stringMatching(/spam/i),
      },
    });
    // Each write went out once.
    expect(rig.recorder.writes()).toHaveLength(6);
  });

  it('an exhausted budget: paced where the dialect announces it, else Retry-After waited out; once each, in order', async () => {
    const { key } = await newAccount(sb, { budget: { writes: 2, windowSeconds: 60 } });
    const clock = new SandboxClock(sb);
    const rig = await createRig(sb, { key, clock: clock.now });
    for (const n of [1, 2, 3, 4]) await rig.outbox.enqueue(rig.account, { kind: 'post', body: `Budget ${n}` });
    await drainToIdle(rig.outbox, (at) => clock.advanceTo(at));
    expect(rig.outbox.list().map((item) => item.state.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    const writes = rig.recorder.writes();
    const refused = writes.filter((exchange) => exchange.status === 429);
    // standard: RateLimit fields; snake: X-RateLimit-*; resource: nothing but the 429.
    if (dialect === 'resource') expect(refused.length).toBeGreaterThan(0);
    else expect(refused).toEqual([]);
    for (const answer of refused) {
      const next = writes[writes.indexOf(answer) + 1];
      expect(next?.sentAt).toBeGreaterThanOrEqual(answer.answeredAt + Number(answer.retryAfter) * 1000);
    }
    expect(writes.filter((exchange) => exchange.status !== null && exchange.status < 300)).toHaveLength(4);
  });

  it("a disabled key pauses with the platform's reason; a removed post's reply fails as gone", async () => {
    const { key } = await newAccount(sb);
    const rig = await createRig(sb, { key });
    await sb.control('POST', '/keys/disable', { key, reason: 'Paused after reports' });
    await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'While disabled' });
    await rig.outbox.drain();
    expect(rig.outbox.accountState(rig.account)?.disabled?.reason).toContain('Paused after reports');
    await sb.control('POST', '/keys/enable', { key });

    const other = await newAccount(sb);
    const gone = await sb.api<{ id: string | number }>('POST', '/v1/posts', { body: 'Soon removed' }, other.key);
    await sb.control('POST', `/posts/${gone.json.id}/remove`, {});
    const fresh = await createRig(sb, { key: (await newAccount(sb)).key });
    const item = await fresh.outbox.enqueue(fresh.account, {
      kind: 'comment',
      postId: String(gone.json.id),
      body: 'Hi',
    });
    await fresh.outbox.drain();
    // The Outbox words every not_found "The post no longer exists on the platform." (404 and 410 alike).
    expect(fresh.outbox.get(item.id)?.state).toMatchObject({
      status: 'failed',
      reason: { kind: 'not_found', status: dialect === 'snake' ? 410 : 404 },
    });
  });

  it('a post whose answer was lost is found by the account the key check named, and settles as sent', async () => {
    const { key } = await newAccount(sb);
    const clock = new SandboxClock(sb);
    const rig = await createRig(sb, { key, clock: clock.now });
    await sb.control('POST', '/faults', { count: 1, method: 'POST', path: '/v1/posts', dropAfterCommit: true });
    const item = await rig.outbox.enqueue(rig.account, { kind: 'post', body: `Lost answer in ${dialect}` });
    await rig.outbox.drain();
    expect(rig.outbox.get(item.id)?.state).toMatchObject({ status: 'sent', settled: true, id: expect.any(String) });
  });
});
