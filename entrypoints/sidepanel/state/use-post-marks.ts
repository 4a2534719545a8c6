import { useCallback, useMemo, useState } from 'preact/hooks';
import { type PostStateView, postStates, reactionViews, withMyWrite } from '@/lib/messages/post-writes';
import { useOutbox } from '@/lib/ui/page-store';
import { landedReactions } from '@/lib/ui/reaction-counts';

/** A reaction shown as pending at once, before the Outbox's push has it. */
const key = (postId: string, kind: string) => `${postId}\n${kind}`;

/**
 * The user's own writes per post, from the page's store (the one model, lib/messages/post-writes).
 * `markPending` shows a reaction as pending at once; the store's own item for it takes over as
 * soon as the push brings it, and `unmarkPending` takes it back when the write was refused.
 */
export function usePostMarks() {
  const outbox = useOutbox();
  const [optimistic, setOptimistic] = useState<ReadonlySet<string>>(() => new Set());
  const marks = useMemo(() => {
    const states = postStates(outbox?.items ?? [], Date.now());
    for (const entry of optimistic) {
      const [postId = '', kind = ''] = entry.split('\n');
      if (!reactionViews(states.get(postId)).has(kind))
        states.set(postId, withMyWrite(states.get(postId), postId, { kind, status: 'queued' }));
    }
    return states as ReadonlyMap<string, PostStateView>;
  }, [outbox, optimistic]);
  const markPending = useCallback((postId: string, kind: string) => {
    setOptimistic((current) => new Set(current).add(key(postId, kind)));
  }, []);
  const unmarkPending = useCallback((postId: string, kind: string) => {
    setOptimistic((current) => {
      const next = new Set(current);
      next.delete(key(postId, kind));
      return next;
    });
  }, []);
  // The user's reactions the platform took: counted once in each post's count (reaction-counts.ts).
  const landed = useMemo(() => landedReactions(outbox?.items ?? []), [outbox]);
  return { marks, markPending, unmarkPending, landed };
}
