import { describe, expect, it, vi } from 'vitest';
import { MemoryOutboxStore } from '@/lib/queue/memory-store';
import { OutboxActionError } from '@/lib/queue/outbox-options';
import type { OutboxChange } from '@/lib/queue/records';
import { apiError, fakeTimersFrom, makeOutbox, settleMicrotasks } from './harness';

const ACC = 'https://api.example|key-1';
const START = Date.UTC(2026, 10, 22, 8, 0, 0);

fakeTimersFrom(START);

describe('enqueue', () => {
  it('acknowledges only after the store holds the item, and the drainer cannot see it before', async () => {
    const store = new MemoryOutboxStore();
    let releasePut: () => void = () => undefined;
    const realPut = store.putItem.bind(store);
    let held = true;
    vi.spyOn(store, 'putItem').mockImplementation(async (item) => {
      if (held) await new Promise<void>((resolve) => (releasePut = resolve));
      await realPut(item);
    });
    const { outbox, sender } = await makeOutbox({ store });

    let acknowledged = false;
    const enqueued = outbox.enqueue(ACC, { kind: 'post', body: 'hello' }).then((item) => {
      acknowledged = true;
      return item;
    });
    void outbox.drain();
    await settleMicrotasks();
    expect(acknowledged).toBe(false);
    expect(await store.listItems()).toEqual([]);
    expect(outbox.list()).toEqual([]);
    expect(sender.calls).toHaveLength(0);

    held = false;
    releasePut();
    const item = await enqueued;
    expect(acknowledged).toBe(true);
    expect(await store.getItem(item.id)).toMatchObject({ state: { status: 'queued' }, request: { body: 'hello' } });
  });

  it('gives items increasing sequence numbers, also after a restart', async () => {
    const { outbox, store } = await makeOutbox();
    const a = await outbox.enqueue(ACC, { kind: 'post', body: 'a' });
    const b = await outbox.enqueue('other', { kind: 'post', body: 'b' });
    expect(b.seq).toBeGreaterThan(a.seq);
    const { outbox: reopened } = await makeOutbox({ store });
    const c = await reopened.enqueue(ACC, { kind: 'post', body: 'c' });
    expect(c.seq).toBeGreaterThan(b.seq);
    expect(reopened.list().map((item) => item.seq)).toEqual([a.seq, b.seq, c.seq]);
  });

  it('refuses nothing the server should judge: an empty body is queued and the server says why', async () => {
    const { outbox } = await makeOutbox();
    const item = await outbox.enqueue(ACC, { kind: 'post', body: '' });
    expect(item.state).toEqual({ status: 'queued' });
  });
});

describe('coalescing equal reactions', () => {
  const reaction = { kind: 'reaction', postId: 'p_1', reaction: 'well_sourced' } as const;

  it('returns the pending item for an equal reaction instead of adding one', async () => {
    const { outbox, store } = await makeOutbox();
    const first = await outbox.enqueue(ACC, reaction);
    const second = await outbox.enqueue(ACC, { ...reaction });
    expect(second.id).toBe(first.id);
    expect(await store.listItems()).toHaveLength(1);
  });

  it('coalesces a double click: two concurrent enqueues make one item', async () => {
    const { outbox } = await makeOutbox();
    const [a, b] = await Promise.all([outbox.enqueue(ACC, reaction), outbox.enqueue(ACC, reaction)]);
    expect(a.id).toBe(b.id);
    expect(outbox.list()).toHaveLength(1);
  });

  it('coalesces while the reaction is waiting after a 429 or being sent', async () => {
    const { outbox, sender } = await makeOutbox();
    const first = await outbox.enqueue(ACC, reaction);
    void outbox.drain();
    await settleMicrotasks();
    expect(outbox.get(first.id)?.state.status).toBe('sending');
    expect((await outbox.enqueue(ACC, reaction)).id).toBe(first.id);
    sender.last().fail(apiError('rate_limited', { status: 429, retryAfterMs: 5_000 }));
    await settleMicrotasks();
    expect(outbox.get(first.id)?.state.status).toBe('waiting');
    expect((await outbox.enqueue(ACC, reaction)).id).toBe(first.id);
  });

  it('does not coalesce different posts, kinds, accounts, or a reaction already sent', async () => {
    const { outbox, sender } = await makeOutbox();
    const first = await outbox.enqueue(ACC, reaction);
    const otherPost = await outbox.enqueue(ACC, { ...reaction, postId: 'p_2' });
    const otherKind = await outbox.enqueue(ACC, { ...reaction, reaction: 'agree' });
    const otherAccount = await outbox.enqueue('other', reaction);
    expect(new Set([first.id, otherPost.id, otherKind.id, otherAccount.id]).size).toBe(4);

    void outbox.drain();
    await settleMicrotasks();
    sender.calls[0]?.succeed('r_1');
    await settleMicrotasks();
    expect(outbox.get(first.id)?.state).toMatchObject({ status: 'sent', id: 'r_1' });
    const again = await outbox.enqueue(ACC, reaction);
    expect(again.id).not.toBe(first.id);
  });

  it('never coalesces posts or comments: the same text twice is two writes', async () => {
    const { outbox } = await makeOutbox();
    const a = await outbox.enqueue(ACC, { kind: 'post', body: 'same' });
    const b = await outbox.enqueue(ACC, { kind: 'post', body: 'same' });
    expect(a.id).not.toBe(b.id);
  });
});

describe('user actions', () => {
  async function failedItem() {
    const setup = await makeOutbox();
    const item = await setup.outbox.enqueue(ACC, { kind: 'comment', postId: 'p_1', body: 'too long' });
    void setup.outbox.drain();
    await settleMicrotasks();
    setup.sender.last().fail(apiError('invalid', { status: 400, reason: 'body longer than 2,000 characters' }));
    await settleMicrotasks();
    return { ...setup, item };
  }

  it('edit and resend: a failed comment gets the new body, goes back to queued at the back', async () => {
    const { outbox, store, item } = await failedItem();
    const later = await outbox.enqueue(ACC, { kind: 'post', body: 'later' });
    const edited = await outbox.editAndResend(item.id, 'shorter');
    expect(edited.state).toEqual({ status: 'queued' });
    expect(edited.request).toEqual({ kind: 'comment', postId: 'p_1', body: 'shorter' });
    expect(edited.seq).toBeGreaterThan(later.seq);
    expect(edited.resends).toBe(1);
    expect(edited.lastError).toBeUndefined();
    expect(await store.getItem(item.id)).toEqual(edited);
  });

  it('send again: a failed item goes back to queued unchanged', async () => {
    const { outbox, item } = await failedItem();
    const again = await outbox.sendAgain(item.id);
    expect(again.state.status).toBe('queued');
    expect(again.request).toEqual(item.request);
  });

  it('discard removes a failed or queued item from the list and the store', async () => {
    const { outbox, store, item } = await failedItem();
    const queued = await outbox.enqueue(ACC, { kind: 'post', body: 'never mind' });
    await outbox.discard(item.id);
    await outbox.discard(queued.id);
    expect(outbox.list().map((i) => i.id)).not.toContain(item.id);
    expect(await store.getItem(item.id)).toBeUndefined();
    expect(await store.getItem(queued.id)).toBeUndefined();
  });

  it('refuses to discard an item being sent, to edit a non-failed item, to edit a reaction, and unknown ids', async () => {
    const { outbox } = await makeOutbox();
    const sending = await outbox.enqueue(ACC, { kind: 'post', body: 'in flight' });
    void outbox.drain();
    await settleMicrotasks();
    await expect(outbox.discard(sending.id)).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(outbox.editAndResend(sending.id, 'x')).rejects.toBeInstanceOf(OutboxActionError);
    await expect(outbox.sendAgain('missing')).rejects.toMatchObject({ code: 'not_found' });
    // Already pending: "send again" is a harmless no-op (a double click).
    expect((await outbox.sendAgain(sending.id)).id).toBe(sending.id);
  });

  it('refuses to edit a failed reaction (it has no text)', async () => {
    const { outbox, sender } = await makeOutbox();
    const item = await outbox.enqueue(ACC, { kind: 'reaction', postId: 'p_404', reaction: 'agree' });
    void outbox.drain();
    await settleMicrotasks();
    sender.last().fail(apiError('not_found', { status: 404 }));
    await settleMicrotasks();
    expect(outbox.get(item.id)?.state.status).toBe('failed');
    await expect(outbox.editAndResend(item.id, 'x')).rejects.toMatchObject({ code: 'not_allowed' });
  });
});

describe('pruneSent', () => {
  it('keeps the newest sent items and the young ones, forgets the rest; failed and pending ones stay', async () => {
    const { outbox, sender, store } = await makeOutbox();
    for (const body of ['old', 'new', 'newest', 'still queued']) await outbox.enqueue(ACC, { kind: 'post', body });
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_old');
    await vi.advanceTimersByTimeAsync(60_000);
    sender.last().succeed('p_new');
    await settleMicrotasks();
    sender.last().succeed('p_newest');
    await settleMicrotasks();
    sender.last().fail(apiError('invalid', { status: 400 }));
    await drained;

    // An hour later: "newest" kept by count, the two before it go (beyond the count).
    expect(await outbox.pruneSent({ keep: 1, maxAgeMs: 86_400_000 }, START + 3_700_000)).toBe(2);
    expect(outbox.list().map((item) => item.state.status)).toEqual(['sent', 'failed']);
    expect(await store.listItems()).toHaveLength(2);
    // Older than the age bound: goes whatever the count.
    expect(await outbox.pruneSent({ keep: 10, maxAgeMs: 3_600_000 }, START + 7_300_000)).toBe(1);
    expect(outbox.list().map((item) => item.state.status)).toEqual(['failed']);
  });

  it('never forgets a write sent within the last hour, whatever the bounds', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(ACC, { kind: 'post', body: 'just now' });
    const drained = outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_now');
    await drained;
    expect(await outbox.pruneSent({ keep: 0, maxAgeMs: 0 }, START + 60_000)).toBe(0);
    expect(await outbox.pruneSent({ keep: 0, maxAgeMs: 0 }, START + 3_700_000)).toBe(1);
  });

  it('bounds a history of 10,000 sent writes to the configured size', async () => {
    const store = new MemoryOutboxStore();
    const items = Array.from({ length: 10_000 }, (_, n) => ({
      id: `o_${n}`,
      account: ACC,
      seq: n + 1,
      request: { kind: 'post' as const, body: `Post ${n}` },
      state: { status: 'sent' as const, id: `p_${n}`, at: START - 30 * 86_400_000 + n * 1000 },
      createdAt: START,
      updatedAt: START,
      attempts: 1,
      resends: 0,
    }));
    for (const item of items) await store.putItem(item);
    const fresh = await makeOutbox({ store });
    expect(fresh.outbox.list()).toHaveLength(10_000);
    // All within the age bound: the count alone bounds them.
    expect(await fresh.outbox.pruneSent({ keep: 200, maxAgeMs: 60 * 86_400_000 }, START)).toBe(9_800);
    expect(fresh.outbox.list()).toHaveLength(200);
    // The newest 200 are the ones kept.
    expect(fresh.outbox.list()[0]?.id).toBe('o_9800');
  });
});

describe('subscribe and summary', () => {
  it('pushes every durable change and stops after unsubscribe', async () => {
    const { outbox, sender } = await makeOutbox();
    const changes: OutboxChange[] = [];
    const unsubscribe = outbox.subscribe((change) => changes.push(change));
    const item = await outbox.enqueue(ACC, { kind: 'post', body: 'x' });
    void outbox.drain();
    await settleMicrotasks();
    sender.last().succeed('p_1');
    await settleMicrotasks();
    const statuses = changes.flatMap((change) => (change.type === 'item' ? [change.item.state.status] : []));
    expect(statuses).toEqual(['queued', 'sending', 'sent']);
    unsubscribe();
    await outbox.discard(item.id);
    expect(changes.at(-1)).toMatchObject({ type: 'item' });
  });

  it('a throwing subscriber does not stop the queue', async () => {
    const { outbox } = await makeOutbox();
    outbox.subscribe(() => {
      throw new Error('port closed');
    });
    await expect(outbox.enqueue(ACC, { kind: 'post', body: 'x' })).resolves.toBeDefined();
  });

  it('counts states, names the worst one and the account pauses', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(ACC, { kind: 'post', body: 'bad' });
    await outbox.enqueue(ACC, { kind: 'post', body: 'limited' });
    await outbox.enqueue(ACC, { kind: 'post', body: 'behind' });
    expect(outbox.summary().worst).toBe('queued');
    void outbox.drain();
    await settleMicrotasks();
    sender.last().fail(apiError('invalid', { status: 400 }));
    await settleMicrotasks();
    sender.last().fail(apiError('rate_limited', { status: 429, retryAfterMs: 30_000 }));
    await settleMicrotasks();

    const summary = outbox.summary();
    expect(summary.counts).toEqual({
      queued: 1,
      sending: 0,
      sent: 0,
      waiting: 1,
      failed: 1,
      uncertain: 0,
      scheduled: 0,
    });
    expect(summary.pending).toBe(2);
    expect(summary.worst).toBe('failed');
    expect(summary.paused).toEqual([{ account: ACC, rateLimitedUntil: START + 30_000 }]);
    expect(summary.nextWakeAt).toBe(START + 30_000);
    expect(outbox.summary('someone else').counts.failed).toBe(0);
  });

  it('has no worst state and no wake-up when empty', async () => {
    const { outbox } = await makeOutbox();
    expect(outbox.summary()).toMatchObject({ worst: null, pending: 0, paused: [], nextWakeAt: null });
  });
});

describe('writes wait for the key of their own address', () => {
  it('sends nothing for an address without a key, plans no wake-up for it, and sends once its key is saved', async () => {
    const keyed = new Set(['https://new.example/']);
    const { outbox, sender } = await makeOutbox({ canSend: async (account) => keyed.has(account) });
    await outbox.enqueue('https://old.example/', { kind: 'post', body: 'queued for the old address' });
    await outbox.enqueue('https://new.example/', { kind: 'post', body: 'for the new address' });
    const pass = outbox.drain();
    await vi.waitFor(() => expect(sender.calls).toHaveLength(1));
    expect(sender.bodies()).toEqual(['for the new address']);
    sender.last().succeed('p_new');
    const { nextWakeAt, pending } = await pass;
    // The old address's write neither went out nor asks to be woken: it waits for its key (the
    // background's backstop alarm still looks again now and then, as writes are pending).
    expect(nextWakeAt).toBeNull();
    expect(pending).toBe(true);
    expect(outbox.waitingForKey()).toEqual(['https://old.example/']);
    expect(outbox.list('https://old.example/').map((item) => item.state.status)).toEqual(['queued']);

    keyed.add('https://old.example/');
    const again = outbox.drain();
    await vi.waitFor(() => expect(sender.calls).toHaveLength(2));
    expect(sender.last().item.account).toBe('https://old.example/');
    sender.last().succeed('p_old');
    expect(await again).toEqual({ nextWakeAt: null, pending: false });
    expect(outbox.waitingForKey()).toEqual([]);
  });
});
