import { describe, expect, it } from 'vitest';
import { writeSender } from '@/entrypoints/background/write-sender';
import { createApiClient, type FetchLike } from '@/lib/api/client';
import type { OutboxItem, WriteRequest } from '@/lib/queue/types';

const BASE = 'http://127.0.0.1:8787/';

function sendWith(status: number, body: unknown) {
  const fetch: FetchLike = async () =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const client = createApiClient({ baseUrl: BASE, getKey: async () => 'dcp_0123456789abcdef', fetch });
  const send = writeSender(async () => client);
  return (request: WriteRequest) =>
    send({
      id: 'o_1',
      account: BASE,
      seq: 1,
      request,
      state: { status: 'sending', since: 0 },
      createdAt: 0,
      updatedAt: 0,
      attempts: 1,
      resends: 0,
    } satisfies OutboxItem);
}

describe('the sender: what the Outbox keeps of an answer', () => {
  it('keeps the id of a published post', async () => {
    expect(await sendWith(201, { id: 'p_1', body: 'x' })({ kind: 'post', body: 'x' })).toEqual({ id: 'p_1' });
  });

  it('reads a 202 without a moderation word as held, and a record that says held or pending as held', async () => {
    expect(await sendWith(202, { id: 'p_2' })({ kind: 'post', body: 'x' })).toEqual({
      id: 'p_2',
      moderation: { state: 'held' },
    });
    expect(
      await sendWith(201, { id: 'c_1', status: 'pending_review' })({ kind: 'comment', postId: 'p_1', body: 'x' }),
    ).toEqual({ id: 'c_1', moderation: { state: 'held' } });
    // A 202 whose record says it was published is published.
    expect(await sendWith(202, { id: 'p_3', moderation: { state: 'published' } })({ kind: 'post', body: 'x' })).toEqual(
      {
        id: 'p_3',
      },
    );
  });

  it('reads a record that says rejected, with its reason', async () => {
    expect(
      await sendWith(201, { id: 'p_4', moderation: { status: 'rejected', reason: 'Personal attack.' } })({
        kind: 'post',
        body: 'x',
      }),
    ).toEqual({ id: 'p_4', moderation: { state: 'rejected', reason: 'Personal attack.' } });
  });

  it('gives a reaction without an id none, never a made-up one', async () => {
    const react = { kind: 'reaction', postId: 'p_1', reaction: 'agree' } as const;
    expect(await sendWith(201, { post_id: 'p_1', kind: 'agree' })(react)).toEqual({});
    expect(await sendWith(204, undefined)(react)).toEqual({});
    expect(await sendWith(201, { id: 77 })(react)).toEqual({ id: '77' });
  });
});
