import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { sendMessage } from '@/lib/messages/send';
import { type MarksByPost, marksByPost, withPendingReaction } from './post-marks';

/**
 * The user's own writes per post, from the Outbox: listed again whenever `outboxTick` changes
 * (the background pushed an Outbox change). `markPending` shows a reaction as pending at once,
 * before the Outbox has it; answers of lists started before that are dropped so it does not flicker.
 */
export function usePostMarks(outboxTick: number) {
  const [marks, setMarks] = useState<MarksByPost>(() => new Map());
  const generation = useRef(0);
  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    const reply = await sendMessage('listOutbox');
    if (mine === generation.current && reply.ok) setMarks(marksByPost(reply.data.items));
  }, []);
  useEffect(() => {
    void refresh();
  }, [outboxTick, refresh]);
  const markPending = useCallback((postId: string, kind: string) => {
    generation.current += 1;
    setMarks((current) => withPendingReaction(current, postId, kind));
  }, []);
  return { marks, markPending, refresh };
}
