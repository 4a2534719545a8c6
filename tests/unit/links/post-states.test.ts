import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostStates } from '@/entrypoints/link-bar.content/post-states';
import { sendLite } from '@/lib/messages/send-lite';

vi.mock('@/lib/messages/send-lite', () => ({ sendLite: vi.fn() }));

const queued = (postId: string) => ({
  postId,
  reactions: [{ kind: 'agree', status: 'queued' as const }],
  replies: { pending: 0, sent: 0, failed: 0, uncertain: 0 },
});

describe('post states', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(sendLite).mockImplementation(async (_name, ...args) => {
      const { postIds } = args[0] as { postIds: string[] };
      return { ok: true, data: { posts: postIds.map(queued) } } as never;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(sendLite).mockReset();
  });

  it('keeps one check pending per followed post, whatever answers come in between', async () => {
    const states = new PostStates(new AbortController().signal);
    states.follow('p1');
    // Another bar on the page asks about the same post while the follow-up check waits.
    states.request('p1');
    await vi.advanceTimersByTimeAsync(200);
    expect(vi.mocked(sendLite)).toHaveBeenCalledTimes(1);
    // One timer: the follow-up of p1 (the answer replaced the one `follow` set, it did not add one).
    expect(vi.getTimerCount()).toBe(1);
    // Over the next minute the checks go out one after another, never two at once.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(vi.getTimerCount()).toBe(1);
    // 0.5 s doubling to 15 s: 150 ms gather + 1 s + 2 s + 4 s + 8 s + 15 s + 15 s + 15 s… within 60 s.
    expect(vi.mocked(sendLite).mock.calls.length).toBeLessThanOrEqual(10);
  });
});
