import { describe, expect, it, vi } from 'vitest';
import { fakeTimersFrom, makeOutbox, settleMicrotasks } from './harness';

const A = 'https://api.example|acc-a';
const START = Date.UTC(2026, 10, 29, 8, 0, 0);
const SITE = 'https://news.example';
const reaction = { kind: 'reaction' as const, postId: 'p_1', reaction: 'agree' };

fakeTimersFrom(START);

describe('Undo of a held reaction', () => {
  it('removes it for the site that made it, in its window only', async () => {
    const { outbox } = await makeOutbox();
    await outbox.enqueue(A, reaction, { holdUntil: START + 5_000, from: SITE });
    // Another page may not undo it, nor a different reaction, nor another post's.
    expect(await outbox.undoHeldReaction('p_1', 'agree', 'https://other.example')).toBe(false);
    expect(await outbox.undoHeldReaction('p_1', 'disagree', SITE)).toBe(false);
    expect(await outbox.undoHeldReaction('p_2', 'agree', SITE)).toBe(false);
    expect(outbox.list()).toHaveLength(1);
    expect(await outbox.undoHeldReaction('p_1', 'agree', SITE)).toBe(true);
    expect(outbox.list()).toHaveLength(0);
  });

  it('is too late once the window has passed or the write is on its way', async () => {
    const { outbox, sender } = await makeOutbox();
    await outbox.enqueue(A, reaction, { holdUntil: START + 5_000, from: SITE });
    await vi.advanceTimersByTimeAsync(5_001);
    expect(await outbox.undoHeldReaction('p_1', 'agree', SITE)).toBe(false);
    void outbox.drain();
    await settleMicrotasks();
    expect(sender.calls).toHaveLength(1);
    expect(await outbox.undoHeldReaction('p_1', 'agree', SITE)).toBe(false);
    expect(outbox.list()[0]?.state.status).toBe('sending');
  });
});
