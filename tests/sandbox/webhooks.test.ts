import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, TestSandbox } from './helpers.js';
import { Receiver } from './receiver.js';

interface Delivery {
  deliveryId: string;
  eventId: string;
  eventType: string;
  contributionId: string;
  attempt: number;
  status: number | null;
  ok: boolean;
  error: string | null;
  nextAttemptAt: string | null;
}
interface Event {
  id: string;
  type: string;
  createdAt: string;
  data: { id: string; [k: string]: unknown };
}

const SECRET = 'whsec_test_secret';
let sb: TestSandbox;
let receiver: Receiver;
beforeEach(async () => {
  sb = await TestSandbox.start({ webhookBaseDelayMs: 10 });
  receiver = await Receiver.start();
  await sb.control('POST', '/webhooks', { url: receiver.url, secret: SECRET });
});
afterEach(async () => {
  await sb.close();
  await receiver.close();
});

/** What a receiver does: recompute the HMAC over the raw body and compare in constant time. */
function verify(rawBody: string, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const deliveries = async () => (await sb.control<{ deliveries: Delivery[] }>('GET', '/webhooks/deliveries')).deliveries;

describe('webhooks', () => {
  it('delivers a signed event naming the contribution id for every kind of write', async () => {
    const post = await sb.api<{ id: string }>('POST', '/v1/posts', { body: 'Webhook me' });
    const comment = await sb.api<{ id: string }>('POST', `/v1/posts/${post.json.id}/comments`, { body: 'Me too' });
    const reaction = await sb.api<{ id: string }>('POST', `/v1/posts/${post.json.id}/reactions`, { kind: 'agree' });
    await eventually(async () => (receiver.received.length >= 3 ? true : undefined));
    const byType = new Map(receiver.received.map((r) => [String(r.headers['x-debate-event']), r]));
    for (const [type, created] of [
      ['post.created', post],
      ['comment.created', comment],
      ['reaction.created', reaction],
    ] as const) {
      const r = byType.get(type);
      if (!r) throw new Error(`no ${type} delivery`);
      expect(r.headers['content-type']).toBe('application/json');
      expect(verify(r.body, r.headers['x-debate-signature'] as string, SECRET)).toBe(true);
      expect(verify(r.body, r.headers['x-debate-signature'] as string, 'wrong secret')).toBe(false);
      expect(verify(`${r.body} `, r.headers['x-debate-signature'] as string, SECRET)).toBe(false);
      const event = JSON.parse(r.body) as Event;
      expect(event).toEqual({
        id: expect.stringMatching(/^evt_/),
        type,
        createdAt: expect.any(String),
        data: created.json,
      });
      expect(event.data.id).toBe(created.json.id);
      expect(r.headers['x-debate-delivery']).toMatch(/^dlv_/);
    }
    // A repeated identical reaction emits nothing.
    await sb.api('POST', `/v1/posts/${post.json.id}/reactions`, { kind: 'agree' });
    const log = await deliveries();
    expect(log.filter((d) => d.eventType === 'reaction.created')).toHaveLength(1);
    expect(log.map((d) => d.contributionId).sort()).toEqual([post.json.id, comment.json.id, reaction.json.id].sort());
  });

  it('retries after a failing receiver with backoff, logging every attempt, same delivery id and body', async () => {
    receiver.failFirst = 3;
    const post = await sb.api<{ id: string }>('POST', '/v1/posts', { body: 'Retry me' });
    const log = await eventually(async () => {
      const all = await deliveries();
      return all.some((d) => d.ok) ? all : undefined;
    });
    expect(log.map((d) => [d.attempt, d.status, d.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 500, false],
      [4, 200, true],
    ]);
    expect(new Set(log.map((d) => d.deliveryId)).size).toBe(1);
    expect(log.every((d) => d.contributionId === post.json.id && d.eventType === 'post.created')).toBe(true);
    expect(log.slice(0, 3).every((d) => d.nextAttemptAt !== null)).toBe(true);
    expect(log[3]?.nextAttemptAt).toBeNull();
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.headers['x-debate-delivery'])).size).toBe(1);
  });

  it('gives up after 6 attempts and logs network errors too', async () => {
    const dead = await Receiver.start();
    const deadUrl = dead.url;
    await dead.close();
    await sb.control('POST', '/reset');
    await sb.control('POST', '/webhooks', { url: deadUrl, secret: SECRET });
    await sb.post('Nobody is listening');
    const log = await eventually(async () => {
      const all = await deliveries();
      return all.length >= 6 ? all : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 400)); // a 7th attempt would be due by now
    const final = await deliveries();
    expect(final).toHaveLength(6);
    expect(final.every((d) => !d.ok && d.status === null && typeof d.error === 'string')).toBe(true);
    expect(log.at(-1)?.nextAttemptAt ?? null).toBeNull();
  });

  it('website writes produce the same events as API writes (same type, same payload shape)', async () => {
    await sb.api('POST', '/v1/posts', { body: 'From the API' });
    const site = await sb.form('/posts', { body: 'From the website' });
    expect(site.status).toBe(303);
    const sitePostId = String(site.headers.get('location')).replace('/posts/', '');
    await sb.api('POST', `/v1/posts/${sitePostId}/comments`, { body: 'API comment' });
    await sb.form(`/posts/${sitePostId}/comments`, { body: 'Site comment' });
    await sb.api('POST', `/v1/posts/${sitePostId}/reactions`, { kind: 'agree' });
    await sb.form(`/posts/${sitePostId}/reactions`, { kind: 'insightful' });
    const events = await eventually(async () => {
      const all = receiver.received.map((r) => JSON.parse(r.body) as Event);
      return all.length >= 6 ? all : undefined;
    });
    const shape = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(shape);
      if (value && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
      }
      return typeof value;
    };
    for (const type of ['post.created', 'comment.created', 'reaction.created']) {
      const pair = events.filter((e) => e.type === type);
      expect(pair, type).toHaveLength(2);
      expect(shape(pair[0])).toEqual(shape(pair[1]));
    }
    const siteEvent = events.find((e) => e.type === 'post.created' && e.data.id === sitePostId);
    expect(siteEvent?.data).toMatchObject({ body: 'From the website', moderation: { state: 'published' } });
  });

  it('manages subscriptions: list, remove, validate', async () => {
    const list = await sb.control<{ webhooks: { id: string; url: string }[] }>('GET', '/webhooks');
    expect(list.webhooks).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(SECRET);
    for (const body of [
      { url: 'ftp://x', secret: 's' },
      { url: 'not a url', secret: 's' },
      { url: receiver.url },
      {},
    ]) {
      const answer = await sb.request('POST', '/__sandbox/webhooks', {
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status).toBe(400);
    }
    const id = list.webhooks[0]?.id ?? '';
    await sb.control('DELETE', `/webhooks/${id}`);
    await sb.post('No one subscribed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.received).toHaveLength(0);
    expect((await sb.control<{ events: unknown[] }>('GET', '/events')).events).toHaveLength(1);
  });
});
