import type { Contribution } from '@/lib/api/schemas';

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);

/** A timeline post as the API returns it (the sandbox's fields). */
export function post(n: number, change: Partial<Contribution> = {}): Contribution {
  return {
    id: `p_${n}`,
    type: 'post',
    body: `Post number ${n}`,
    author: { id: `acc_${n % 3}`, handle: `user${n % 3}`, displayName: `User ${n % 3}` },
    createdAt: new Date(NOW - n * 60_000).toISOString(),
    commentCount: n % 4,
    reactionCounts: { well_sourced: n % 5, agree: 0, insightful: 1 },
    url: `http://127.0.0.1:8787/posts/p_${n}`,
    ...change,
  };
}

/** Posts `from` .. `to` (inclusive), newest first. */
export function posts(from: number, to: number): Contribution[] {
  return Array.from({ length: to - from + 1 }, (_, i) => post(from + i));
}

/**
 * Gives every `.vlist` scroller a viewport height, as a browser's layout would (happy-dom has no
 * layout: every element is 0 px high). Returns the undo.
 */
export function withViewport(height: number): () => void {
  const proto = HTMLElement.prototype;
  const original = Object.getOwnPropertyDescriptor(proto, 'clientHeight');
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('vlist') ? height : 0;
    },
  });
  return () => {
    if (original) Object.defineProperty(proto, 'clientHeight', original);
  };
}

export { NOW };
