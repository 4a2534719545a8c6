import { describe, expect, it, vi } from 'vitest';
import { PAGE_HOURLY_CAP, PAGE_PENDING_CAP } from '@/lib/queue';
import { fakeTimersFrom, makeOutbox, settleMicrotasks } from './harness';

const A = 'https://api.example|acc-a';
const START = Date.UTC(2026, 10, 29, 8, 0, 0);
const SITE = 'https://news.example';
const reply = (n: number) => ({ kind: 'comment' as const, postId: 'p_1', body: `reply ${n}` });

fakeTimersFrom(START);

describe('caps on the writes of one site', () => {
  it('admits no more than the cap even when a page asks many times at once', async () => {
    const { outbox } = await makeOutbox();
    const asked = Array.from({ length: PAGE_PENDING_CAP + 5 }, (_, n) => outbox.enqueue(A, reply(n), { from: SITE }));
    const answers = await Promise.allSettled(asked);
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(PAGE_PENDING_CAP);
    const refused = answers.find((answer) => answer.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
      code: 'not_allowed',
      message: expect.stringContaining('still waiting'),
    });
    // Another site, and the extension's own pages, are not counted with it.
    await expect(outbox.enqueue(A, reply(99), { from: 'https://other.example' })).resolves.toBeDefined();
    await expect(outbox.enqueue(A, reply(100))).resolves.toBeDefined();
  });

  it('counts the writes of the last hour, sent ones too, and forgets them after the hour', async () => {
    const { outbox, sender } = await makeOutbox();
    for (let n = 0; n < PAGE_HOURLY_CAP; n += 1) {
      await outbox.enqueue(A, reply(n), { from: SITE });
      const drained = outbox.drain();
      await settleMicrotasks();
      sender.last().succeed(`p_${n}`);
      await drained;
    }
    expect(outbox.list().every((item) => item.state.status === 'sent')).toBe(true);
    await expect(outbox.enqueue(A, reply(60), { from: SITE })).rejects.toMatchObject({ message: /last hour/ });
    vi.setSystemTime(START + 3_600_001);
    await expect(outbox.enqueue(A, reply(61), { from: SITE })).resolves.toBeDefined();
  });
});
