import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostStates } from '@/entrypoints/link-bar/post-states';
import type { PostStateView } from '@/lib/messages/post-writes';

/** The ports the content script opened, as the background would see them. */
const ports = vi.hoisted(() => [] as FakePort[]);
interface FakePort {
  name: string;
  said: unknown[];
  disconnected: boolean;
  tell(message: unknown): void;
  close(): void;
}
vi.mock('wxt/browser', () => ({
  browser: {
    runtime: {
      connect: ({ name }: { name: string }) => {
        const onMessage = new Set<(message: unknown) => void>();
        const onDisconnect = new Set<() => void>();
        const port: FakePort = {
          name,
          said: [],
          disconnected: false,
          tell: (message) => {
            for (const listener of onMessage) listener(message);
          },
          close: () => {
            port.disconnected = true;
            for (const listener of onDisconnect) listener();
          },
        };
        ports.push(port);
        return {
          postMessage: (message: unknown) => {
            if (port.disconnected) throw new Error('disconnected');
            port.said.push(message);
          },
          disconnect: () => {
            port.disconnected = true;
          },
          onMessage: { addListener: (listener: (message: unknown) => void) => onMessage.add(listener) },
          onDisconnect: { addListener: (listener: () => void) => onDisconnect.add(listener) },
        };
      },
    },
  },
}));

const state = (postId: string, status?: 'queued' | 'sent'): PostStateView => ({
  postId,
  reactions: status === undefined ? [] : [{ kind: 'agree', status }],
  replies: { pending: 0, sent: 0, failed: 0, uncertain: 0 },
});

describe('post states: bars follow their posts over one port per frame', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    ports.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens no port before a bar asks, then names the posts of bars that came together in one message', async () => {
    const states = new PostStates(new AbortController().signal);
    expect(ports).toHaveLength(0);
    states.watch('p1', () => undefined);
    states.request('p1');
    states.request('p2');
    await vi.advanceTimersByTimeAsync(200);
    expect(ports.map((port) => [port.name, port.said])).toEqual([['post-states', [{ watch: ['p1', 'p2'] }]]]);
  });

  it('counts the news of each post, so a write acknowledged after its news is not drawn over it', async () => {
    const states = new PostStates(new AbortController().signal);
    states.watch('p1', () => undefined);
    states.request('p1');
    await vi.advanceTimersByTimeAsync(200);
    const [port] = ports;
    const asked = states.heard('p1');
    expect(asked).toBe(0);
    // The push of the write (already sent) overtakes the reply that acknowledges it.
    port?.tell({ posts: [state('p1', 'sent')] });
    port?.tell({ posts: [state('p1', 'sent')] });
    expect(states.heard('p1')).toBe(1);
    expect(states.heard('p2')).toBe(0);
  });

  it('tells a bar only about news: a post without writes draws nothing, a change draws once', async () => {
    const states = new PostStates(new AbortController().signal);
    const seen: PostStateView[] = [];
    states.watch('p1', (told) => seen.push(told));
    states.request('p1');
    await vi.advanceTimersByTimeAsync(200);
    const [port] = ports;
    port?.tell({ posts: [state('p1')] });
    expect(seen).toEqual([]);
    port?.tell({ posts: [state('p1', 'queued')] });
    port?.tell({ posts: [state('p1', 'queued')] });
    port?.tell({ posts: [state('p1', 'sent')] });
    expect(seen.map((told) => told.reactions[0]?.status)).toEqual(['queued', 'sent']);
    // Odd messages are ignored.
    port?.tell(null);
    port?.tell({ posts: 'x' });
    port?.tell({ posts: [{}] });
    expect(seen).toHaveLength(2);
  });

  it('closes the port when the page has no bars left', async () => {
    const states = new PostStates(new AbortController().signal);
    const unwatch = states.watch('p1', () => undefined);
    states.request('p1');
    await vi.advanceTimersByTimeAsync(200);
    unwatch();
    expect(ports[0]?.disconnected).toBe(true);
  });

  it('connects again at once when the worker stops while a write is on its way, else only when needed', async () => {
    const states = new PostStates(new AbortController().signal);
    states.watch('p1', () => undefined);
    states.watch('p2', () => undefined);
    states.request('p1');
    states.request('p2');
    await vi.advanceTimersByTimeAsync(200);
    ports[0]?.tell({ posts: [state('p1', 'queued')] });
    ports[0]?.close();
    await vi.advanceTimersByTimeAsync(600);
    expect(ports).toHaveLength(2);
    expect(ports[1]?.said).toEqual([{ watch: ['p1', 'p2'] }]);

    // Settled: a stopped worker is left alone until the next action.
    ports[1]?.tell({ posts: [state('p1', 'sent')] });
    ports[1]?.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ports).toHaveLength(2);
    states.follow('p1');
    expect(ports).toHaveLength(3);
    expect(ports[2]?.said).toEqual([{ watch: ['p1', 'p2'] }]);
  });

  it('sends nothing once its page is gone', async () => {
    const controller = new AbortController();
    const states = new PostStates(controller.signal);
    states.watch('p1', () => undefined);
    states.request('p1');
    controller.abort();
    await vi.advanceTimersByTimeAsync(200);
    expect(ports).toHaveLength(0);
  });
});
